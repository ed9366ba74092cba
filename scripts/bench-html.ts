/**
 * `npm run bench:html`: how heavy a page's HTML is as a student in the flow receives it. Starts the production build
 * (`npm run build` first) with a fresh reference upstream, makes a visitor who chose the first day and its first
 * school, and prints for each path (HTML_PATHS, comma-separated, default /workshops; `{slug}` stands for the first
 * workshop's) the HTML's bytes (raw, and gzip and brotli as compressed here) and its element count: once from the
 * markup (start tags outside <script>) and once as the browser builds the document without JavaScript (Chromium:
 * /usr/bin/chromium-headless-shell, /usr/bin/chromium or CHROMIUM_PATH).
 */
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { launchOptions } from "../tests/support/chromium";
import { startBenchServers } from "./bench-servers";
import { browserCookies, flowVisitor } from "./flow-visitor";

const paths = (process.env.HTML_PATHS ?? "/workshops").split(",");

/** Start tags in the markup, leaving out what inline scripts hold (the router's data may contain markup). */
function countStartTags(html: string): number {
  const withoutScripts = html.replace(
    /(<script\b[^>]*>)[\s\S]*?<\/script>/gi,
    "$1",
  );
  return withoutScripts.match(/<[a-z][^>]*>/gi)?.length ?? 0;
}

const servers = await startBenchServers({}, []);
try {
  const visitor = await flowVisitor(servers.appUrl);
  const browser = await chromium.launch(launchOptions);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(browserCookies(visitor.cookie, servers.appUrl));
  const page = await context.newPage();
  for (const path of paths.map((entry) =>
    entry.replace("{slug}", visitor.slug),
  )) {
    const response = await fetch(`${servers.appUrl}${path}`, {
      headers: { cookie: visitor.cookie },
    });
    const html = await response.text();
    const bytes = Buffer.byteLength(html);
    await page.goto(`${servers.appUrl}${path}`);
    const elements = await page.evaluate(
      () => document.getElementsByTagName("*").length,
    );
    const svgElements = await page.evaluate(
      () => document.querySelectorAll("svg, svg *").length,
    );
    console.log(
      `${path} (${response.status}): ${bytes} bytes, gzip ${gzipSync(html).length}, brotli ${brotliCompressSync(html).length}; ` +
        `${countStartTags(html)} start tags in the markup, ${elements} elements in the document (${svgElements} of them SVG)`,
    );
  }
  await browser.close();
} finally {
  servers.stop();
}
