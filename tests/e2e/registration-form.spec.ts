/**
 * The final form, /inschrijving-afronden (spec "EventRegistration", "Submit", sections 5 and 8), with JavaScript
 * on and off. The registration is set up through the upstream's own API (a day chosen on Home, then a school and
 * a workshop for the browser's registration id), so these tests depend on no other screen of the flow.
 */
import { expect, test } from "@playwright/test";
import {
  chooseDay,
  javaScriptEnabled,
  serverSideOnly,
} from "../support/e2e/flow";
import type { Page } from "@playwright/test";
import { z } from "zod";
import { MESSAGES, VALIDATION } from "../../app/messages";
import { OrientationDaySchema } from "#contract";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { uniqueEmail } from "../fixtures/unique";
import {
  createConfirmedRegistration,
  fetchRegistration,
  readSession,
  upstreamCall,
  openDay,
  startRegistration,
} from "../support/e2e/registration";

const FORM_PATH = "/inschrijving-afronden";

// Each test first sets a registration up through the upstream; a confirmed one also goes through the mailbox.
test.describe.configure({ timeout: 60_000 });

function detailsForm(page: Page) {
  return page.getByRole("region", { name: "Jouw gegevens" });
}

async function fillDetails(
  page: Page,
  values: { email: string; repeat?: string },
) {
  const form = detailsForm(page);
  await form.getByLabel("Vrouw").check();
  await form.getByLabel("Roepnaam").fill("Sanne");
  await form.getByLabel("Voornaam").fill("Susanna");
  await form.getByLabel("Tussenvoegsel").fill("de");
  await form.getByLabel("Achternaam").fill("Vries");
  await form.getByLabel("Klas").fill("4 havo");
  await form.getByLabel("Aantal personen").selectOption("2");
  await form.getByLabel("Telefoonnummer").fill("06 12345678");
  await form.getByLabel("E-mailadres", { exact: true }).fill(values.email);
  await form
    .getByLabel("Bevestig E-mailadres")
    .fill(values.repeat ?? values.email);
  await form.getByLabel("Ja, ik blijf graag op de hoogte").check();
}

async function expectDetailsKept(page: Page, email: string) {
  const form = detailsForm(page);
  await expect(form.getByLabel("Vrouw")).toBeChecked();
  await expect(form.getByLabel("Roepnaam")).toHaveValue("Sanne");
  await expect(form.getByLabel("Voornaam")).toHaveValue("Susanna");
  await expect(form.getByLabel("Tussenvoegsel")).toHaveValue("de");
  await expect(form.getByLabel("Achternaam")).toHaveValue("Vries");
  await expect(form.getByLabel("Klas")).toHaveValue("4 havo");
  await expect(form.getByLabel("Aantal personen")).toHaveValue("2");
  await expect(form.getByLabel("Telefoonnummer")).toHaveValue("06 12345678");
  await expect(form.getByLabel("E-mailadres", { exact: true })).toHaveValue(
    email,
  );
  await expect(form.getByLabel("Bevestig E-mailadres")).toHaveValue(email);
  await expect(
    form.getByLabel("Ja, ik blijf graag op de hoogte"),
  ).toBeChecked();
}

function submitButton(page: Page, name = "Versturen") {
  return page.getByRole("button", { name, exact: true });
}

test.describe("guards", () => {
  test.beforeEach(() => serverSideOnly());
  test("without a day the form sends the visitor home", async ({ page }) => {
    await page.goto(FORM_PATH);
    await expect(page).toHaveURL(/\/$/);
  });

  test("with a day but no school the form sends the visitor to /inschrijven", async ({
    page,
  }) => {
    await chooseDay(page, openDay.schoolDisplay);
    await page.goto(FORM_PATH);
    await expect(page).toHaveURL(/\/inschrijven$/);
  });

  test("a registration gone upstream ends on Home with the expiry warning", async ({
    page,
    request,
  }) => {
    const visitor = await startRegistration(page, request);
    expect((await upstreamCall(request, visitor, "delete")).status()).toBe(200);
    await page.goto(FORM_PATH);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(MESSAGES.registrationExpired)).toBeVisible();
  });
});

