/**
 * The standing real-device suite: a touch phone (hasTouch, isMobile) at 320, 360 and 390 px, light and dark, in
 * both projects (JavaScript on and off), over every page and state of the site. On each: no sideways scroll, no
 * text cut off, targets of 24 x 24 px or spaced, scroll regions a keyboard reaches, axe clean; on every form:
 * submit buttons that stay put as a field loses focus, and a tap on submit straight from a field that sends once.
 * One test per group of states, looping over widths and themes, set up through the real API where it can be.
 */
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { AWAITING_CONFIRMATION, TOASTS } from "../../app/messages";
import {
  cartPanel,
  javaScriptEnabled,
  untilHydrated,
} from "../support/e2e/flow";
import { uniqueEmail } from "../fixtures/unique";
import { mailedLink } from "../support/e2e/mail";
import {
  addTestWorkshop,
  createPendingRegistration,
  createWithFirstSchool,
  firstSchoolButton,
  startRegistration,
  upstreamCall,
  visitorForDay,
} from "../support/e2e/registration";
import {
  checkState,
  countSubmits,
  submitStaysPut,
  tapSubmitsOnce,
  WIDTHS,
} from "../support/e2e/real-device";

test.use({
  hasTouch: true,
  isMobile: true,
  viewport: { width: WIDTHS[0], height: 740 },
});
// Each test walks several pages, three widths and two themes apiece.
test.describe.configure({ timeout: 120_000 });

async function open(page: Page, path: string) {
  await page.goto(path);
  await untilHydrated(page);
}

test("Home, Contact (empty and with errors), /privacy, /toegankelijkheid, 404", async ({
  page,
}) => {
  await open(page, "/");
  await checkState(page, "Home");

  await open(page, "/privacy");
  await checkState(page, "/privacy");

  await open(page, "/toegankelijkheid");
  await expect
    .soft(
      page.getByRole("heading", {
        level: 1,
        name: "Toegankelijkheidsverklaring",
      }),
    )
    .toBeVisible();
  await checkState(page, "/toegankelijkheid");

  await open(page, "/bestaat-niet");
  await checkState(page, "404");

  await open(page, "/contact");
  await checkState(page, "Contact");
  // Each 'Meer over {locatie}' stands on its own line: a target of 24 px tall at least, spaced or not.
  for (const link of await page
    .getByRole("link", { name: /^Meer over / })
    .all())
    expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(24);
  const question = page.getByRole("region", { name: "Jouw vraag" });
  await submitStaysPut(page, question.locator("form"), "Contact");
  await open(page, "/contact");
  await tapSubmitsOnce(page, {
    field: page.getByLabel("Bericht"),
    value: "Mag ik een vriend meenemen?",
    submit: page.getByRole("button", { name: "Versturen" }),
    sent: () => expect(page).toHaveTitle(/^Fout: /),
  });
  await checkState(page, "Contact with errors");
});

test("/inschrijven with the login box, /workshops with search, filters and favourites", async ({
  page,
}) => {
  await visitorForDay(page);
  await untilHydrated(page);
  await checkState(page, "/inschrijven");
  const login = page.getByRole("region", { name: "Ben je al ingeschreven?" });
  await submitStaysPut(page, login.locator("form"), "login box");
  await open(page, "/inschrijven");
  await tapSubmitsOnce(page, {
    field: login.getByLabel("E-mailadres"),
    value: "geen-adres",
    submit: login.getByRole("button", { name: "Inloggen" }),
    sent: () => expect(page).toHaveTitle(/^Fout: /),
  });
  await checkState(page, "/inschrijven, login refused");

  await firstSchoolButton(page).click();
  await expect(page).toHaveURL(/\/workshops$/);
  await untilHydrated(page);
  await checkState(page, "/workshops");
  const changeSchool = await page
    .getByRole("button", { name: "Wijzig school" })
    .boundingBox();
  expect(changeSchool?.height).toBeGreaterThanOrEqual(24);
  expect(changeSchool?.width).toBeGreaterThanOrEqual(24);
  const star = page
    .getByRole("button", { name: /Politie en veiligheid/ })
    .first();
  await star.tap();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await open(page, "/workshops?q=zorg&domein=favorieten");
  const filters = page.getByRole("search").locator("summary");
  if (await filters.isVisible()) await filters.tap();
  await checkState(page, "/workshops, searched and filtered, favourite");
  await open(page, "/workshops");
  await tapSubmitsOnce(page, {
    field: page.getByRole("searchbox", { name: "Zoeken" }),
    value: "politie",
    submit: page.getByRole("search").getByRole("button", { name: "Toepassen" }),
    sent: () => expect(page).toHaveURL(/q=politie/),
  });
});

