/**
 * Starts the production server: `node build/server/index.js` (this file is the entry of the server build, see
 * vite.config.ts, so it shares its modules with the app and runs on plain Node). Configuration is read and
 * checked first; a bad value stops the start with a message naming the variable.
 */
import { fileURLToPath } from "node:url";
import { env } from "~/env.server";
import { createServerApp } from "./app";
import { reactRouterHandler } from "./react-router";
import { lastAnswerAt } from "~/upstream/call-log.server";
import { metricsServer } from "./metrics";
import { probeUpstream } from "./probe";
import { sharedLimits } from "./rate-limit-store";
import { createReadiness } from "./readiness";
import { closeGracefully, trackRequests } from "./shutdown";
import { applyTimeouts } from "./timeouts";

function log(
  message: string,
  fields: Record<string, unknown> = {},
  stream: NodeJS.WritableStream = process.stdout,
) {
  stream.write(
    `${JSON.stringify({ time: new Date().toISOString(), message, ...fields })}\n`,
  );
}

let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  // One JSON line like every other, each problem ("SESSION_SECRET: required in production …") on its own.
  const text = error instanceof Error ? error.message : String(error);
  const problems = text
    .replace(/^Invalid configuration:\n/, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  log("invalid configuration", { problems }, process.stderr);
  process.exit(1);
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
  rateLimitStore: shared?.store,
  handler: reactRouterHandler(build),
  clientDir: fileURLToPath(new URL("../client", import.meta.url)),
  routes: build.routes,
  config,
  readiness: readiness.handler,
});

const server = app.listen(config.PORT, config.HOST ?? "", () => {
  const address = server.address();
  const port =
    typeof address === "object" && address ? address.port : config.PORT;
  log("listening", { url: `http://${config.HOST ?? "localhost"}:${port}` });
});
applyTimeouts(server);

const metrics = config.METRICS_PORT === undefined ? null : metricsServer();
metrics?.listen(config.METRICS_PORT, config.HOST ?? "", () => {
  const address = metrics.address();
  const port =
    typeof address === "object" && address ? address.port : config.METRICS_PORT;
  log("metrics listening", {
    url: `http://${config.HOST ?? "localhost"}:${port}/metrics`,
  });
});
const inProgress = trackRequests(server);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    readiness.drain();
    log("stopping", { signal });
    // A container runtime's SIGTERM: keep serving a moment while readiness says 503, so a balancer that polls it
    // sends no one new; then refuse new connections (one that retries on refusal, as nginx does, goes on to
    // another replica) and let requests in flight finish, cutting (and logging) what is left at the timeout.
    // Ctrl-C stops at once.
    const timeoutMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    const drainMs =
      signal === "SIGTERM"
        ? Math.min(config.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs)
        : 0;
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
        log("stopped");
        process.exit(0);
      });
    }, drainMs);
  });
}
