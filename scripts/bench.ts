/**
 * `npm run bench`: throughput and latency of the production build against the reference upstream,
 * on this machine's loopback only. Each run is bounded (BENCH_SECONDS, default 10 s per scenario; BENCH_ONLY
 * picks scenarios by name; the health check always runs, as the floor). Beside the rates: the CPU time the web app
 * and the upstream spent per request, each page's CPU as a multiple of the health check's in the same run (what
 * the page costs beyond the server's and the framework's floor), its HTML bytes, and the bytes of loader data
 * encoded a second time for hydration. Prints a table; record figures in docs/benchmarks.md with the machine
 * they came from.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { BROWSER_ENCODINGS, startBenchServers } from "./bench-servers";
import { freePort, root, waitFor } from "./processes.mjs";
import { flowVisitor } from "./flow-visitor";

const HEALTH = "Health check";

/**
 * A page's HTML bytes, and of those the bytes of the inline scripts that hand the loader data to hydration (React
 * Router streams it into `__reactRouterContext.streamController`); 0 and 0 for an answer that is not HTML.
 */
async function pageBytes(url: string, headers?: Record<string, string>) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.headers.get("content-type")?.includes("text/html"))
    return { html: 0, hydration: 0 };
  let hydration = 0;
  for (const [, script] of body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g))
    if (script!.includes("__reactRouterContext"))
      hydration += Buffer.byteLength(script!);
  return { html: Buffer.byteLength(body), hydration };
}

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
    // The floor of a page: the layout around a static text, no upstream call of its own.
    {
      name: "/privacy, returning visitor",
      url: `${appUrl}/privacy`,
      headers: { cookie },
    },
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
    // As browsers ask for it, compressed (decision 0080): Chrome, Edge and Firefox accept zstd, Safari brotli.
    {
      name: "/workshops, compressed for Chrome",
      url: `${appUrl}/workshops`,
      headers: {
        cookie: visitor.cookie,
        "accept-encoding": BROWSER_ENCODINGS.chrome,
      },
    },
    {
      name: "/workshops, compressed for Safari",
      url: `${appUrl}/workshops`,
      headers: {
        cookie: visitor.cookie,
        "accept-encoding": BROWSER_ENCODINGS.safari,
      },
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
    { name: HEALTH, url: `${appUrl}/health` },
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

  const measured = [];
  // BENCH_ONLY: only the scenarios whose name contains it (e.g. "/workshops"), and the health check.
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter(
    (s) => !only || s.name.includes(only) || s.name === HEALTH,
  )) {
    const page = await pageBytes(scenario.url, scenario.headers);
    const cpuBefore = servers.cpuMs();
    const result = await autocannon({
      url: scenario.url,
      headers: scenario.headers,
      connections,
      duration: seconds,
    });
    const cpuAfter = servers.cpuMs();
    const perRequest = (ms: number) => ms / Math.max(1, result.requests.total);
    measured.push({
      scenario,
      page,
      result,
      appCpu: scenario.url.startsWith(appUrl)
        ? perRequest(cpuAfter.app - cpuBefore.app)
        : NaN,
      upstreamCpu: perRequest(cpuAfter.upstream - cpuBefore.upstream),
    });
  }
  // The floor: what the server and the framework cost for an answer that renders nothing.
  const healthCpu = measured.find((m) => m.scenario.name === HEALTH)!.appCpu;
  const kB = (bytes: number) => (bytes ? (bytes / 1000).toFixed(1) : "");
  const rows = measured.map(
    ({ scenario, page, result, appCpu, upstreamCpu }) => ({
      scenario: scenario.name,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p97.5 ms": result.latency.p97_5,
      "p99 ms": result.latency.p99,
      "non-2xx": result.non2xx,
      errors: result.errors + result.timeouts,
      "app CPU ms/req": Number.isNaN(appCpu) ? "" : appCpu.toFixed(2),
      "× health":
        Number.isNaN(appCpu) || scenario.name === HEALTH
          ? ""
          : (appCpu / healthCpu).toFixed(1),
      "upstream CPU ms/req": upstreamCpu.toFixed(2),
      "HTML kB": kB(page.html),
      "hydration data kB": kB(page.hydration),
    }),
  );
  console.log(
    `\n${connections} connections, ${seconds} s per scenario, Node ${process.version}`,
  );
  console.table(rows);
} finally {
  staticServer?.kill("SIGTERM");
  servers.stop();
}
