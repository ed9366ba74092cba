// `npm test`: typecheck, lint, unit tests, production build, the fault and fuzz suites, the contract suite against
// the reference upstream (with and without the waiting list), the end-to-end suite (JavaScript on and off) and the
// proxy suite (behind nginx with TLS) and the fleet suite (three replicas behind nginx with Redis). Stops at the
// first failing step.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, freePort, run, startUpstream } from "./processes.mjs";

const steps = [];

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

await step("typecheck", () => run("npm", ["run", "typecheck"]));
await step("lint", () => run("npm", ["run", "lint"]));
await step("unit tests", () => run(bin("vitest"), ["run"]));
await step("build", () => run("npm", ["run", "build"]));
await step("fault, fuzz and rush suites (production build, no browser)", () =>
  run(bin("vitest"), ["run", "--config", "vitest.robustness.config.ts"]),
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
          db: join(tmpdir(), `contract-${kind.name}-${process.pid}.sqlite`),
          reset: true,
          env: kind.env,
        });
        try {
          return await run(
            bin("vitest"),
            ["run", "--config", "vitest.contract.config.ts", ...kind.files],
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
          upstream.child.kill("SIGTERM");
        }
      }),
    );
    return codes.find((code) => code !== 0) ?? 0;
  },
);
await step("chromium", ensureChromium);
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
    return run(bin("vitest"), ["run", "--config", "vitest.fleet.config.ts"]);
  },
);

console.log(`\n${steps.join("\n")}`);
