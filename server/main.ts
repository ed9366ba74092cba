/**
 * Starts the production server: `node build/server/index.js` (this file is the entry of the server build, see
 * vite.config.ts, so it shares its modules with the app and runs on plain Node). Configuration is read and
 * checked first; a bad value stops the start with a message naming the variable.
 */
import { fileURLToPath } from "node:url";
import { env } from "~/env.server";
import { createServerApp } from "./app";
import { reactRouterHandler } from "./react-router";
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
const app = createServerApp({
  handler: reactRouterHandler(build),
  clientDir: fileURLToPath(new URL("../client", import.meta.url)),
  routes: build.routes,
  config,
});

const server = app.listen(config.PORT, config.HOST ?? "", () => {
  const address = server.address();
  const port =
    typeof address === "object" && address ? address.port : config.PORT;
  log("listening", { url: `http://${config.HOST ?? "localhost"}:${port}` });
});
applyTimeouts(server);
const inProgress = trackRequests(server);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log("stopping", { signal });
    void closeGracefully(server, config.SHUTDOWN_TIMEOUT_SECONDS * 1000, {
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
  });
}