test("shows the registration and the details form, and passes axe", async ({
  page,
  request,
}) => {
  const visitor = await startRegistration(page, request);
  const { school, workshop } = visitor;
  const { orientationDayId } = await readSession(page);
  const days = z
    .array(OrientationDaySchema)
    .parse(
      await (await upstreamCall(request, visitor, "orientationDays")).json(),
    );
  const date = days.find((day) => day.id === orientationDayId)!.date;

  await expect(
    page.getByRole("heading", { level: 1, name: "Inschrijving afronden" }),
  ).toBeVisible();
  const summary = page.getByRole("region", { name: "Jouw inschrijving" });
  await expect(summary).toContainText("1 geselecteerde workshop(s).");
  await expect(summary).toContainText(openDay.display);
  const longDate = new Date(`${date}T12:00:00Z`).toLocaleDateString("nl-NL", {
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  await expect(summary).toContainText(longDate);
  await expect(summary).toContainText(school);
  const choices = summary.getByRole("region", { name: "Jouw keuze" });
  await expect(choices.getByRole("listitem")).toHaveCount(
    openDay.rounds.length,
  );
  await expect(choices.getByRole("link", { name: workshop! })).toBeVisible();
  await expect(choices.getByText("Geen keuze")).toHaveCount(
    openDay.rounds.length - 1,
  );

  const form = detailsForm(page);
  await expect(form.getByRole("radio")).toHaveCount(3);
  for (const label of ["Man", "Vrouw", "X"])
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  for (const [label, token] of [
    ["Roepnaam", "nickname"],
    ["Voornaam", "given-name"],
    ["Achternaam", "family-name"],
    ["Telefoonnummer", "tel"],
    ["E-mailadres", "email"],
    ["Bevestig E-mailadres", "email"],
  ] as const) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute(
      "autocomplete",
      token,
    );
  }
  await expect(form.getByLabel("Aantal personen")).toHaveValue("1");
  await expect(
    form.getByLabel("Ja, ik blijf graag op de hoogte"),
  ).not.toBeChecked();
  await expect(submitButton(page)).toBeEnabled();
  await expectNoA11yViolations(page);
});

test("names of only invisible fillers are empty: the same 'required' beside each field, from the browser's rules with JavaScript and the server's without", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  const form = detailsForm(page);
  await fillDetails(page, { email: uniqueEmail("onzichtbaar") });
  // Hangul fillers, the braille blank, a variation selector and a zero-width space (issue 43).
  const invisible: Record<string, string> = {
    Roepnaam: "\u3164",
    Voornaam: "\u3164\u3164",
    Achternaam: "\u115F\u1160\uFFA0",
    Klas: "\u2800\uFE0F\u200B",
  };
  for (const [label, value] of Object.entries(invisible))
    await form.getByLabel(label, { exact: true }).fill(value);
  const posts: number[] = [];
  page.on("response", (answer) => {
    if (answer.request().method() === "POST") posts.push(answer.status());
  });
  await submitButton(page).click();
  for (const label of Object.keys(invisible))
    await expect(
      form.getByLabel(label, { exact: true }),
    ).toHaveAccessibleDescription(VALIDATION.required);
  await expect(
    page
      .getByRole("region", { name: "Controleer de volgende velden" })
      .getByRole("link"),
  ).toHaveText(
    Object.keys(invisible).map((label) => `${label}: ${VALIDATION.required}`),
  );
  // Without JavaScript the server refused it (one post, answered 400). With it the browser's own rules did, or the
  // server, when 'Versturen' was pressed before the scripts had run: never a registration sent.
  if (javaScriptEnabled()) expect([[], [400]]).toContainEqual(posts);
  else expect(posts).toEqual([400]);
});

