/**
 * The process's metrics in the Prometheus text format (prom-client), served on METRICS_PORT only (server/main.ts),
 * never on the public port. Names and labels are a contract with operations (docs/operations.md, "Running several
 * replicas"): change them only with the alerts that use them.
 * A registry of its own rather than prom-client's global one, so the development server's module reloads start
 * afresh instead of failing on metrics registered twice.
 */
import {
  Counter,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "Requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer a request, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const upstreamRequests = new Counter({
  name: "upstream_requests_total",
  help: "Upstream calls, by the contract's call name and outcome (ok, timeout, refused, http_4xx, http_5xx, invalid).",
  labelNames: ["call", "outcome"] as const,
  registers: [registry],
});

export const upstreamDuration = new Histogram({
  name: "upstream_request_duration_seconds",
  help: "Time an upstream call took, retries included, by the contract's call name.",
  labelNames: ["call"] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
  registers: [registry],
});

export const siteCacheRequests = new Counter({
  name: "site_cache_requests_total",
  help: "Look-ups in the site data cache, by result (hit, stale, miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const rateLimited = new Counter({
  name: "rate_limited_total",
  help: "Posts refused with 429, by limit (messages, posts, visitor-messages, visitor-posts, reports, lookups).",
  labelNames: ["limit"] as const,
  registers: [registry],
});

export const rateLimitStoreErrors = new Counter({
  name: "rate_limit_store_errors_total",
  help: "Posts let through uncounted because the shared rate limit store (Redis) could not be reached.",
  registers: [registry],
});

export const errorReportsHandled = new Counter({
  name: "error_reports_total",
  help: "The browser's error reports (POST /fouten) that were well-formed, by outcome: sent on, dropped by the filter (bots, extensions), or capped (over ERROR_REPORTS_PER_MINUTE).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
