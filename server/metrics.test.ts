import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RequestHandler } from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { observeCall } from "~/upstream/call-log.server";
import { registry } from "~/observability/metrics.server";
import { createServerApp } from "./app";
import { metricsServer } from "./metrics";
import { sendRequest } from "../tests/fixtures/http";
import { counterSum, parseMetrics } from "../tests/fixtures/prometheus";
import type { Metrics } from "../tests/fixtures/prometheus";
import { appRouteTable } from "../tests/fixtures/routes";
import { serveForTest } from "../tests/fixtures/serve";

async function scrape(): Promise<Metrics> {
  const port = await serveForTest(metricsServer(() => registry.metrics()));
  const answer = await sendRequest(port, {
    path: "/metrics",
    headers: { host: `127.0.0.1:${port}` },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toMatch(
    /^text\/plain; version=0\.0\.4/,
  );
  return parseMetrics(answer.text);
}

const ok: RequestHandler = (_req, res) => {
  res.send("ok");
};

async function site(env: Record<string, string> = {}) {
  const app = createServerApp({
    handler: ok,
    clientDir: mkdtempSync(join(tmpdir(), "metrics-")),
    routes: appRouteTable(),
    config: parseEnv(env),
    log: () => {},
  });
  const port = await serveForTest(app);
  return (path: string, method = "GET") =>
    sendRequest(port, {
      method,
      path,
      headers: {
        host: `localhost:${port}`,
        ...(method === "POST"
          ? { "content-type": "application/x-www-form-urlencoded" }
          : {}),
      },
      body: method === "POST" ? "name=x" : undefined,
    });
}

describe("metrics", () => {
  it("count requests by method, route pattern (never the raw path) and status, with their durations", async () => {
    const before = await scrape();
    const send = await site();
    await send("/workshop/koken");
    await send("/workshop/bakken.data");
    await send("/bestaat/niet");
    await send("/");
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      counterSum(after, "http_requests_total", labels) -
      counterSum(before, "http_requests_total", labels);

    expect(
      delta({ method: "GET", route: "/workshop/:slug", status: "200" }),
    ).toBe(2);
    expect(delta({ route: "*" })).toBe(1);
    expect(delta({ route: "/" })).toBe(1);
    const routes = after
      .get("http_requests_total")!
      .metrics.map((sample) => sample.labels?.route);
    expect(routes).not.toContain("/workshop/koken");
    // The parser keeps a histogram's buckets, not their labels: its type and buckets are what it can check.
    const histogram = after.get("http_request_duration_seconds")!;
    expect(histogram.type).toBe("HISTOGRAM");
    expect(histogram.metrics[0]?.buckets).toHaveProperty("+Inf");
  });

  it("count methods the site does not serve as `other`, so scanners cannot add label values", async () => {
    const before = await scrape();
    const send = await site();
    for (const method of ["TRACE", "PROPFIND", "MKCALENDAR", "PUT", "PURGE"])
      await send("/", method);
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      counterSum(after, "http_requests_total", labels) -
      counterSum(before, "http_requests_total", labels);
    expect(delta({ method: "other", route: "/", status: "405" })).toBe(5);
    const methods = after
      .get("http_requests_total")!
      .metrics.map((sample) => sample.labels?.method);
    expect(methods).not.toContain("TRACE");
    expect(methods).not.toContain("PROPFIND");
  });

  it("count refused posts by limit", async () => {
    const before = await scrape();
    const send = await site({ RATE_LIMIT_MESSAGES: "1" });
    expect((await send("/contact", "POST")).status).toBe(200);
    expect((await send("/contact", "POST")).status).toBe(429);
    const after = await scrape();
    expect(
      counterSum(after, "rate_limited_total", { limit: "messages" }) -
        counterSum(before, "rate_limited_total", { limit: "messages" }),
    ).toBe(1);
  });

  it("count upstream calls by call and outcome, and time them by call", async () => {
    const before = await scrape();
    observeCall(
      { call: "settings", outcome: "ok", status: 200, seconds: 0.05 },
      () => {},
    );
    observeCall(
      { call: "settings", outcome: "timeout", seconds: 20 },
      () => {},
    );
    const after = await scrape();
    for (const outcome of ["ok", "timeout"])
      expect(
        counterSum(after, "upstream_requests_total", {
          call: "settings",
          outcome,
        }) -
          counterSum(before, "upstream_requests_total", {
            call: "settings",
            outcome,
          }),
      ).toBe(1);
    const durations = after.get("upstream_request_duration_seconds")!;
    expect(durations.type).toBe("HISTOGRAM");
    expect(durations.metrics[0]?.buckets).toHaveProperty("20");
  });

  it("include Node's process metrics, and answer nothing but GET /metrics", async () => {
    const metrics = await scrape();
    expect(metrics.has("process_cpu_user_seconds_total")).toBe(true);
    expect(metrics.has("nodejs_heap_size_used_bytes")).toBe(true);
    const port = await serveForTest(metricsServer(() => registry.metrics()));
    expect(
      (await sendRequest(port, { path: "/", headers: { host: "127.0.0.1" } }))
        .status,
    ).toBe(404);
  });
});
