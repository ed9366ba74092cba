/**
 * Behaviours that need a created (confirmed) registration: the logout button, and Home's day choice cancelling
 * the registration (after asking) when the visitor picks another day. The registration is made through the upstream's real API
 * (tests/support/e2e/registration.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { MESSAGES } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  createConfirmedRegistration,
  fetchRegistration,
  hasCreatedRegistration,
  readSession,
} from "../support/e2e/registration";

function logoutButton(page: Page) {
  return page.getByRole("button", { name: "Uitloggen" });
}

function chooseDayButton(page: Page, index: number) {
  return page
    .getByRole("region", { name: "Evenementen" })
    .getByRole("listitem")
    .nth(index)
    .getByRole("button", { name: /^Inschrijven/ });
}

test("'Uitloggen' shows with a created registration, forgets it and goes home", async ({
  page,
  request,
}) => {
  const registration = await createConfirmedRegistration(page, request);

  await page.goto("/");
  await expect(logoutButton(page)).toBeVisible();
  await expect(logoutButton(page)).toHaveAttribute("title", "Uitloggen");
  await expectNoA11yViolations(page);

  // From another page, so that landing on Home is the logout's doing.
  await page.goto("/contact");
  await logoutButton(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
  await expect(logoutButton(page)).toHaveCount(0);

  // The session starts afresh: other ids, the chosen day kept (spec "Clearing the store").
  const session = await readSession(page);
  expect(session.registrationId).not.toBe(registration.registrationId);
  expect(session.anonymousUserId).not.toBe(registration.anonymousUserId);
  expect(session.orientationDayId).toBe(registration.orientationDayId);

  // Logging out only forgets the registration here; upstream it stays.
  expect(await hasCreatedRegistration(request, registration)).toBe(true);

  await page.reload();
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
  await expect(logoutButton(page)).toHaveCount(0);
});

test("choosing the same day again keeps the registration and goes on to its workshops", async ({
  page,
  request,
}) => {
  const registration = await createConfirmedRegistration(page, request);

  await page.goto("/");
  await chooseDayButton(page, 0).click();
  await expect(page).toHaveURL(/\/workshops$/);

  expect(await hasCreatedRegistration(request, registration)).toBe(true);
  expect((await readSession(page)).registrationId).toBe(
    registration.registrationId,
  );
  await page.goto("/");
  await expect(logoutButton(page)).toBeVisible();
});

test("choosing another day asks, then cancels the registration upstream first and goes to /inschrijven", async ({
  page,
  request,
}) => {
  const registration = await createConfirmedRegistration(page, request);

  await page.goto("/");
  await expect(logoutButton(page)).toBeVisible();
  await chooseDayButton(page, 1).click();
  // A confirmed place is given up only after the cancel question (a dialog, or a page without JavaScript).
  await page.getByRole("button", { name: "Ja, schrijf mij uit" }).click();
  await expect(page).toHaveURL(/\/inschrijven$/);

  expect(await fetchRegistration(request, registration)).toBeNull();
  const session = await readSession(page);
  expect(session.orientationDayId).toBeDefined();
  expect(session.orientationDayId).not.toBe(registration.orientationDayId);

  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
  await expect(logoutButton(page)).toHaveCount(0);
});