test("every rule says its message beside its field, with the error summary and focus on the first", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  const form = detailsForm(page);
  await submitButton(page).click();

  for (const label of [
    "Roepnaam",
    "Voornaam",
    "Achternaam",
    "Klas",
    "E-mailadres",
    "Bevestig E-mailadres",
  ]) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(VALIDATION.required);
  }
  for (const label of ["Man", "Vrouw", "X"]) {
    const radio = form.getByLabel(label, { exact: true });
    await expect(radio).toHaveAttribute("aria-invalid", "true");
    await expect(radio).toHaveAccessibleDescription(VALIDATION.required);
  }
  for (const label of ["Tussenvoegsel", "Telefoonnummer", "Aantal personen"])
    await expect(form.getByLabel(label)).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );

  const summary = page.getByRole("region", {
    name: "Controleer de volgende velden",
  });
  await expect(summary.getByRole("link")).toHaveText([
    `Geslacht: ${VALIDATION.required}`,
    `Roepnaam: ${VALIDATION.required}`,
    `Voornaam: ${VALIDATION.required}`,
    `Achternaam: ${VALIDATION.required}`,
    `Klas: ${VALIDATION.required}`,
    `E-mailadres: ${VALIDATION.required}`,
    `Bevestig E-mailadres: ${VALIDATION.required}`,
  ]);
  await expect(form.getByLabel("Man")).toBeFocused();
  await expect(summary).toBeInViewport();
  await expectNoA11yViolations(page);

  await summary.getByRole("link", { name: /^Klas/ }).click();
  if (javaScriptEnabled()) await expect(form.getByLabel("Klas")).toBeFocused();
  else await expect(page).toHaveURL(/#.*klas$/);
  await expect(form.getByLabel("Klas")).toBeInViewport();

  // A malformed address, then two addresses that differ.
  await fillDetails(page, { email: "sanne@school", repeat: "sanne@" });
  await submitButton(page).click();
  await expect(
    form.getByLabel("E-mailadres", { exact: true }),
  ).toHaveAccessibleDescription(VALIDATION.email);
  await expect(
    form.getByLabel("Bevestig E-mailadres"),
  ).toHaveAccessibleDescription(VALIDATION.email);
  await expect(form.getByLabel("E-mailadres", { exact: true })).toBeFocused();
  await expect(form.getByLabel("Roepnaam")).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await form
    .getByLabel("E-mailadres", { exact: true })
    .fill("sanne@example.nl");
  await form.getByLabel("Bevestig E-mailadres").fill("sanne@example.com");
  await submitButton(page).click();
  await expect(
    form.getByLabel("Bevestig E-mailadres"),
  ).toHaveAccessibleDescription(VALIDATION.emailMismatch);
  await expect(form.getByLabel("Bevestig E-mailadres")).toBeFocused();
  await expect(
    form.getByLabel("E-mailadres", { exact: true }),
  ).not.toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(new RegExp(`${FORM_PATH}(#.*)?$`));
  await expectNoA11yViolations(page);
});

