/**
 * `npm run bench:lighthouse`: Lighthouse scores (mobile, simulated slow 4G, its default) of the production build
 * against the reference upstream, on loopback. Uses Debian's Chromium or CHROME_PATH; fetches the pinned
 * Lighthouse from the npm registry on first use. Record figures in docs/benchmarks.md.
 *
 * Each page is audited twice: as the site serves it, and as a static copy of the same HTML (fetched with the same
 * session) without its scripts and module preloads, beside the files it links (stylesheet, icon, images). The
 * copy's first contentful paint is the page's floor: what the HTML and the stylesheet cost on their own, so the
 * gap between the two is what the page's scripts cost before the first paint.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { startBenchServers } from "./bench-servers";
import { run } from "./processes.mjs";
import { dayVisitor, flowVisitor } from "./flow-visitor";

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
/** Audits shown, under the column names docs/benchmarks.md uses. */
const AUDITS: Record<string, string> = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
  transferred: "total-byte-weight",
};

/** An audit's figure as Lighthouse shows it, without the words around it ("Total size was 197 KiB"). */
function figure(report: LighthouseReport, audit: string): string {
  const { displayValue, numericValue } = report.audits[audit]!;
  return (displayValue ?? String(numericValue)).replace(/^Total size was /, "");
}

interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<string, { displayValue?: string; numericValue: number }>;
}

interface StaticFile {
  type: string;
  body: Buffer;
}

/** The page without what runs or preloads scripts: every <script> element and every modulepreload link. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
}

/** Same-origin files the page links or shows: stylesheet, icon, image preloads, images. */
function linkedFiles(html: string): string[] {
  const paths = new Set<string>();
  for (const [, path] of html.matchAll(/\b(?:href|src)="(\/[^/"][^"]*)"/g)) {
    // Links to other pages are not fetched by the browser; files are.
    if (/^\/(assets|media)\/|^\/favicon/.test(path!)) paths.add(path!);
  }
  return [...paths];
}

/** A static copy of `page`: its HTML without scripts and the files it links, fetched with `cookie`. */
async function staticCopy(
  appUrl: string,
  page: string,
  cookie: string | undefined,
): Promise<Map<string, StaticFile>> {
  const headers = cookie ? { cookie } : undefined;
  // A redirect would audit another page than the one named: refuse it.
  const response = await fetch(`${appUrl}${page}`, {
    headers,
    redirect: "manual",
  });
  if (response.status !== 200)
    throw new Error(`GET ${page}: ${response.status}`);
  const html = withoutScripts(await response.text());
  const files = new Map<string, StaticFile>([
    [page, { type: "text/html; charset=utf-8", body: Buffer.from(html) }],
  ]);
  for (const path of linkedFiles(html)) {
    const file = await fetch(`${appUrl}${path}`, { headers });
    files.set(path, {
      type: file.headers.get("content-type") ?? "application/octet-stream",
      body: Buffer.from(await file.arrayBuffer()),
    });
  }
  return files;
}

/** Serves `files`, compressed with brotli at the quality the site's own server uses, as it does. */
async function serveStatic(files: Map<string, StaticFile>) {
  const server = createServer((request, response) => {
    const file = files.get(new URL(request.url!, "http://x").pathname);
    if (!file) return void response.writeHead(404).end();
    const compress =
      /^(text\/|image\/svg)/.test(file.type) &&
      /\bbr\b/.test(String(request.headers["accept-encoding"]));
    response.writeHead(200, {
      "content-type": file.type,
      ...(compress ? { "content-encoding": "br" } : {}),
    });
    response.end(
      compress
        ? brotliCompressSync(file.body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
          })
        : file.body,
    );
  });
  await new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Runs Lighthouse on `url`; returns its JSON report. */
async function lighthouse(
  url: string,
  report: string,
  options: { cookie?: string; categories: string },
): Promise<LighthouseReport> {
  const extra = options.cookie
    ? [`--extra-headers=${JSON.stringify({ cookie: options.cookie })}`]
    : [];
  const code = await run(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      ...extra,
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${options.categories}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    ],
    {
      env: {
        ...process.env,
        CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      },
    },
  );
  if (code !== 0) throw new Error(`lighthouse failed on ${url}`);
  return JSON.parse(readFileSync(report, "utf8"));
}

const work = mkdtempSync(join(tmpdir(), "lighthouse-"));
const servers = await startBenchServers();

try {
  const { appUrl } = servers;
  const rows = [];
  for (const { path, session } of PAGES) {
    // A fresh student for each page, so one page's audit does not change what the next one shows.
    const visitor = session === "school" ? await flowVisitor(appUrl) : null;
    const page = path.replace("{slug}", visitor?.slug ?? "");
    const name = page.replaceAll("/", "_") || "_";
    const cookie =
      session === "day" ? await dayVisitor(appUrl) : visitor?.cookie;
    const copy = await serveStatic(await staticCopy(appUrl, page, cookie));

    let result: LighthouseReport, staticResult: LighthouseReport;
    try {
      result = await lighthouse(
        `${appUrl}${page}`,
        join(work, `${name}.json`),
        {
          cookie,
          categories: "performance,accessibility,best-practices,seo",
        },
      );
      staticResult = await lighthouse(
        `${copy.url}${page}`,
        join(work, `${name}.static.json`),
        { categories: "performance" },
      );
    } finally {
      copy.close();
    }

    const row: Record<string, string | number> = { page: path };
    for (const [category, { score }] of Object.entries(result.categories))
      row[category] = Math.round(score * 100);
    for (const [column, audit] of Object.entries(AUDITS))
      row[column] = figure(result, audit);
    row["static FCP"] = figure(staticResult, AUDITS.FCP!);
    row["static performance"] = Math.round(
      staticResult.categories.performance!.score * 100,
    );
    row["static transferred"] = figure(staticResult, AUDITS.transferred!);
    rows.push(row);
  }
  console.log(
    `\nLighthouse ${LIGHTHOUSE.split("@")[1]}, mobile with simulated throttling, Node ${process.version}; ` +
      "static: the same HTML without scripts, with its stylesheet and images, from a static server",
  );
  console.table(rows);
} finally {
  servers.stop();
}
