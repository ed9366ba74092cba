/**
 * 'Toegankelijkheidsverklaring' (/toegankelijkheid), linked in every page's footer beside 'Privacy en cookies':
 * the model statement's parts, the organisation's own part from its page texts, and the way to report a problem.
 */
import { expect, test } from "@playwright/test";
import { ACCESSIBILITY } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { untilHydrated } from "../support/e2e/flow";

test("the footer leads to the accessibility statement, which names WCAG 2.2 and leads to the contact form", async ({
  page,
}) => {
  await page.goto("/");
  await untilHydrated(page);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("listitem")).toHaveText([
    "Privacy en cookies",
    "Toegankelijkheid",
  ]);
  await footer.getByRole("link", { name: "Toegankelijkheid" }).click();
  await expect(page).toHaveURL(/\/toegankelijkheid$/);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Toegankelijkheidsverklaring",
    }),
  ).toBeVisible();
  await expect(page).toHaveTitle(ACCESSIBILITY.title);
  await expect(page.getByRole("main")).toContainText("WCAG) 2.2");
  // The model statement's parts, in its order.
  await expect(
    page.getByRole("main").getByRole("heading", { level: 2 }),
  ).toHaveText([
    ACCESSIBILITY.standardTitle,
    ACCESSIBILITY.statusTitle,
    ACCESSIBILITY.testedTitle,
    ACCESSIBILITY.testedOnTitle,
    ACCESSIBILITY.resultsTitle,
    ACCESSIBILITY.exceptionsTitle,
    ACCESSIBILITY.reportTitle,
    // The demo organisation's own part, from its page texts.
    "Aanvulling van Kies je Koers Utrecht",
  ]);
  await expect(
    page.getByRole("link", {
      name: "toegankelijkheid@kiesjekoers-utrecht.example.nl",
    }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: ACCESSIBILITY.reportLink }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
