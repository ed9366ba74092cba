/**
 * Cancelling a created registration (spec "Cancelling", issue 6 "Cancel"): the cart's 'Inschrijving annuleren'
 * asks 'Weet je zeker dat je je inschrijving wilt annuleren?' (a dialog with JavaScript, the page
 * /inschrijving-annuleren without it); 'Annuleren' keeps everything, 'Ja, schrijf mij uit' deletes the
 * registration upstream and ends on Home with 'Succesvol uitgeschreven.'. The registration is made through the
 * upstream's real API (tests/support/e2e/registration.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import {
  cartToggle,
  chooseDay,
  javaScriptEnabled,
  serverSideOnly,
  untilHydrated,
} from "../support/e2e/flow";
import { MESSAGES } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  chooseFirstSchool,
  createConfirmedRegistration,
  fetchRegistration,
  hasCreatedRegistration,
} from "../support/e2e/registration";

const QUESTION = "Weet je zeker dat je je inschrijving wilt annuleren?";

function logoutButton(page: Page) {
  return page.getByRole("button", { name: "Uitloggen" });
}

/** 'Inschrijving annuleren': a button opening the dialog with JavaScript, a link to the page without. */
function cancelControl(page: Page) {
  return page.getByRole(javaScriptEnabled() ? "button" : "link", {
    name: "Inschrijving annuleren",
    exact: true,
  });
}

function confirmDialog(page: Page) {
  return page.getByRole("dialog", { name: QUESTION });
}

/** Opens the cart on the workshop list, once the page is interactive. */
async function openCart(page: Page) {
  await page.goto("/workshops");
  await untilHydrated(page);
  await cartToggle(page).click();
  await expect(cancelControl(page)).toBeVisible();
}

/** From the open cart to the question: the dialog with JavaScript, the confirmation page without. */
async function askToCancel(page: Page) {
  await cancelControl(page).click();
  if (javaScriptEnabled()) {
    await expect(confirmDialog(page)).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/inschrijving-annuleren\?/);
    await expect(
      page.getByRole("heading", { level: 1, name: QUESTION }),
    ).toBeVisible();
  }
}

/** Where the question is asked: inside the dialog with JavaScript, the page's main content without. */
function questionArea(page: Page) {
  return javaScriptEnabled() ? confirmDialog(page) : page.locator("main");
}

async function expectUnsubscribedAtHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(MESSAGES.unsubscribed)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
  await expect(logoutButton(page)).toHaveCount(0);
}

// Each test walks several screens and upstream calls before it gets to its point; a busy machine needs longer.
test.describe.configure({ timeout: 60_000 });

test.describe("from the cart", () => {
  test("'Annuleren' keeps the registration and returns to where the visitor was", async ({
    page,
    request,
  }) => {
    const registration = await createConfirmedRegistration(page, request);
    await openCart(page);
    await askToCancel(page);
    await expectNoA11yViolations(page);

    const area = questionArea(page);
    await expect(
      area.getByRole(javaScriptEnabled() ? "button" : "link", {
        name: "Annuleren",
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      area.getByRole("button", { name: "Ja, schrijf mij uit" }),
    ).toBeVisible();
    await area
      .getByRole(javaScriptEnabled() ? "button" : "link", {
        name: "Annuleren",
        exact: true,
      })
      .click();

    if (javaScriptEnabled()) {
      await expect(confirmDialog(page)).toHaveCount(0);
      // The page and the cart stay as they were.
      await expect(page).toHaveURL(/\/workshops$/);
      await expect(cancelControl(page)).toBeFocused();
    } else {
      // Back to the list the visitor came from (the cart may ask to be shown open again).
      await expect(page).toHaveURL(/\/workshops(\?inschrijving=open)?$/);
    }
    expect(await hasCreatedRegistration(request, registration)).toBe(true);
    await page.goto("/");
    await expect(logoutButton(page)).toBeVisible();
  });

  test("'Ja, schrijf mij uit' deletes the registration upstream and ends on Home", async ({
    page,
    request,
  }) => {
    const registration = await createConfirmedRegistration(page, request);
    await openCart(page);
    await askToCancel(page);

    const confirm = questionArea(page).getByRole("button", {
      name: "Ja, schrijf mij uit",
    });
    await confirm.click();
    // The deletion goes out after 1 s (spec section 9): meanwhile the button says it is busy.
    if (javaScriptEnabled())
      await expect(confirm).toHaveAttribute("aria-busy", "true");

    await expectUnsubscribedAtHome(page);
    await expectNoA11yViolations(page);
    expect(await fetchRegistration(request, registration)).toBeNull();

    // Nothing is left to show: the flow starts again at school selection.
    await page.goto("/workshops");
    await expect(page).toHaveURL(/\/inschrijven$/);
  });
});

test.describe("the confirmation page /inschrijving-annuleren", () => {
  test("asks the question; 'Annuleren' goes back to the workshops by default", async ({
    page,
    request,
  }) => {
    const registration = await createConfirmedRegistration(page, request);
    await page.goto("/inschrijving-annuleren");
    await expect(
      page.getByRole("heading", { level: 1, name: QUESTION }),
    ).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: "Annuleren", exact: true }).click();
    await expect(page).toHaveURL(/\/workshops$/);
    expect(await hasCreatedRegistration(request, registration)).toBe(true);
  });

  test("'Annuleren' returns to a page of this site only", async ({
    page,
    request,
  }) => {
    serverSideOnly();
    await createConfirmedRegistration(page, request);
    await page.goto("/inschrijving-annuleren?redirectTo=%2Fcontact");
    await page.getByRole("link", { name: "Annuleren", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);

    await page.goto(
      "/inschrijving-annuleren?redirectTo=https%3A%2F%2Fexample.com%2F",
    );
    await expect(
      page.getByRole("link", { name: "Annuleren", exact: true }),
    ).toHaveAttribute("href", "/workshops");
  });

  test("'Ja, schrijf mij uit' deletes the registration upstream and ends on Home", async ({
    page,
    request,
  }) => {
    const registration = await createConfirmedRegistration(page, request);
    await page.goto("/inschrijving-annuleren");
    await page.getByRole("button", { name: "Ja, schrijf mij uit" }).click();
    await expectUnsubscribedAtHome(page);
    expect(await fetchRegistration(request, registration)).toBeNull();

    // The page has nothing left to cancel.
    await page.goto("/inschrijving-annuleren");
    await expect(page).not.toHaveURL(/inschrijving-annuleren/);
  });
});

test.describe("guards of /inschrijving-annuleren", () => {
  test.beforeEach(() => serverSideOnly());
  test("without a chosen day it goes home", async ({ page }) => {
    await page.goto("/inschrijving-annuleren");
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
  });

  test("with a day but no school there is nothing to cancel: on to school selection", async ({
    page,
  }) => {
    await chooseDay(page);

    await page.goto("/inschrijving-annuleren");
    await expect(page).toHaveURL(/\/inschrijven$/);
  });

  test("a registration not yet created has nothing to cancel: back to the workshops", async ({
    page,
  }) => {
    await chooseFirstSchool(page);
    // The cart offers no cancelling for a draft.
    await expect(
      page.getByText("Inschrijving annuleren", { exact: true }),
    ).toHaveCount(0);

    await page.goto("/inschrijving-annuleren");
    await expect(page).toHaveURL(/\/workshops$/);
    await expect(page.getByRole("heading", { name: QUESTION })).toHaveCount(0);
  });
});
