// `npm test`: typecheck, lint, unit tests, production build, the fault, fuzz, rush and cluster suites, the contract
// suite against the reference upstream (with and without the waiting list), the page weight budget, the upstream call
// budget, the end-to-end suite (JavaScript on and off) and the proxy suite (behind nginx with TLS), the fleet suite
// (three replicas behind nginx with Redis), and the
// image suite (the Dockerfile built and run with buildah), which runs beside the others from the start. Stops at the
// first failing step.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { join } from "node:path";
import { IMAGE_DIR } from "./image.mjs";
import { bin, freePort, root, run, startUpstream } from "./processes.mjs";

const steps = [];
// Which Node the suites run on (CI installs the one .node-version names, decision 0047).
console.log(`Node ${process.version} (${process.execPath})`);

// The image suite spends most of its minutes waiting on Debian's mirror and the npm registry (a base image, then
// the Dockerfile's installs): it starts now, beside the other steps, its output kept in IMAGE_DIR/suite.log, and the
// last step waits for it and shows that output.
mkdirSync(IMAGE_DIR, { recursive: true });
const imageLog = join(IMAGE_DIR, "suite.log");
const imageOutput = openSync(imageLog, "w");
const imageStarted = Date.now();
const imageSuite = spawn(process.execPath, ["scripts/image.mjs", "--test"], {
  cwd: root,
  detached: true,
  stdio: ["ignore", imageOutput, imageOutput],
});
// At a lower priority (its children inherit it): the other steps have timed tests, and it mostly waits anyway.
setPriority(imageSuite.pid, 10);
const imageDone = new Promise((resolve) =>
  imageSuite.on("exit", (code, signal) => {
    console.log(
      `(image suite done in the background after ${((Date.now() - imageStarted) / 1000).toFixed(0)} s)`,
    );
    resolve(code ?? (signal ? 1 : 0));
  }),
);
// A failed step ends the run: the image suite with it (its whole process group: buildah, debootstrap, npm).
process.on("exit", () => {
  if (imageSuite.exitCode !== null || imageSuite.signalCode !== null) return;
  try {
    process.kill(-imageSuite.pid, "SIGTERM");
  } catch {
    // already gone
  }
});

async function step(name, fn) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await fn();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push(`${code === 0 ? "✔" : "✘"} ${name} (${seconds} s)`);
  if (code !== 0) {
    console.error(`\n✘ ${name} failed (exit ${code})`);
    console.log(steps.join("\n"));
    process.exit(code);
  }
}

/**
 * Debian's Chromium (its headless shell or the full browser), or a browser Playwright installed itself; installs
 * Debian's headless shell when none is there.
 */
