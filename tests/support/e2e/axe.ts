import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { javaScriptEnabled } from "./flow";

/**
 * WCAG 2.2 AA and everything below it, and axe's experimental rules: some WCAG checks (label in name,
 * `label-content-name-mismatch`, among them) are experimental in some axe versions and would otherwise never run.
 */
const TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22aa",
  "experimental",
];

/**
 * axe's "legacy" run: axe.run in the page itself. The default runs each frame apart and then combines the results
 * in a blank page of its own, which costs a page and a second injection of axe per audit (about half the audit's
 * time here) and only matters for pages with frames from other origins; the site's pages have no frames.
 */
async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode(true)
    .analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}`).join("\n"),
  );
}

/** Fails with a readable list (rule, impact, the elements) when axe finds any violation on the page. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const without = javaScriptEnabled() ? "" : " (without JavaScript)";
  expect(
    await a11yViolations(page),
    `axe found violations on ${page.url()}${without}`,
  ).toEqual([]);
}

/** Per browser (a worker's): a context for pages shown on a phone, and one for the rest. */
const auditContexts = new WeakMap<
  Browser,
  Map<"phone" | "desktop", Promise<BrowserContext>>
>();

/**
 * The context the audits of pages without JavaScript run in, each audit a page of its own: a context apiece cost a
 * fifth of an audit. Its options are all given here, as a context made inside a test would otherwise inherit that
 * test's (JavaScript off, and a phone's touch only if the first test to audit had one).
 */
function auditContext(
  browser: Browser,
  kind: "phone" | "desktop",
): Promise<BrowserContext> {
  const contexts = auditContexts.get(browser) ?? new Map();
  auditContexts.set(browser, contexts);
  let context = contexts.get(kind);
  if (!context) {
    context = browser.newContext({
      locale: "nl-NL",
      javaScriptEnabled: true,
      isMobile: kind === "phone",
      hasTouch: kind === "phone",
      deviceScaleFactor: 1,
      colorScheme: "light",
    });
    contexts.set(kind, context);
  }
  return context;
}

/**
 * The violations axe finds on the page, as readable lines (rule, impact, the elements).
 *
 * axe runs as a script in the page, which a page without JavaScript cannot do. Then the document as the browser
 * holds it is audited in a second tab that allows axe but, through a CSP of script-src 'none', none of the
 * page's own scripts: same markup, stylesheets and layout. <noscript> content is unwrapped, as a browser without
 * JavaScript shows it; module preloads are left out (they only serve scripts, and stall axe under that CSP).
 */
export async function a11yViolations(page: Page): Promise<string[]> {
  const url = page.url();
  if (javaScriptEnabled()) return violationsOf(page);
  const html = (await page.content())
    .replace(/<\/?noscript>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("a11yViolations: no browser");
  // The audit sees the page as it was shown: on a phone or not, its colour scheme, its width.
  const shown = await page.evaluate(() => ({
    phone: matchMedia("(pointer: coarse)").matches,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
  }));
  const audit = await (
    await auditContext(browser, shown.phone ? "phone" : "desktop")
  ).newPage();
  try {
    const viewport = page.viewportSize();
    if (viewport) await audit.setViewportSize(viewport);
    await audit.emulateMedia({ colorScheme: shown.dark ? "dark" : "light" });
    await audit.route(url, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        headers: { "Content-Security-Policy": "script-src 'none'" },
        body: html,
      }),
    );
    await audit.goto(url);
    return await violationsOf(audit);
  } finally {
    await audit.close();
  }
}
