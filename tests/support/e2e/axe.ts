import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
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

async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
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
  // The audit sees the colour scheme the page was shown in (emulateMedia does not carry over to a new context).
  const dark = await page.evaluate(
    () => matchMedia("(prefers-color-scheme: dark)").matches,
  );
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    colorScheme: dark ? "dark" : "light",
    locale: "nl-NL",
    // Contexts made inside a test inherit the project's options; axe itself needs JavaScript to run.
    javaScriptEnabled: true,
  });
  try {
    const audit = await context.newPage();
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
    await context.close();
  }
}
