/**
 * `npm run bench:bundle`: what each page makes the browser download to run (JavaScript and CSS), as a student in
 * the flow opens it with JavaScript on, in a deployment that reports errors (a SENTRY_DSN is set, so whatever the
 * browser loads to report is counted too). Starts the production build (`npm run build` first; `--no-build` is
 * `tsx scripts/bench-bundle.ts` alone) with a fresh reference upstream, opens each path (BUNDLE_PATHS,
 * comma-separated; `{slug}` stands for the first workshop's) in Chromium, waits until the network is idle and then
 * 5 s more (what loads after the load event counts), and prints the scripts and stylesheets it fetched from
 * /assets/, counted from build/client: per page their number and bytes raw, gzip -9 and brotli; per chunk its gzip
 * bytes and the pages that load it. The page's own HTML is `npm run bench:html`'s.
 *
 * Every page is printed against the 120 kB target; over the ceiling (BUNDLE_BUDGET_KB, 155 kB gzip, the heaviest
 * page today plus 3 kB: decision 0069) the run ends with exit code 1, so CI (`npm test`, after the build) keeps it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { launchOptions } from "../tests/support/chromium";
import { startBenchServers } from "./bench-servers";
import { browserCookies, flowVisitor } from "./flow-visitor";

/** What a page should weigh at most (issue "Light on a cheap phone"). */
const TARGET_KB = 120;
/** What a page may weigh before CI fails: lowered as weight comes off (decision 0069). */
const BUNDLE_BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 155);

const paths = (
  process.env.BUNDLE_PATHS ??
  "/,/inschrijven,/workshops,/workshop/{slug},/inschrijving-afronden,/contact,/toegankelijkheid"
).split(",");
/** What loads after the load event (an error reporter, a lazy chunk) counts, as the budget says. */
const AFTER_IDLE_MS = 5_000;

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
/** The asset's name without its content hash, so figures compare across builds. */
const chunkName = (asset: string) =>
  asset.replace(/^\/assets\//, "").replace(/-[\w-]{8}(\.\w+)$/, "$1");

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(asset: string) {
  let size = sizes.get(asset);
  if (!size) {
    const file = readFileSync(join("build", "client", asset));
    size = {
      raw: file.length,
      gzip: gzipSync(file, { level: 9 }).length,
      brotli: brotliCompressSync(file, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    };
    sizes.set(asset, size);
  }
  return size;
}

// An address that takes nothing: the page loads its reporter as a reporting deployment's would.
const servers = await startBenchServers({
  SENTRY_DSN: "http://publickey@127.0.0.1:9/1",
});
let over = false;
try {
  const visitor = await flowVisitor(servers.appUrl);
  const browser = await chromium.launch(launchOptions);
  // The pages load side by side, each in its own context: each still waits its own 5 s after network idle.
  const loaded = await Promise.all(
    paths.map(async (path) => {
      const url = path.replace("{slug}", visitor.slug);
      const context = await browser.newContext();
      await context.addCookies(browserCookies(visitor.cookie, servers.appUrl));
      const page = await context.newPage();
      const assets = new Set<string>();
      page.on("response", (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith("/assets/") && /\.(js|css)$/.test(pathname))
          assets.add(pathname);
      });
      await page.goto(`${servers.appUrl}${url}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(AFTER_IDLE_MS);
      await context.close();
      return { path, assets };
    }),
  );
  const rows = [];
  const chunks = new Map<string, Set<string>>();
  for (const { path, assets } of loaded) {
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    let js = 0;
    for (const asset of assets) {
      const size = sizeOf(asset);
      raw += size.raw;
      gzip += size.gzip;
      brotli += size.brotli;
      if (asset.endsWith(".js")) js += 1;
      const pages = chunks.get(asset) ?? new Set();
      pages.add(path);
      chunks.set(asset, pages);
    }
    const fits = gzip <= BUNDLE_BUDGET_KB * 1000;
    if (!fits) over = true;
    const onTarget = gzip <= TARGET_KB * 1000;
    rows.push({
      page: path,
      "JS files": js,
      "CSS files": assets.size - js,
      "raw kB": kB(raw),
      "gzip kB": kB(gzip),
      "brotli kB": kB(brotli),
      [`target ${TARGET_KB}`]: onTarget ? "ok" : "over",
      [`ceiling ${BUNDLE_BUDGET_KB}`]: fits ? "ok" : "OVER",
    });
  }
  await browser.close();
  console.log(`Node ${process.version}`);
  console.log("\nPer chunk (gzip -9), largest first:");
  console.table(
    [...chunks]
      .sort(([a], [b]) => sizeOf(b).gzip - sizeOf(a).gzip)
      .map(([asset, pages]) => ({
        chunk: chunkName(asset),
        "gzip kB": kB(sizeOf(asset).gzip),
        pages: pages.size === paths.length ? "all" : [...pages].join(" "),
      })),
  );
  console.log(
    `\nPer page (target ${TARGET_KB} kB gzip, ceiling ${BUNDLE_BUDGET_KB}):`,
  );
  console.table(rows);
} finally {
  servers.stop();
}
if (over) {
  console.error(
    `\nA page is over the ceiling of ${BUNDLE_BUDGET_KB} kB gzip of JavaScript and CSS (decision 0069).`,
  );
  process.exit(1);
}
