/**
 * The image suite: the Dockerfile built by buildah (scripts/image.mjs, run by `npm test` before this suite) and
 * run with `buildah run --isolation chroot`, which shares the host's network, against the reference upstream
 * started on the host. What ops rely on: the labels and the HEALTHCHECK are in the image, the runtime holds no
 * compiler, the server runs unprivileged, answers /health and renders a page, and on SIGTERM finishes the request
 * in flight before it exits.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer, request } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRequest } from "../fixtures/http";
import {
  SITE_IMAGE,
  buildah,
  buildahEnv,
  buildahFlags,
  capture,
} from "../../scripts/image.mjs";
import { freePort, startUpstream } from "../../scripts/processes.mjs";

interface ImageInfo {
  OCIv1: {
    config: { User?: string; Cmd?: string[]; Labels?: Record<string, string> };
  };
  Docker: { config: { Healthcheck?: { Test?: string[] } } };
}

let info: ImageInfo;
let container: string;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let gate: Gate;
let site: { child: ChildProcess; port: number; lines: string[] };

/**
 * In front of the reference upstream: passes calls through, or, once `hold()` is called, keeps each call waiting
 * until `release()`, so a test knows a page's request is in flight.
 */
interface Gate {
  url: string;
  hold(): Promise<void>;
  release(): void;
  close(): void;
}

