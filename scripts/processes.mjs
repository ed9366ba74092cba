// Starting and stopping the site's processes, shared by the start script and the test runner.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const bin = (name) => `${root}node_modules/.bin/${name}`;

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx, or fails after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 60_000, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(
        `process exited (${child.exitCode}) before ${url} answered`,
      );
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the reference upstream (upstream/) and resolves once it is healthy. */
export async function startUpstream({ port, db, reset = false, env = {} }) {
  const args = ["upstream/main.ts", ...(reset ? ["--reset"] : [])];
  const child = spawn(bin("tsx"), args, {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      UPSTREAM_PORT: String(port),
      UPSTREAM_DB: db,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, 60_000, child);
  return { url, child };
}

/** Arguments for node that load the error-reporting setup before the server, when the file exists. */
export function instrumentArgs() {
  return existsSync(`${root}instrument.server.mjs`)
    ? ["--import", "./instrument.server.mjs"]
    : [];
}

/** Runs a command to completion; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: "inherit",
      ...options,
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