test("Roepnaam and Voornaam fill each other in when only one is given", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  const form = detailsForm(page);

  await form.getByLabel("Roepnaam").fill("Sam");
  await form.getByLabel("Roepnaam").press("Tab");
  // With JavaScript on leaving the field; without, the server when the form is sent.
  if (!javaScriptEnabled()) await submitButton(page).click();
  await expect(form.getByLabel("Voornaam")).toHaveValue("Sam");
  await expect(form.getByLabel("Voornaam")).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await form.getByLabel("Roepnaam").fill("");
  await form.getByLabel("Voornaam").fill("Samuel");
  await form.getByLabel("Voornaam").press("Tab");
  if (!javaScriptEnabled()) await submitButton(page).click();
  await expect(form.getByLabel("Roepnaam")).toHaveValue("Samuel");
  await expect(form.getByLabel("Roepnaam")).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test("without a workshop the form cannot be sent, and a forced send is refused", async ({
  page,
  request,
}) => {
  const visitor = await startRegistration(page, request, { choose: false });
  await expect(
    page.getByRole("region", { name: "Jouw inschrijving" }),
  ).toContainText("0 geselecteerde workshop(s).");
  await expect(submitButton(page)).toBeDisabled();
  await expect(page.getByText(MESSAGES.noRoundsFilled)).toBeVisible();
  await expect(submitButton(page)).toHaveAccessibleDescription(
    MESSAGES.noRoundsFilled,
  );
  await expectNoA11yViolations(page);

  const email = uniqueEmail("geen-keuze");
  const forced = await page.request.post(FORM_PATH, {
    form: {
      geslacht: "x",
      display: "Sam",
      voornaam: "Sam",
      achternaam: "Tester",
      klas: "3B",
      aantalPersonen: "1",
      emailadres: email,
      repeatEmail: email,
    },
  });
  expect(forced.status()).toBe(400);
  expect(await forced.text()).toContain(MESSAGES.noRoundsFilled);
  expect((await fetchRegistration(request, visitor))?.emailadres).toBeFalsy();
});

test("a read-only day cannot be registered for, and a forced send is refused", async ({
  page,
  request,
}) => {
  const visitor = await startRegistration(page, request, { readonly: true });
  await expect(submitButton(page)).toBeDisabled();
  await expect(page.getByText(MESSAGES.cannotRegisterYet)).toBeVisible();
  await expect(page.getByText(MESSAGES.noRoundsFilled)).toHaveCount(0);
  await expectNoA11yViolations(page);

  const email = uniqueEmail("alleen-lezen");
  const forced = await page.request.post(FORM_PATH, {
    form: {
      geslacht: "x",
      display: "Sam",
      voornaam: "Sam",
      achternaam: "Tester",
      klas: "3B",
      aantalPersonen: "1",
      emailadres: email,
      repeatEmail: email,
    },
  });
  expect(forced.status()).toBe(400);
  expect(await forced.text()).toContain(MESSAGES.cannotRegisterYet);
  expect((await fetchRegistration(request, visitor))?.emailadres).toBeFalsy();
});

test("a sent form lands on Home with the success message, the store cleared", async ({
  page,
  request,
}) => {
  const visitor = await startRegistration(page, request);
  const email = uniqueEmail("sanne");
  await fillDetails(page, { email });
  await submitButton(page).click();

  await expect(page).toHaveURL(/\/$/);
  if (javaScriptEnabled()) {
    const dialog = page.getByRole("dialog", { name: MESSAGES.registeredNew });
    await expect(dialog).toBeVisible();
    // Home opens at the top, where the success message is. The URL changes before the new page is drawn and the
    // scroll reset, so this is checked once Home shows.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoA11yViolations(page);
    // It closes itself after 3 s.
    await expect(dialog).toBeHidden({ timeout: 6_000 });
  } else {
    await expect(
      page.getByRole("status").filter({ hasText: MESSAGES.registeredNew }),
    ).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }

  expect((await readSession(page)).registrationId).toBeUndefined();
  const registration = await fetchRegistration(request, visitor);
  // The upstream tells the calling name only of a confirmed registration.
  expect(registration).toMatchObject({
    geslacht: "vrouw",
    voornaam: "Susanna",
    tussenvoegsel: "de",
    achternaam: "Vries",
    klas: "4 havo",
    aantalPersonen: 2,
    telefoonnummer: "06 12345678",
    emailadres: email,
    marketingOptin: true,
  });
});

test("an address already registered for the day gets the warning and keeps every value", async ({
  page,
  request,
  browser,
}) => {
  // Someone else registered (and confirmed) with this address for the same day.
  const other = await browser.newContext();
  const { email } = await createConfirmedRegistration(
    await other.newPage(),
    request,
  );
  await other.close();

  await startRegistration(page, request);
  await fillDetails(page, { email });
  await submitButton(page).click();

  await expect(page.getByText(MESSAGES.alreadyRegistered)).toBeVisible();
  await expect(page.getByText(MESSAGES.alreadyRegistered)).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
  await expectDetailsKept(page, email);
});

test("a created registration is changed: its e-mail address fixed, nothing to repeat", async ({
  page,
  request,
}) => {
  const registration = await createConfirmedRegistration(page, request);
  await page.goto(FORM_PATH);

  await expect(
    page.getByRole("heading", { level: 1, name: "Inschrijving wijzigen" }),
  ).toBeVisible();
  const form = detailsForm(page);
  const email = form.getByLabel("E-mailadres", { exact: true });
  await expect(email).toHaveValue(registration.email);
  await expect(email).toHaveAttribute("readonly", "");
  await expect(form.getByLabel("Bevestig E-mailadres")).toHaveCount(0);
  await expect(form.getByLabel("X", { exact: true })).toBeChecked();
  await expect(form.getByLabel("Roepnaam")).toHaveValue("Sam");
  await expect(form.getByLabel("Achternaam")).toHaveValue("Tester");
  await expect(submitButton(page, "Versturen")).toHaveCount(0);
  await expectNoA11yViolations(page);

  await form.getByLabel("Klas").fill("4A");
  await submitButton(page, "Wijziging versturen").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(MESSAGES.registeredChanged)).toBeVisible();

  const changed = await fetchRegistration(request, registration);
  expect(changed).toMatchObject({
    klas: "4A",
    emailadres: registration.email,
  });
  expect(changed?.created).not.toBeNull();
});
