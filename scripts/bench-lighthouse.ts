/**
 * `npm run bench:lighthouse`: Lighthouse scores (mobile, simulated slow 4G, its default) of the production build
 * against the reference upstream, on loopback. Uses Debian's Chromium or CHROME_PATH; fetches the pinned
 * Lighthouse from the npm registry on first use. Record figures in docs/benchmarks.md.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBenchServers } from "./bench-servers";
import { run } from "./processes.mjs";
import { flowVisitor } from "./flow-visitor";

const LIGHTHOUSE = "lighthouse@12.8.2"; // 13 needs Node 22
/** Pages, and how far into the flow the student is (a session cookie): a day chosen, or a school too. */
const PAGES: { path: string; session?: "day" | "school" }[] = [
  { path: "/" },
  { path: "/contact" },
  { path: "/inschrijven", session: "day" },
  { path: "/workshops", session: "school" },
  { path: "/workshop/{slug}", session: "school" },
  { path: "/inschrijving-afronden", session: "school" },
];
const AUDITS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "total-byte-weight",
];

const work = mkdtempSync(join(tmpdir(), "lighthouse-"));
const servers = await startBenchServers();

try {
  const { appUrl } = servers;
  const rows = [];
  for (const { path, session } of PAGES) {
    // A fresh student for each page, so one page's audit does not change what the next one shows.
    const visitor = session ? await flowVisitor(appUrl) : null;
    const page = path.replace("{slug}", visitor?.slug ?? "");
    const report = join(work, `${page.replaceAll("/", "_") || "_"}.json`);
    const cookie = session === "day" ? visitor?.dayCookie : visitor?.cookie;
    const extra = cookie
      ? [`--extra-headers=${JSON.stringify({ cookie })}`]
      : [];
    const code = await run(
      "npx",
      [
        "--yes",
        LIGHTHOUSE,
        `${appUrl}${page}`,
        "--quiet",
        ...extra,
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
    const row: Record<string, string | number> = { page: path };
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
  servers.stop();
}
