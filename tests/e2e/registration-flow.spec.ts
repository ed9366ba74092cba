/**
 * The whole path a student takes, with JavaScript on and off: day → school → search and filter → workshop → add
 * two rounds → replace one → remove one → the final form with every validation message → submit → Home. What
 * the upstream ends up holding is checked through its own API.
 */
import { expect, test } from "@playwright/test";
import { TOASTS, VALIDATION } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  addToRound,
  cartToggle,
  chooseDay,
  chooseSchool,
  closeCart,
  openCart,
} from "../support/e2e/flow";
import { fetchRegistration, readSession } from "../support/e2e/registration";
import { uniqueEmail } from "../fixtures/unique";

const FYSIO = "Fysiotherapie: bewegen als medicijn";
const ONDERNEMEN = "Ondernemen: pitch je eigen bedrijf";
const FOTOGRAFIE = "Fotografie en film";

test("day → school → search → workshops in two rounds → replace → remove → final form → Home", async ({
  page,
  request,
}) => {
  // One long walk through six screens.
  test.slow();
  // The Beroepenmiddag, held at the Kromme Rijn College: workshops with plenty of seats.
  await chooseDay(page, "Kromme Rijn College");
  await chooseSchool(page, "Kromme Rijn College");
  await expect(page.getByText("Kromme Rijn College")).toBeVisible();
  await expect(cartToggle(page, 0)).toBeVisible();

  // Search: Enter in 'Zoeken' applies it, with or without JavaScript; the URL holds it.
  const search = page.getByRole("searchbox", { name: "Zoeken" });
  await search.fill("fysio");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=fysio/);
  await expect(page.getByRole("link", { name: FYSIO })).toBeVisible();
  await expect(page.getByRole("link", { name: ONDERNEMEN })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // First workshop in round 1; the cart opens with it.
  await page.getByRole("link", { name: FYSIO }).click();
  await expect(page).toHaveURL(/\/workshop\/fysiotherapie/);
  await expect(page.getByRole("heading", { name: FYSIO })).toBeVisible();
  await addToRound(page, 1);
  const cartAfterFirst = await openCart(page);
  await expect(cartAfterFirst.getByRole("link", { name: FYSIO })).toBeVisible();
  await expect(
    cartAfterFirst.getByText("1 geselecteerde workshop(s)."),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await closeCart(page);
  await expect(cartToggle(page, 1)).toBeVisible();

  // The back link keeps the search.
  await page.getByRole("link", { name: /terug/i }).first().click();
  await expect(page).toHaveURL(/\/workshops\?.*q=fysio/);

  // Second workshop, round 2.
  await page.goto("/workshops");
  await page.getByRole("link", { name: ONDERNEMEN }).click();
  await addToRound(page, 2);
  await closeCart(page);
  await expect(cartToggle(page, 2)).toBeVisible();

  // Replace round 1: the round already holds a choice, so the button reads 'Aanpassen'.
  await page.goto("/workshop/fotografie");
  const roundOne = page.getByRole("radio", { name: /^Ronde 1\b/ });
  await roundOne.check();
  await expect(page.getByText(`Huidige keuze: ${FYSIO}`)).toBeVisible();
  await addToRound(page, 1, "Aanpassen");
  let cart = await openCart(page);
  await expect(cart.getByText("2 geselecteerde workshop(s).")).toBeVisible();
  await expect(cart.getByRole("link", { name: FOTOGRAFIE })).toBeVisible();
  await expect(cart.getByRole("link", { name: FYSIO })).toHaveCount(0);

  // Remove round 2 from the cart: its place offers 'Kies workshop'.
  await cart.getByRole("button", { name: `Verwijder ${ONDERNEMEN}` }).click();
  cart = await openCart(page);
  await expect(cart.getByRole("link", { name: ONDERNEMEN })).toHaveCount(0);
  await expect(
    cart
      .getByRole("listitem")
      .filter({ hasText: "Ronde 2" })
      .getByRole("link", { name: "Kies workshop" }),
  ).toBeVisible();
  await expect(cart.getByText("1 geselecteerde workshop(s).")).toBeVisible();

  await cart.getByRole("link", { name: "Inschrijving afronden" }).click();
  await expect(page).toHaveURL(/\/inschrijving-afronden$/);
  await expect(
    page.getByRole("heading", { name: "Inschrijving afronden", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText("Geen keuze").first()).toBeVisible();

  // Sending nothing: every required field says so, and the summary lists them.
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(
    page.getByRole("heading", { name: "Controleer de volgende velden" }),
  ).toBeVisible();
  const achternaam = page.getByLabel("Achternaam");
  await expect(achternaam).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(VALIDATION.required).first()).toBeVisible();
  await expectNoA11yViolations(page);

  // One name is enough: the other takes its value.
  await page.getByRole("radio", { name: "X", exact: true }).check();
  await page.getByLabel("Roepnaam").fill("Sam");
  await achternaam.fill("Tester");
  await page.getByLabel("Klas").fill("3B");
  const email = uniqueEmail("pad", "example.nl");
  await page.getByLabel("E-mailadres", { exact: true }).fill("geen-adres");
  await page.getByLabel("Bevestig E-mailadres").fill("iets-anders@example.nl");
  await page.getByRole("button", { name: "Versturen" }).click();
  // Said next to the field (its description) and listed in the summary.
  await expect(
    page.getByLabel("E-mailadres", { exact: true }),
  ).toHaveAccessibleDescription(VALIDATION.email);
  // Typed values stay.
  await expect(page.getByLabel("Roepnaam")).toHaveValue("Sam");
  await expect(achternaam).toHaveValue("Tester");

  await page.getByLabel("E-mailadres", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(
    page.getByLabel("Bevestig E-mailadres"),
  ).toHaveAccessibleDescription(VALIDATION.emailMismatch);

  await page.getByLabel("Bevestig E-mailadres").fill(email);
  const visitor = await readSession(page);
  await page.getByRole("button", { name: "Versturen" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TOASTS.registeredNew.message)).toBeVisible();

  // The upstream holds the details and the one remaining choice; the site has forgotten the registration.
  if (!visitor.anonymousUserId || !visitor.registrationId)
    throw new Error("the visitor had no registration");
  const registration = await fetchRegistration(request, {
    anonymousUserId: visitor.anonymousUserId,
    registrationId: visitor.registrationId,
  });
  expect(registration?.emailadres).toBe(email);
  expect(registration?.voornaam).toBe("Sam");
  const chosen = Object.values(registration?.choices ?? {}).map(
    (choice) => choice?.workshop?.display,
  );
  expect(chosen).toEqual([FOTOGRAFIE]);
  expect((await readSession(page)).registrationId).not.toBe(
    visitor.registrationId,
  );
});