test("a workshop page with a chosen round, a full round, a waiting-list line and 'Nog n plekken'; the cart open", async ({
  page,
  request,
}) => {
  const visitor = await visitorForDay(page, 1);
  await createWithFirstSchool(request, visitor);
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    "Telefoonproef",
    { "1": 0, "2": 3, "3": 12 },
  );
  await open(page, `/workshop/${slug}`);
  const joinFirst = page.getByRole("button", {
    name: "Op de wachtlijst voor ronde 1",
  });
  await joinFirst.tap();
  await expect(
    page.getByRole("button", { name: "Van de wachtlijst voor ronde 1" }),
  ).toBeVisible();
  await page
    .getByRole("region", { name: "Inschrijven" })
    .getByRole("radio", { name: /^Ronde 3\b/ })
    .check();
  await checkState(page, "workshop page, a round chosen");
  await page.getByRole("button", { name: "Toevoegen", exact: true }).tap();
  await expect(cartPanel(page)).toBeVisible();
  await checkState(page, "the cart open");
  await open(page, `/workshop/${slug}`);
  await expect(page.getByText("Nog 3 plekken")).toBeVisible();
  await checkState(page, "workshop page, full round, waiting list, seats left");
});

test("the final form: empty, with errors, filled; a tap on 'Versturen' from 'Bevestig E-mailadres'", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  await checkState(page, "final form");
  const form = page.locator("form#gegevens");
  await submitStaysPut(page, form, "final form, empty");

  await open(page, "/inschrijving-afronden");
  await page.getByLabel("E-mailadres", { exact: true }).fill("sam@voorbeeld");
  await tapSubmitsOnce(page, {
    field: page.getByLabel("Bevestig E-mailadres"),
    value: "sam@voorbeeld",
    submit: page.getByRole("button", { name: "Versturen" }),
    sent: () => expect(page).toHaveTitle(/^Fout: /),
  });
  await checkState(page, "final form with errors");

  await page.getByLabel("X", { exact: true }).check();
  for (const [label, value] of [
    ["Roepnaam", "Sam"],
    ["Voornaam", "Samira"],
    ["Achternaam", "de Vries-Oosterhuizen"],
    ["Klas", "3 havo"],
    ["Telefoonnummer", "0612345678"],
    ["E-mailadres", "sam@example.com"],
    ["Bevestig E-mailadres", "sam@example.com"],
  ] as const)
    await page.getByLabel(label, { exact: true }).fill(value);
  await checkState(page, "final form, filled");
  await submitStaysPut(page, form, "final form, filled");
});

test("after 'Versturen' tapped from the last field: Home's notice of the mailed link, and 'Stuur de e-mail opnieuw' tapped", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  const email = uniqueEmail("telefoon");
  await page.getByLabel("X", { exact: true }).check();
  await page.getByLabel("Roepnaam", { exact: true }).fill("Sam");
  await page.getByLabel("Achternaam", { exact: true }).fill("de Vries");
  await page.getByLabel("Klas", { exact: true }).fill("3 havo");
  await page.getByLabel("E-mailadres", { exact: true }).fill(email);
  await tapSubmitsOnce(page, {
    field: page.getByLabel("Bevestig E-mailadres"),
    value: email,
    submit: page.getByRole("button", { name: "Versturen" }),
    sent: () => expect(page).toHaveURL(/\/$/),
  });
  const notice = page.getByRole("region", {
    name: AWAITING_CONFIRMATION.title,
  });
  await expect(notice).toContainText(
    `${email[0]}***${email.slice(email.indexOf("@"))}`,
  );
  // What stays once the success dialog has gone.
  await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 6_000 });
  await checkState(page, "Home waiting for the mailed link");

  const submits = await countSubmits(page);
  const loaded = javaScriptEnabled() ? null : page.waitForEvent("load");
  await page.getByRole("button", { name: AWAITING_CONFIRMATION.resend }).tap();
  await loaded;
  await expect(page.getByText(TOASTS.confirmationResent.message)).toBeVisible();
  expect.soft(await submits(), "sends of the resend").toBe(1);
  await expect(notice).toContainText(
    `${email[0]}***${email.slice(email.indexOf("@"))}`,
  );
  await checkState(page, "Home after the resend");
});

test("a confirmed registration: the confirm page, 'Jouw inschrijving', the cancel page, the login page", async ({
  page,
  request,
}) => {
  const registration = await createPendingRegistration(page, request);
  await open(
    page,
    await mailedLink(request, registration.email, "/inschrijving-bevestigen"),
  );
  await checkState(page, "confirm page");

  await open(page, "/inschrijving-afronden");
  await expect(
    page.getByRole("heading", { name: "Jouw inschrijving" }),
  ).toBeVisible();
  await checkState(page, "'Jouw inschrijving'");
  await submitStaysPut(page, page.locator("form#gegevens"), "changing");

  await open(page, "/inschrijving-annuleren");
  await checkState(page, "cancel page");

  expect(
    (
      await upstreamCall(request, registration, "requestLogin", {
        body: {
          email: registration.email,
          orientationDayId: registration.orientationDayId,
        },
      })
    ).status(),
  ).toBe(200);
  await open(page, await mailedLink(request, registration.email, "/login"));
  await checkState(page, "login page");
  await open(page, "/login");
  await checkState(page, "login page without a link");
});

// The maintenance page: in maintenance.spec.ts, beside the server in maintenance it already starts.
