/**
 * Starts the production server: `node build/server/index.js` (this file is the entry of the server build, see
 * vite.config.ts, so it shares its modules with the app and runs on plain Node). Configuration is read and
 * checked first; a bad value stops the start with a message naming the variable. Then this process serves, or
 * forks WEB_CONCURRENCY workers that do (server/primary.ts, server/serve.ts).
 */
import "./log-setup";
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { env } from "~/env.server";
import { log } from "./log";
import { runPrimary } from "./primary";
import { serve } from "./serve";

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

// WEB_CONCURRENCY workers share the port so one container uses every core it is given (decision 0040); with one,
// this process serves alone.
if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) runPrimary(config);
// The browser's files, beside this file once built (build/server/index.js, build/client).
else await serve(config, fileURLToPath(new URL("../client", import.meta.url)));
