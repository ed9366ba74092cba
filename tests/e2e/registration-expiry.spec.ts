/**
 * A registration that the upstream no longer knows (spec "Route guard", section 8: "204 or no registration,
 * removal 404"): the next page of the flow, or the next POST, clears the visitor's registration and ends on Home
 * with the warning 'Je registratie is verlopen of niet gevonden.', never an error page.
 *
 * The visitor goes through the real screens (day on Home, school on /inschrijven); the registration is then
 * deleted behind the app's back through the upstream's own API, as its expiry would.
 */
import { expect, test, type Page } from "@playwright/test";
import { serverSideOnly } from "../support/e2e/flow";
import { z } from "zod";
import { MESSAGES } from "../../app/messages";
import { WorkshopSchema } from "#contract";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  createConfirmedRegistration,
  fetchRegistration,
  readSession,
  registerThroughScreens,
  upstreamCall,
  type Visitor,
} from "../support/e2e/registration";
import type { APIRequestContext } from "@playwright/test";

/** The registration disappears upstream, as when it expires. */
async function deleteUpstream(request: APIRequestContext, visitor: Visitor) {
  const response = await upstreamCall(request, visitor, "delete");
  expect(response.status(), "the upstream deleted the registration").toBe(200);
  expect(await fetchRegistration(request, visitor)).toBeNull();
}

/** A workshop of the visitor's day and school with a round that still has a seat. */
async function workshopWithSeat(
  request: APIRequestContext,
  visitor: Visitor,
): Promise<string> {
  const response = await upstreamCall(request, visitor, "workshops");
  expect(response.status()).toBe(200);
  const workshops = z.array(WorkshopSchema).parse(await response.json());
  const workshop = workshops.find((candidate) =>
    candidate.availability.some((entry) => entry.available),
  );
  if (!workshop) throw new Error("no workshop with a free seat");
  return workshop.slug;
}

async function expectExpiredAtHome(page: Page, visitor: Visitor) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(MESSAGES.registrationExpired)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
  await expect(page.getByText(MESSAGES.unexpectedError)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Uitloggen" })).toHaveCount(0);
  // The expired registration is forgotten; the chosen day stays, so the visitor can start again.
  const session = await readSession(page);
  expect(session.registrationId).not.toBe(visitor.registrationId);
  expect(session.orientationDayId).toBeDefined();
}

// Each test walks several screens and upstream calls before it gets to its point; a busy machine needs longer.
test.describe.configure({ timeout: 60_000 });

test.describe("a registration deleted upstream mid-flow", () => {
  for (const screen of [
    { name: "the workshop list", path: () => "/workshops" },
    {
      name: "a workshop page",
      path: (slug: string) => `/workshop/${slug}`,
    },
    { name: "the final form", path: () => "/inschrijving-afronden" },
  ]) {
    test(`ends the next visit to ${screen.name} on Home with the warning`, async ({
      page,
      request,
    }) => {
      serverSideOnly();
      const visitor = await registerThroughScreens(page, request);
      const slug = await workshopWithSeat(request, visitor);
      await deleteUpstream(request, visitor);

      await page.goto(screen.path(slug));
      await expectExpiredAtHome(page, visitor);
      await expectNoA11yViolations(page);

      // The warning is said once; the next page is an ordinary one.
      await page.reload();
      await expect(page.getByText(MESSAGES.registrationExpired)).toHaveCount(0);
    });
  }

  test("ends the next POST (adding a workshop) on Home with the warning", async ({
    page,
    request,
  }) => {
    const visitor = await registerThroughScreens(page, request);
    const slug = await workshopWithSeat(request, visitor);
    await page.goto(`/workshop/${slug}`);
    const add = page.getByRole("button", { name: /^(Toevoegen|Aanpassen)$/ });
    await expect(add).toBeEnabled();

    await deleteUpstream(request, visitor);
    await add.click();
    await expectExpiredAtHome(page, visitor);
  });

  test("ends cancelling an already vanished registration on Home with the warning", async ({
    page,
    request,
  }) => {
    const registration = await createConfirmedRegistration(page, request);
    await page.goto("/inschrijving-annuleren");
    const confirm = page.getByRole("button", { name: "Ja, schrijf mij uit" });
    await expect(confirm).toBeVisible();

    await deleteUpstream(request, registration);
    await confirm.click();
    await expectExpiredAtHome(page, registration);
    await expect(page.getByText(MESSAGES.unsubscribed)).toHaveCount(0);
  });

  test("ends the next visit to the cancel page on Home with the warning", async ({
    page,
    request,
  }) => {
    serverSideOnly();
    const registration = await createConfirmedRegistration(page, request);
    // The app has seen the registration (the logout button shows it), so its absence now means it expired.
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Uitloggen" })).toBeVisible();
    await deleteUpstream(request, registration);
    await page.goto("/inschrijving-annuleren");
    await expectExpiredAtHome(page, registration);
  });
});
