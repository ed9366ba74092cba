/**
 * The audit every other spec relies on (tests/support/e2e/axe.ts, decision 0071) still finds what it is there to
 * find, with JavaScript on and off: a page with a field without a label and text of too little contrast.
 */
import { expect, test } from "@playwright/test";
import { a11yViolations } from "../support/e2e/axe";

const FLAWED_PAGE =
  '<!doctype html><html lang="nl"><head><title>Proef</title></head><body><main><h1>Proef</h1>' +
  '<form><input name="naam"></form><p style="color:#777;background:#888">Te weinig contrast</p></main></body></html>';

test("the audit finds a field without a label and text of too little contrast", async ({
  page,
}) => {
  await page.route("**/audit-proef", (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: FLAWED_PAGE,
    }),
  );
  await page.goto("/audit-proef");
  const rules = (await a11yViolations(page)).map((line) => line.split(" ")[0]);
  expect(rules).toEqual(expect.arrayContaining(["label", "color-contrast"]));
});
