/**
 * The servers a benchmark drives: the reference upstream with a fresh database file and the production build
 * (`npm run build` first), both on free loopback ports, as `npm start` would run them.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import {
  freePort,
  root,
  serverArgs,
  startUpstream,
  waitFor,
} from "./processes.mjs";

/** Every rate limit off (server/rate-limits.ts): a benchmark's load comes from one address. */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_POSTS: "0",
  RATE_LIMIT_MESSAGES: "0",
  RATE_LIMIT_VISITOR_POSTS: "0",
  RATE_LIMIT_VISITOR_MESSAGES: "0",
  RATE_LIMIT_LOOKUPS: "0",
  RATE_LIMIT_REPORTS: "0",
};

export interface BenchServers {
  appUrl: string;
  /** The web app's process, e.g. to read its memory. */
  app: ChildProcess;
  upstreamUrl: string;
  /** The upstream's SQLite file, to count what it stored. */
  upstreamDb: string;
  /** The web app's resident memory in MB (Linux), or null where /proc is not there. */
  rssMb(): number | null;
  /** CPU time (ms) used so far by the web app and by the upstream, each with its child processes. */
  cpuMs(): { app: number; upstream: number };
  stop(): void;
}

/** The Accept-Encoding of Chrome (and Edge, Firefox), and of Safari: what a page is asked with by a browser. */
export const BROWSER_ENCODINGS = {
  chrome: "gzip, deflate, br, zstd",
  safari: "gzip, deflate, br",
} as const;

/**
 * The production build of the checkout in `cwd` (this one by default; `npx react-router build` there first) on
 * `port`, against the upstream at `upstreamUrl`, as `npm start` would run it.
 */
export function startBenchApp(options: {
  port: number;
  upstreamUrl: string;
  cwd?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): ChildProcess {
  return spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), ...serverArgs()],
    {
      cwd: options.cwd ?? root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(options.port),
        UPSTREAM_URL: options.upstreamUrl,
        UPSTREAM_API_KEY: "demo-api-key",
        SESSION_SECRET: "benchmark-session-secret-0123456789",
        MAINTENANCE: "false",
        // One server process unless the run asks for more (`WEB_CONCURRENCY=2 npm run bench:rush`): figures per
        // process, comparable with earlier ones; the CPU figures count every worker either way.
        WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
        ...options.env,
      },
    },
  );
}

/**
 * Starts both; `appEnv` adds to the web app's environment (e.g. no rate limits for a load run), `nodeArgs` to its
 * Node flags (e.g. a CPU profile), `upstreamEnv` to the upstream's (e.g. its test hooks).
 */
export async function startBenchServers(
  appEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  upstreamEnv: Record<string, string> = {},
): Promise<BenchServers> {
  const upstream = await startUpstream({
    port: await freePort(),
    env: upstreamEnv,
  });
  const upstreamDb = upstream.db;
  const appPort = await freePort();
  const app = startBenchApp({
    port: appPort,
    upstreamUrl: upstream.url,
    env: appEnv,
    nodeArgs,
  });
  // The upstream's database folder goes with it. A script may exit right after stop(), before the upstream has
  // exited: the folder is removed then too (the upstream's open files stay readable to it until it exits).
  const stop = () => {
    app.kill("SIGTERM");
    void upstream.stop();
    rmSync(dirname(upstreamDb), { recursive: true, force: true });
  };
  const appUrl = `http://localhost:${appPort}`;
  try {
    await waitFor(`${appUrl}/health`, 30_000, app);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    appUrl,
    app,
    upstreamUrl: upstream.url,
    upstreamDb,
    rssMb: () => rssMb(app.pid),
    cpuMs: () => ({
      app: processTreeCpuMs(app.pid),
      upstream: processTreeCpuMs(upstream.child.pid),
    }),
    stop,
  };
}

function rssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** User and system time of a process (all its threads) and its descendants, from /proc (Linux); 0 elsewhere. */
export function processTreeCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms, after the command name in parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    let ms = (Number(fields[11]) + Number(fields[12])) * 10;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(
        `/proc/${pid}/task/${task}/children`,
        "utf8",
      ).trim();
      for (const child of children ? children.split(" ") : [])
        ms += processTreeCpuMs(Number(child));
    }
    return ms;
  } catch {
    return 0;
  }
}
