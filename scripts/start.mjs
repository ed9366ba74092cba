// `npm start` (after the build) and `npm run dev`: serves the site, and when UPSTREAM_URL is not set,
// starts the reference upstream with the demo data beside it. Should the upstream stop, it is started again
// (with a growing pause); the site keeps answering meanwhile, with the spec's message where it needs the upstream.
import { spawn } from "node:child_process";
import {
  bin,
  logLine,
  root,
  serverArgs,
  startUpstream,
  supervise,
} from "./processes.mjs";

const dev = process.argv.includes("--dev");
let upstream = null;
let app = null;

function stopAll(code) {
  upstream?.stop();
  if (app && app.exitCode === null) app.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

const env = { ...process.env };
if (!env.UPSTREAM_URL) {
  const port = Number(env.UPSTREAM_PORT ?? 3001);
  const appPort = env.PORT ?? "3000";
  upstream = supervise(
    async () =>
      (
        await startUpstream({
          port,
          db: env.UPSTREAM_DB ?? `${root}data/upstream.sqlite`,
          env: {
            SITE_URL_TEMPLATE:
              env.SITE_URL_TEMPLATE ?? `http://{host}:${appPort}`,
          },
        })
      ).child,
    { name: "The demo upstream" },
  );
  try {
    await upstream.ready;
  } catch (error) {
    logLine("The demo upstream did not start", {
      level: "error",
      error: error.message,
    });
    process.exit(1);
  }
  env.UPSTREAM_URL = `http://127.0.0.1:${port}`;
  // The demo upstream's own key (a production server refuses to start without UPSTREAM_URL and this).
  env.UPSTREAM_API_KEY ??= "demo-api-key";
  // The demo runs without configuration; a real deployment sets SESSION_SECRET (see docs/configuration.md).
  env.ALLOW_DEV_SESSION_SECRET ??= "true";
}

// The development server keeps to PORT (strictPort): moving on to the next free port would leave the demo's mailed
// links, which follow PORT, pointing at whatever holds it.
app = dev
  ? spawn(
      bin("react-router"),
      ["dev", "--port", env.PORT ?? "3000", "--strictPort"],
      { cwd: root, stdio: "inherit", env },
    )
  : spawn(process.execPath, serverArgs(), {
      cwd: root,
      stdio: "inherit",
      env: { NODE_ENV: "production", ...env },
    });
app.on("exit", (code) => stopAll(code ?? 1));
