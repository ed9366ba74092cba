/**
 * `npm run bench`: throughput and latency of the production build against the reference upstream,
 * on this machine's loopback only. Each run is bounded (BENCH_SECONDS, default 10 s per scenario).
 * Prints a table; record figures in docs/benchmarks.md with the machine they came from.
 */
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  bin,
  freePort,
  instrumentArgs,
  root,
  startUpstream,
  waitFor,
} from "./processes.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const upstream = await startUpstream({
  port: await freePort(),
  db: join(tmpdir(), `bench-upstream-${process.pid}.sqlite`),
  reset: true,
});
const appPort = await freePort();
const app = spawn(
  process.execPath,
  [...instrumentArgs(), bin("react-router-serve"), "./build/server/index.js"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(appPort),
      UPSTREAM_URL: upstream.url,
      SESSION_SECRET: "benchmark-session-secret-0123456789",
      MAINTENANCE: "false",
    },
  },
);
const appUrl = `http://localhost:${appPort}`;

try {
  await waitFor(`${appUrl}/health`, 30_000, app);
  // A returning visitor: the session cookie of a first visit.
  const first = await fetch(`${appUrl}/`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const scenarios: {
    name: string;
    url: string;
    headers?: Record<string, string>;
  }[] = [
    { name: "Home, first visit (no cookie)", url: `${appUrl}/` },
    { name: "Home, returning visitor", url: `${appUrl}/`, headers: { cookie } },
    {
      name: "Contact, returning visitor",
      url: `${appUrl}/contact`,
      headers: { cookie },
    },
    { name: "Health check", url: `${appUrl}/health` },
    {
      name: "Upstream: orientation days",
      url: `${upstream.url}/v1/orientation-days/available`,
      headers: {
        "x-api-key": "demo-api-key",
        "x-site-host": "localhost",
        "x-anonymous-user-id": "bench",
      },
    },
  ];

  const rows = [];
  for (const scenario of scenarios) {
    const result = await autocannon({
      url: scenario.url,
      headers: scenario.headers,
      connections,
      duration: seconds,
    });
    rows.push({
      scenario: scenario.name,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p97.5 ms": result.latency.p97_5,
      "p99 ms": result.latency.p99,
      "non-2xx": result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
  console.log(
    `\n${connections} connections, ${seconds} s per scenario, Node ${process.version}`,
  );
  console.table(rows);
} finally {
  app.kill("SIGTERM");
  upstream.child.kill("SIGTERM");
}