function startGate(target: string, port: number): Promise<Gate> {
  let holding: { arrived: () => void; released: Promise<void> } | null = null;
  let release = () => {};
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstreamReq = request(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstreamReq.on("error", () => res.destroy());
    req.pipe(upstreamReq);
  };
  const server: Server = createServer((req, res) => {
    if (!holding) return forward(req, res);
    holding.arrived();
    void holding.released.then(() => forward(req, res));
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        hold: () =>
          new Promise<void>((arrived) => {
            const released = new Promise<void>((done) => (release = done));
            holding = { arrived, released };
          }),
        release: () => {
          holding = null;
          release();
        },
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

/** Runs a command in the image (as its user, in its working directory); resolves with its stdout. */
function inImage(...command: string[]): Promise<string> {
  return buildah(["run", "--isolation", "chroot", container, "--", ...command]);
}

/**
 * The server's process as the host sees it (chroot isolation shares the process table): what `docker stop` signals
 * is the container's main process, while signalling `buildah run` itself would kill it outright.
 */
function serverPid(port: number): number {
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (argv[0]!.endsWith("/node") && environ.includes(`PORT=${port}`))
        return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no server process for port ${port}`);
}

/** Starts the image's own command in a container; resolves once /health answers. */
async function startSite(env: Record<string, string>) {
  const port = await freePort();
  const settings = {
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "image-suite-session-secret-0123456789",
    MAINTENANCE: "false",
    SITE_CACHE_SECONDS: "0",
    ...env,
  };
  const child = spawn(
    "buildah",
    [
      ...buildahFlags,
      "run",
      "--isolation",
      "chroot",
      ...Object.entries(settings).flatMap(([name, value]) => [
        "--env",
        `${name}=${value}`,
      ]),
      container,
      "--",
      ...info.OCIv1.config.Cmd!,
    ],
    { stdio: ["ignore", "pipe", "inherit"], env: buildahEnv() },
  );
  const lines: string[] = [];
  let buffered = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split("\n");
    buffered = complete.pop()!;
    lines.push(...complete);
  });
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the site exited (${child.exitCode})`);
    const answer = await sendRequest(port, {
      path: "/health",
      headers: { host: `localhost:${port}` },
    }).catch(() => null);
    if (answer?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port, lines };
}

beforeAll(async () => {
  info = JSON.parse(
    await buildah(["inspect", "--type", "image", SITE_IMAGE]),
  ) as ImageInfo;
  container = await buildah(["from", "--pull=false", SITE_IMAGE]);
  upstream = await startUpstream({
    port: await freePort(),
  });
  gate = await startGate(upstream.url, await freePort());
  site = await startSite({
    UPSTREAM_URL: gate.url,
    UPSTREAM_API_KEY: "demo-api-key",
  });
}, 240_000);

afterAll(async () => {
  gate?.release();
  if (site && site.child.exitCode === null)
    process.kill(serverPid(site.port), "SIGKILL");
  gate?.close();
  await upstream?.stop();
  if (container) await buildah(["rm", container]).catch(() => {});
});

describe("the image", () => {
  it("carries its labels and, in Docker format, its health check", async () => {
    const labels = info.OCIv1.config.Labels ?? {};
    // The commit the image was built from (one of this repository's).
    const revision = labels["org.opencontainers.image.revision"] ?? "";
    expect(revision).toMatch(/^[0-9a-f]{40}$/);
    await capture("git", ["cat-file", "-e", `${revision}^{commit}`]);
    expect(labels["org.opencontainers.image.version"]).toBe("image-suite");
    expect(labels["org.opencontainers.image.source"]).toMatch(/^https:/);
    expect(labels["org.opencontainers.image.created"]).toMatch(/^\d{4}-/);
    expect(info.Docker.config.Healthcheck?.Test?.join(" ")).toContain(
      "/health",
    );
  });

  it("holds production code only: no compiler, no type packages", async () => {
    // Every installed package's name, scoped ones included (npm may leave an empty @types folder).
    const packages = JSON.parse(
      await inImage(
        "node",
        "-e",
        `const { readdirSync } = require("fs");
         const names = readdirSync("node_modules").flatMap((name) =>
           name.startsWith("@") ? readdirSync("node_modules/" + name).map((inner) => name + "/" + inner) : [name]);
         process.stdout.write(JSON.stringify(names));`,
      ),
    ) as string[];
    expect(packages).toContain("react-router");
    expect(packages).toContain("@sentry/node-core");
    expect(packages).not.toContain("typescript");
    expect(packages.filter((name) => name.startsWith("@types/"))).toEqual([]);
  });

  it("runs as the unprivileged node user", async () => {
    expect(info.OCIv1.config.User).toBe("node");
    expect(await inImage("id", "-un")).toBe("node");
    expect(await inImage("id", "-u")).not.toBe("0");
  });
});

describe("the site in the image", () => {
  it("answers /health and renders a page from the reference upstream", async () => {
    const health = await sendRequest(site.port, {
      path: "/health",
      headers: { host: `localhost:${site.port}` },
    });
    expect(health.status).toBe(200);
    const home = await sendRequest(site.port, {
      path: "/",
      headers: { host: `localhost:${site.port}` },
    });
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toMatch(/^text\/html/);
    expect(home.text).toContain("Evenementen");
  });

  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    const held = gate.hold();
    const page = sendRequest(site.port, {
      path: "/",
      headers: { host: `localhost:${site.port}` },
    });
    await held;
    const exited = new Promise<number | null>((resolve) =>
      site.child.once("exit", (code) => resolve(code)),
    );
    process.kill(serverPid(site.port), "SIGTERM");
    // The server has begun to stop (it logs so) while the page still waits for the upstream.
    while (!site.lines.some((line) => line.includes('"stopping"')))
      await new Promise((resolve) => setTimeout(resolve, 50));
    gate.release();
    expect((await page).status).toBe(200);
    expect(await exited).toBe(0);
    expect(site.lines.some((line) => line.includes('"stopped"'))).toBe(true);
    expect(site.lines.some((line) => line.includes("cut at shutdown"))).toBe(
      false,
    );
  });

  it("on SIGTERM cuts a request that outlasts SHUTDOWN_TIMEOUT_SECONDS, and logs it", async () => {
    const impatient = await startSite({
      UPSTREAM_URL: gate.url,
      UPSTREAM_API_KEY: "demo-api-key",
      SHUTDOWN_TIMEOUT_SECONDS: "1",
    });
    const held = gate.hold();
    const page = sendRequest(impatient.port, {
      path: "/?visitor=private",
      headers: { host: `localhost:${impatient.port}` },
    }).then(
      () => "answered",
      () => "cut",
    );
    await held;
    const exited = new Promise<number | null>((resolve) =>
      impatient.child.once("exit", (code) => resolve(code)),
    );
    process.kill(serverPid(impatient.port), "SIGTERM");
    expect(await page).toBe("cut");
    expect(await exited).toBe(0);
    gate.release();
    const cut = impatient.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.message === "request cut at shutdown");
    expect(cut).toEqual([
      expect.objectContaining({ method: "GET", path: "/" }),
    ]);
  });
});
