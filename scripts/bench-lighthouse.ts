/**
 * `npm run bench:lighthouse`: Lighthouse scores (mobile, simulated slow 4G, its default) of the production build
 * against the reference upstream, on loopback. Uses Debian's Chromium or CHROME_PATH; fetches the pinned
 * Lighthouse from the npm registry on first use. Record figures in docs/benchmarks.md.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  bin,
  freePort,
  instrumentArgs,
  root,
  run,
  startUpstream,
  waitFor,
} from "./processes.mjs";

const LIGHTHOUSE = "lighthouse@12.8.2"; // 13 needs Node 22
const PAGES = ["/", "/contact"];
const AUDITS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "total-byte-weight",
];

const work = mkdtempSync(join(tmpdir(), "lighthouse-"));
const upstream = await startUpstream({
  port: await freePort(),
  db: join(work, "upstream.sqlite"),
  reset: true,
});
const appPort = await freePort();
const app = spawn(
  process.execPath,
  [...instrumentArgs(), bin("react-router-serve"), "./build/server/index.js"],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(appPort),
      UPSTREAM_URL: upstream.url,
      SESSION_SECRET: "lighthouse-session-secret-0123456789",
      MAINTENANCE: "false",
    },
  },
);

try {
  await waitFor(`http://localhost:${appPort}/health`, 30_000, app);
  const rows = [];
  for (const page of PAGES) {
    const report = join(work, `${page.replaceAll("/", "_") || "_"}.json`);
    const code = await run(
      "npx",
      [
        "--yes",
        LIGHTHOUSE,
        `http://localhost:${appPort}${page}`,
        "--quiet",
        "--output=json",
        `--output-path=${report}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
      ],
      {
        env: {
          ...process.env,
          CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        },
      },
    );
    if (code !== 0) throw new Error(`lighthouse failed on ${page}`);
    const result = JSON.parse(readFileSync(report, "utf8"));
    const row: Record<string, string | number> = { page };
    for (const [name, category] of Object.entries<{ score: number }>(
      result.categories,
    ))
      row[name] = Math.round(category.score * 100);
    for (const audit of AUDITS)
      row[audit] =
        result.audits[audit].displayValue ?? result.audits[audit].numericValue;
    rows.push(row);
  }
  console.log(
    `\nLighthouse ${LIGHTHOUSE.split("@")[1]}, mobile with simulated throttling, Node ${process.version}`,
  );
  console.table(rows);
} finally {
  app.kill("SIGTERM");
  upstream.child.kill("SIGTERM");
}
