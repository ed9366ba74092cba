/**
 * One server process: the site on PORT, against the upstream, draining on SIGTERM. Run alone (WEB_CONCURRENCY=1)
 * or as one of the primary's workers (server/primary.ts), which share PORT through node:cluster.
 */
import cluster from "node:cluster";
import { ClusterMemoryStoreWorker } from "@express-rate-limit/cluster-memory-store";
import type { ClientRateLimitInfo } from "express-rate-limit";
import { AggregatorRegistry } from "prom-client";
import type { env } from "~/env.server";
import { registry } from "~/observability/metrics.server";
import { lastAnswerAt } from "~/upstream/call-log.server";
import { createServerApp } from "./app";
import { cannotListenFields, log } from "./log";
import { listenForMetrics } from "./metrics";
import { probeUpstream } from "./probe";
import { reactRouterHandler } from "./react-router";
import { sharedLimits } from "./rate-limit-store";
import { createReadiness } from "./readiness";
import { closeGracefully, trackRequests } from "./shutdown";
import { applyTimeouts } from "./timeouts";

/**
 * The workers' store, counting in the primary's memory, with `get` (the primary's memory store answers it; the
 * worker's class only leaves it out): the lookups limit reads a count before it adds to it (server/rate-limits.ts).
 */
class ClusterStore extends ClusterMemoryStoreWorker {
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const send = (
      this as unknown as {
        send(command: string, args: unknown[]): Promise<unknown>;
      }
    ).send.bind(this);
    const info = (await send("get", [key])) as
      { totalHits: number; resetTime?: string } | undefined;
    return info
      ? {
          totalHits: info.totalHits,
          resetTime: info.resetTime ? new Date(info.resetTime) : undefined,
        }
      : undefined;
  }
}

export async function serve(config: ReturnType<typeof env>, clientDir: string) {
  const worker = cluster.isWorker ? cluster.worker : undefined;
  // A worker answers the primary's requests for its metrics from the start: the primary's /metrics waits for
  // every worker, and one still loading the app would hold it up until it gives up (5 s).
  if (worker) {
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
  const build = await import("virtual:react-router/server-build");
  const readiness = createReadiness({
    lastAnswerAt,
    probe: () => probeUpstream(config),
  });
  const shared = config.RATE_LIMIT_REDIS_URL
    ? sharedLimits(config.RATE_LIMIT_REDIS_URL, log)
    : null;
  const app = createServerApp({
    // Without Redis, a worker counts in the primary's memory, so the container's workers count one limit.
    rateLimitStore:
      shared?.store ??
      (worker ? (name) => new ClusterStore({ prefix: name }) : undefined),
    // The error reports' cap counts in the primary's memory too, with or without Redis: it is the server's.
    ...(worker
      ? {
          errorReportStore: new ClusterMemoryStoreWorker({
            prefix: "error-reports",
          }),
        }
      : {}),
    handler: reactRouterHandler(build),
    clientDir,
    routes: build.routes,
    config,
    readiness: readiness.handler,
  });

  const server = app.listen(config.PORT, config.HOST ?? "", (error) => {
    // Express calls this with the error too when the port cannot be taken: the handler below says so.
    if (error) return;
    const address = server.address();
    const port =
      typeof address === "object" && address ? address.port : config.PORT;
    log("listening", {
      url: `http://${config.HOST ?? "localhost"}:${port}`,
      ...(worker ? { worker: worker.id } : {}),
    });
  });
  // A port already taken (or not ours to take) stops the start, saying so, rather than an unlogged crash.
  server.on("error", (error: NodeJS.ErrnoException) => {
    log(
      "cannot listen",
      cannotListenFields(error, config.PORT, "PORT"),
      process.stderr,
    );
    process.exit(1);
  });
  applyTimeouts(server);

  // A worker's metrics are served by the primary, summed over the workers.
  if (!worker && config.METRICS_PORT !== undefined) {
    listenForMetrics(
      () => registry.metrics(),
      config.METRICS_PORT,
      config.METRICS_HOST,
    );
  }
  const inProgress = trackRequests(server);

  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      readiness.drain();
      log("stopping", { signal, ...(worker ? { worker: worker.id } : {}) });
      // A container runtime's SIGTERM: keep serving a moment while readiness says 503, so a balancer that polls it
      // sends no one new; then refuse new connections (one that retries on refusal, as nginx does, goes on to
      // another replica) and let requests in flight finish, cutting (and logging) what is left at the timeout.
      // Ctrl-C stops at once.
      const timeoutMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
      const drainMs =
        signal === "SIGTERM"
          ? Math.min(config.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs)
          : 0;
      // Whatever holds the close up, the process ends within the limit it was given (plus a moment to exit).
      setTimeout(() => {
        log(
          "did not stop in time",
          worker ? { worker: worker.id } : {},
          process.stderr,
        );
        process.exit(1);
      }, timeoutMs + 1000).unref();
      setTimeout(() => {
        void closeGracefully(server, timeoutMs - drainMs, {
          inProgress,
          onCut: ({ req, res, started }) =>
            log("request cut at shutdown", {
              id: res.getHeader("X-Request-Id"),
              method: req.method,
              path: (req.url?.split("?")[0] ?? "").slice(0, 500),
              ms: Math.round(performance.now() - started),
            }),
        }).then(() => {
          log("stopped", worker ? { worker: worker.id } : {});
          process.exit(0);
        });
      }, drainMs);
    });
  }
}
