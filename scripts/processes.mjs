// Starting and stopping the site's processes, shared by the start script and the test runner.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/**
 * One log line as the site's server writes them (a JSON object: time, level, message and fields), so what `npm
 * start` prints around the site (the demo upstream stopping and starting again) is JSON like the rest.
 */
export function logLine(message, fields = {}, stream = process.stderr) {
  stream.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "warn", message, ...fields })}\n`,
  );
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

/** Stops a child process with SIGTERM (SIGKILL after 5 s); resolves once it has exited. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Starts the reference upstream (reference-upstream/) and resolves once it is healthy. Without `db` it gets a
 * fresh, seeded database in a folder of its own, which `stop()` removes (a test or benchmark leaves nothing in
 * the temp folder). `stop()` resolves once the process has exited.
 */
export async function startUpstream({ port, db, reset = false, env = {} }) {
  const folder = db ? null : mkdtempSync(join(tmpdir(), "upstream-"));
  const file = db ?? join(folder, "upstream.sqlite");
  const args = [
    "reference-upstream/main.ts",
    ...(reset || !db ? ["--reset"] : []),
  ];
  const child = spawn(bin("tsx"), args, {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      UPSTREAM_PORT: String(port),
      UPSTREAM_DB: file,
      ...env,
    },
  });
  const stop = async () => {
    await stopChild(child);
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/health`, 60_000, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, db: file, stop };
}

/** Arguments for node that load the error-reporting setup before the server, when the file exists. */
export function instrumentArgs() {
  return existsSync(`${root}instrument.server.mjs`)
    ? ["--import", "./instrument.server.mjs"]
    : [];
}

/** Arguments for node that start the production server (`npm run build` first), with error reporting. */
export function serverArgs() {
  return [...instrumentArgs(), "./build/server/index.js"];
}

/**
 * Keeps a child process running. `start()` starts it and resolves with the child once it is ready; whenever the
 * child exits without `stop()`, it is started again after a pause that doubles from `minDelayMs` to `maxDelayMs`
 * (back to the minimum after a run that lasted `stableMs`). The first start's failure is the caller's to handle.
 */
export function supervise(
  start,
  {
    name,
    minDelayMs = 500,
    maxDelayMs = 30_000,
    stableMs = 60_000,
    log = (message) => logLine(message),
  },
) {
  let stopped = false;
  let child = null;
  let timer = null;
  let delay = minDelayMs;

  const watch = (started) => {
    child.once("exit", (code, signal) => {
      if (stopped) return;
      if (Date.now() - started >= stableMs) delay = minDelayMs;
      log(
        `${name} stopped (${signal ?? `exit ${code}`}); starting it again in ${delay} ms`,
      );
      again();
    });
  };
  const again = () => {
    timer = setTimeout(async () => {
      const started = Date.now();
      try {
        child = await start();
        if (stopped) child.kill("SIGTERM");
        else watch(started);
      } catch (error) {
        log(`${name} did not start: ${error.message}`);
        if (!stopped) again();
      }
    }, delay);
    delay = Math.min(delay * 2, maxDelayMs);
  };
  const ready = start().then((first) => {
    child = first;
    watch(Date.now());
    return first;
  });
  return {
    ready,
    get child() {
      return child;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (child && child.exitCode === null) child.kill("SIGTERM");
    },
  };
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
