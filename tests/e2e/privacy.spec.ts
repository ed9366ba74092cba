/**
 * 'Privacy en cookies' (/privacy), linked in every page's footer: the school's own statement from the upstream's
 * page texts, then every cookie the site sets (all functional, so no consent banner) and what goes to the upstream
 * and to error reporting.
 */
import { expect, test } from "@playwright/test";
import { PRIVACY } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { untilHydrated } from "../support/e2e/flow";
import {
  createWithFirstSchool,
  visitorForDay,
} from "../support/e2e/registration";

test("the footer leads to 'Privacy en cookies', with the school's statement above the cookie list", async ({
  page,
}) => {
  await page.goto("/");
  await untilHydrated(page);
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: PRIVACY.footerLink })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(
    page.getByRole("heading", { level: 1, name: PRIVACY.title }),
  ).toBeVisible();
  await expect(page).toHaveTitle(PRIVACY.title);

  // The demo site's own statement, first.
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(headings.first()).toHaveText(
    "Privacyverklaring Kies je Koers Utrecht",
  );
  await expect(
    page.getByRole("link", { name: "privacy@kiesjekoers-utrecht.example.nl" }),
  ).toBeVisible();

  const cookies = page.getByRole("table");
  await expect(cookies.getByRole("row", { name: /^session / })).toContainText(
    "7 dagen",
  );
  await expect(
    cookies.getByRole("row", { name: /^favoriteWorkshops / }),
  ).toContainText("10 jaar");
  await expect(
    cookies.getByRole("row", { name: /^login-token / }),
  ).toContainText("30 minuten");
  await expect(page.getByText(/geen cookiemelding/)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: PRIVACY.upstreamTitle }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { name: PRIVACY.reportingTitle }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
});

test("every cookie a visitor ends up with is on the list, as functional", async ({
  page,
  request,
  context,
}) => {
  await createWithFirstSchool(request, await visitorForDay(page));
  await page.goto("/workshops");
  await untilHydrated(page);
  // The star turns at once with JavaScript; the cookie comes with the post's answer, so wait for that.
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page
      .getByRole("button", { name: /^Favoriet: / })
      .first()
      .click(),
  ]);
  await expect(
    page.getByRole("button", { name: /^Favoriet: / }).first(),
  ).toHaveAttribute("aria-pressed", "true");

  await page.goto("/privacy");
  const held = (await context.cookies()).map((cookie) => cookie.name);
  expect(held).toEqual(
    expect.arrayContaining(["session", "favoriteWorkshops"]),
  );
  // A family of cookies is listed by its name's fixed part: `toast-…`, `favoriteWorkshops.…`.
  const listed = await page
    .getByRole("table")
    .getByRole("rowheader")
    .allTextContents();
  for (const name of held) {
    const entry = listed.find((item) =>
      item.endsWith("…") ? name.startsWith(item.slice(0, -1)) : item === name,
    );
    expect(entry, name).toBeDefined();
    await expect(
      page.getByRole("row").filter({
        has: page.getByRole("rowheader", { name: entry, exact: true }),
      }),
    ).toContainText(PRIVACY.functional);
  }
});
