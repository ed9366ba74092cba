// `npm start` (after the build) and `npm run dev`: serves the site, and when UPSTREAM_URL is not set,
// starts the reference upstream with the demo data beside it.
import { spawn } from "node:child_process";
import { bin, instrumentArgs, root, startUpstream } from "./processes.mjs";

const dev = process.argv.includes("--dev");
const children = [];

function stopAll(code) {
  for (const child of children)
    if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

const env = { ...process.env };
if (!env.UPSTREAM_URL) {
  const port = Number(env.UPSTREAM_PORT ?? 3001);
  const appPort = env.PORT ?? "3000";
  const upstream = await startUpstream({
    port,
    db: env.UPSTREAM_DB ?? `${root}data/upstream.sqlite`,
    env: {
      SITE_URL_TEMPLATE: env.SITE_URL_TEMPLATE ?? `http://{host}:${appPort}`,
    },
  });
  children.push(upstream.child);
  upstream.child.on("exit", (code) => stopAll(code ?? 1));
  env.UPSTREAM_URL = upstream.url;
  // The demo runs without configuration; a real deployment sets SESSION_SECRET (see README).
  env.ALLOW_DEV_SESSION_SECRET ??= "true";
}

const app = dev
  ? spawn(bin("react-router"), ["dev", "--port", env.PORT ?? "3000"], {
      cwd: root,
      stdio: "inherit",
      env,
    })
  : spawn(
      process.execPath,
      [
        ...instrumentArgs(),
        bin("react-router-serve"),
        "./build/server/index.js",
      ],
      {
        cwd: root,
        stdio: "inherit",
        env: { NODE_ENV: "production", ...env },
      },
    );
children.push(app);
app.on("exit", (code) => stopAll(code ?? 1));
