/**
 * `npm run bench:bundle`: what each page makes the browser download to run (JavaScript and CSS), as a student in
 * the flow opens it with JavaScript on. Starts the production build (`npm run build` first) with a fresh reference
 * upstream, opens each path (BUNDLE_PATHS, comma-separated; `{slug}` stands for the first workshop's) in Chromium
 * (/usr/bin/chromium-headless-shell, /usr/bin/chromium or CHROMIUM_PATH), waits until the network is idle, and
 * prints the files it fetched from /assets/, counted from build/client: their number, and their bytes raw, gzip
 * and brotli (as compressed here). The page's own HTML is `npm run bench:html`'s.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { launchOptions } from "../playwright.config";
import { startBenchServers } from "./bench-servers";
import { browserCookies, flowVisitor } from "./flow-visitor";

const paths = (
  process.env.BUNDLE_PATHS ??
  "/,/inschrijven,/workshops,/workshop/{slug},/inschrijving-afronden,/contact"
).split(",");

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

const servers = await startBenchServers({}, []);
try {
  const visitor = await flowVisitor(servers.appUrl);
  const browser = await chromium.launch(launchOptions);
  const rows = [];
  for (const path of paths.map((entry) =>
    entry.replace("{slug}", visitor.slug),
  )) {
    const context = await browser.newContext();
    await context.addCookies(browserCookies(visitor.cookie, servers.appUrl));
    const page = await context.newPage();
    const assets = new Set<string>();
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/assets/") && /\.(js|css)$/.test(pathname))
        assets.add(pathname);
    });
    await page.goto(`${servers.appUrl}${path}`, { waitUntil: "networkidle" });
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    let js = 0;
    for (const asset of assets) {
      const file = readFileSync(join("build", "client", asset));
      raw += file.length;
      gzip += gzipSync(file).length;
      brotli += brotliCompressSync(file).length;
      if (asset.endsWith(".js")) js += 1;
    }
    rows.push({
      page: path.replace(visitor.slug, "{slug}"),
      "JS files": js,
      "CSS files": assets.size - js,
      "raw kB": kB(raw),
      "gzip kB": kB(gzip),
      "brotli kB": kB(brotli),
    });
    await context.close();
  }
  await browser.close();
  console.log(`Node ${process.version}`);
  console.table(rows);
} finally {
  servers.stop();
}
