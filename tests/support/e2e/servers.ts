/**
 * Extra servers for tests that need a configuration of their own (maintenance on, a bypass address) or an
 * upstream they can stop and start again. The suite's shared servers are started by playwright.config.ts.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopChild } from "../../../scripts/processes.mjs";
import {
  E2E_SERVER_ENV,
  E2E_SESSION_SECRET,
  UPSTREAM_URL,
} from "../../../playwright.config";

export interface RunningServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

export interface RunningUpstream extends RunningServer {
  /** The upstream's database file, to start it again with the same data. */
  db: string;
}

const START_TIMEOUT_MS = 20_000;

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

function launch(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(
    `server not healthy at ${url} within ${START_TIMEOUT_MS} ms:\n${output()}`,
  );
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () => stopChild(child);
}

/**
 * The production build (`npm run build` first) with the suite's settings plus `env`. It listens on 127.0.0.1
 * only, so the browser's address as the app sees it is 127.0.0.1 (for the maintenance bypass).
 */
export async function startAppServer(
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  // Error reporting is set up before the app loads, as in the Dockerfile and scripts/start.mjs; it stays off
  // unless `env` sets SENTRY_DSN.
  const { child, output } = launch(
    ["--import", "./instrument.server.mjs", "build/server/index.js"],
    {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      UPSTREAM_URL,
      SESSION_SECRET: E2E_SESSION_SECRET,
      MAINTENANCE: "false",
      ...E2E_SERVER_ENV,
      ...env,
    },
  );
  await waitUntilHealthy(`http://127.0.0.1:${port}/health`, child, output);
  return { url: `http://localhost:${port}`, port, stop: stopper(child) };
}

/**
 * A folder in the temp folder, removed when the test process exits (after the tests' own teardown has stopped
 * what used it); a database in it outlives a stopped upstream, for the one started again.
 */
function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "e2e-upstream-"));
  process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * A reference upstream of its own. Without `port` and `db` it gets a free port and a fresh, seeded database;
 * pass those of a stopped one to start it again where it was.
 */
export async function startUpstream(
  options: { port?: number; db?: string; appUrlTemplate?: string } = {},
): Promise<RunningUpstream> {
  const port = options.port ?? (await freePort());
  const db = options.db ?? join(temporaryFolder(), "upstream.sqlite");
  const args = ["--import", "tsx", "reference-upstream/main.ts"];
  if (!options.db) args.push("--reset");
  const { child, output } = launch(args, {
    UPSTREAM_PORT: String(port),
    UPSTREAM_DB: db,
    ...(options.appUrlTemplate
      ? { SITE_URL_TEMPLATE: options.appUrlTemplate }
      : {}),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(`${url}/health`, child, output);
  return { url, port, db, stop: stopper(child) };
}