async function ensureChromium() {
  const debian = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
  if (process.env.CHROMIUM_PATH || debian.some((path) => existsSync(path)))
    return 0;
  const { chromium } = await import("@playwright/test");
  if (existsSync(chromium.executablePath())) return 0;
  if (process.getuid?.() === 0) {
    console.log("Installing Chromium's headless shell from apt…");
    const updated = await run("apt-get", ["update", "-qq"]);
    if (updated !== 0) return updated;
    return run("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  console.log("No Chromium found: installing Playwright's own browser…");
  return run(bin("playwright"), ["install", "chromium"]);
}

/**
 * w3m for the markup suite's second reading of each page as text (decision 0062): installed from apt when the run
 * is root and it is missing. Never a failure: without it the suite reads the pages with its own reading only.
 */
async function ensureW3m() {
  if (["/usr/bin/w3m", "/usr/local/bin/w3m"].some((path) => existsSync(path)))
    return 0;
  if (process.getuid?.() !== 0) {
    console.log(
      "w3m is not installed (apt-get install w3m): the markup suite reads pages without it",
    );
    return 0;
  }
  console.log("Installing w3m from apt…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if ((await run("apt-get", ["install", "-y", "-qq", "w3m"], { env })) === 0)
    return 0;
  await run("apt-get", ["update", "-qq"], { env });
  if ((await run("apt-get", ["install", "-y", "-qq", "w3m"], { env })) !== 0)
    console.log(
      "w3m could not be installed: the markup suite reads pages without it",
    );
  return 0;
}

// Side by side: each of them keeps one core busy, and neither reads what the other writes (the lint is not
// type-aware; typegen's files are for tsc).
await step("typecheck and lint, side by side", async () => {
  const codes = await Promise.all([
    run("npm", ["run", "typecheck"]),
    run("npm", ["run", "lint"]),
  ]);
  return codes.find((code) => code !== 0) ?? 0;
});
await step("unit tests", () => run(bin("vitest"), ["run"]));
await step("build", () => run("npm", ["run", "build"]));
await step(
  "fault, fuzz, rush and cluster suites (production build, no browser)",
  () => run(bin("vitest"), ["run", "--project", "robustness"]),
);
// Both kinds of upstream the contract allows (decision 0023), in parallel: the whole suite with the waiting list, and
// its waiting-list file without it (nothing else in the suite depends on the list).
await step(
  "contract suite (reference upstream, with and without the waiting list)",
  async () => {
    const kinds = [
      { name: "offered", env: {}, files: [] },
      {
        name: "absent",
        env: { UPSTREAM_WAITLIST: "0" },
        files: ["tests/contract/waitlist.test.ts"],
      },
    ];
    const codes = await Promise.all(
      kinds.map(async (kind) => {
        const upstream = await startUpstream({
          port: await freePort(),
          env: kind.env,
        });
        try {
          return await run(
            bin("vitest"),
            ["run", "--project", "contract", ...kind.files],
            {
              env: {
                ...process.env,
                UPSTREAM_URL: upstream.url,
                CONTRACT_WRITE: "true",
                CONTRACT_MAILBOX_URL: `${upstream.url}/dev/mailbox.json`,
                CONTRACT_WAITLIST: kind.name,
              },
            },
          );
        } finally {
          await upstream.stop();
        }
      }),
    );
    return codes.find((code) => code !== 0) ?? 0;
  },
);
await step("chromium", ensureChromium);
await step("w3m", ensureW3m);
// What each page makes a phone download to run, against the page budget (decision 0069): over it, the run fails.
await step("page weight (bench:bundle on the build)", () =>
  run(bin("tsx"), ["scripts/bench-bundle.ts"]),
);
// The upstream calls of one registration, without and with JavaScript, against each step's budget: over one, the run
// fails (scripts/bench-upstream.ts; counts only, at no added latency).
await step("upstream calls (bench:upstream --check on the build)", () =>
  run(bin("tsx"), ["scripts/bench-upstream.ts", "--check"]),
);
await step("end-to-end (JavaScript on and off)", () =>
  run(bin("playwright"), ["test"]),
);

await step("proxy suite (nginx with TLS in front)", async () => {
  const nginx = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"];
  if (!nginx.some((path) => path && existsSync(path))) {
    console.log(
      "nginx is not installed (apt-get install nginx): proxy suite SKIPPED",
    );
    return 0;
  }
  return run(bin("playwright"), [
    "test",
    "--config",
    "playwright.proxy.config.ts",
  ]);
});

await step(
  "fleet suite (three replicas behind nginx, Redis, a rolling restart)",
  async () => {
    const nginx = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"];
    if (
      !nginx.some((path) => path && existsSync(path)) ||
      !existsSync("/usr/bin/redis-server")
    ) {
      console.log(
        "nginx or redis-server is not installed (apt-get install nginx redis-server): fleet suite SKIPPED",
      );
      return 0;
    }
    return run(bin("vitest"), ["run", "--project", "fleet"]);
  },
);

await step("image suite (buildah: the Dockerfile built and run)", async () => {
  const code = await imageDone;
  process.stdout.write(readFileSync(imageLog, "utf8"));
  return code;
});

console.log(`\n${steps.join("\n")}`);
