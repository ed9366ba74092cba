/**
 * `npm run bench`: throughput and latency of the production build against the reference upstream,
 * on this machine's loopback only. Each run is bounded (BENCH_SECONDS, default 10 s per scenario; BENCH_ONLY
 * picks scenarios by name). Beside the rates: the CPU time the web app and the upstream spent per request.
 * Prints a table; record figures in docs/benchmarks.md with the machine they came from.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startBenchServers } from "./bench-servers";
import { freePort, root, waitFor } from "./processes.mjs";
import { flowVisitor } from "./flow-visitor";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const servers = await startBenchServers();
const { appUrl, upstreamUrl } = servers;
const staticPort = await freePort();
const staticUrl = `http://127.0.0.1:${staticPort}`;
let staticServer: ReturnType<typeof spawn> | null = null;

try {
  // A returning visitor: the session cookie of a first visit.
  const first = await fetch(`${appUrl}/`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  // A student in the flow, and the flow's pages as they get them, served again as static HTML for comparison.
  const visitor = await flowVisitor(appUrl);
  const flowPages = { "/workshops": "", [`/workshop/${visitor.slug}`]: "" };
  for (const path of Object.keys(flowPages))
    flowPages[path] = await (
      await fetch(`${appUrl}${path}`, { headers: { cookie: visitor.cookie } })
    ).text();
  const pagesFile = join(tmpdir(), `bench-static-${process.pid}.json`);
  writeFileSync(pagesFile, JSON.stringify(flowPages));
  staticServer = spawn(
    process.execPath,
    ["scripts/static-server.mjs", String(staticPort), pagesFile],
    { cwd: root, stdio: "inherit" },
  );
  await waitFor(`${staticUrl}/workshops`, 10_000, staticServer);

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
    {
      name: "/workshops, student in the flow",
      url: `${appUrl}/workshops`,
      headers: { cookie: visitor.cookie },
    },
    { name: "/workshops as static HTML", url: `${staticUrl}/workshops` },
    {
      name: "/workshop/{slug}, student in the flow",
      url: `${appUrl}/workshop/${visitor.slug}`,
      headers: { cookie: visitor.cookie },
    },
    {
      name: "/workshop/{slug} as static HTML",
      url: `${staticUrl}/workshop/${visitor.slug}`,
    },
    { name: "Health check", url: `${appUrl}/health` },
    {
      name: "Upstream: orientation days",
      url: `${upstreamUrl}/v1/orientation-days/available`,
      headers: {
        "x-api-key": "demo-api-key",
        "x-site-host": "localhost",
        "x-anonymous-user-id": "bench",
      },
    },
  ];

  const rows = [];
  // BENCH_ONLY: only the scenarios whose name contains it (e.g. "/workshops").
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter(
    (s) => !only || s.name.includes(only),
  )) {
    const cpuBefore = servers.cpuMs();
    const result = await autocannon({
      url: scenario.url,
      headers: scenario.headers,
      connections,
      duration: seconds,
    });
    const cpuAfter = servers.cpuMs();
    const perRequest = (ms: number) =>
      (ms / Math.max(1, result.requests.total)).toFixed(2);
    rows.push({
      scenario: scenario.name,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p97.5 ms": result.latency.p97_5,
      "p99 ms": result.latency.p99,
      "non-2xx": result.non2xx,
      errors: result.errors + result.timeouts,
      "app CPU ms/req": perRequest(cpuAfter.app - cpuBefore.app),
      "upstream CPU ms/req": perRequest(cpuAfter.upstream - cpuBefore.upstream),
    });
  }
  console.log(
    `\n${connections} connections, ${seconds} s per scenario, Node ${process.version}`,
  );
  console.table(rows);
} finally {
  staticServer?.kill("SIGTERM");
  servers.stop();
}
