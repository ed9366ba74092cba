/**
 * The life of a registration through its mails, with JavaScript on and off, through the reference upstream's
 * real mailbox: register → confirmation mail → confirm → login request → login mail → 'Welkom terug!' →
 * 'Ga verder' → change a round → 'Succesvol gewijzigd!' → login again → cancel → the seats are free again.
 *
 * Every mailed link is first opened the way school mail filters and browsers do (scanner user agents, curl, a
 * HEAD, a prefetch); none of them may spend it, and each still works for the person afterwards. No page the
 * person sees, no redirect and no Referer carries a token.
 */
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { APP_URL, UPSTREAM_URL } from "../../playwright.config";
import { MESSAGES, TOASTS } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  addToRound,
  cartPanel,
  cartToggle,
  chooseDay,
  chooseSchool,
  closeCart,
  fillRequiredDetails,
  javaScriptEnabled,
  serverSideOnly,
  untilHydrated,
} from "../support/e2e/flow";
import {
  mailedLink,
  mailsTo,
  openLikeScanners,
  SCANNER_AGENTS,
  tokenOf,
} from "../support/e2e/mail";
import {
  createConfirmedRegistration,
  createPendingRegistration,
  fetchRegistration,
  readSession,
} from "../support/e2e/registration";
import type { Visitor } from "../support/e2e/registration";

const DAY = "Kromme Rijn College";
const SCHOOL = "Kromme Rijn College";
const THANK_YOU = "Bedankt voor je inschrijving!";

/**
 * Records every address the browser asks for, every Referer it sends and every redirect it is given, so the
 * test can show that a token appears nowhere but in the link the person opened.
 */
function watchForTokens(page: Page) {
  const seen: { what: string; value: string }[] = [];
  page.on("request", (request) => {
    seen.push({ what: "request", value: request.url() });
    const referer = request.headers()["referer"];
    if (referer) seen.push({ what: "referer", value: referer });
  });
  page.on("response", (response) => {
    const location = response.headers()["location"];
    if (location) seen.push({ what: "redirect", value: location });
  });
  return {
    /** Fails when a token shows up anywhere but in the request for the mailed link itself. */
    expectNoLeak(tokens: string[], links: string[]) {
      const leaks = seen.filter(
        ({ what, value }) =>
          !(what === "request" && links.includes(value)) &&
          tokens.some((token) => value.includes(token)),
      );
      expect(leaks, "a token in an address, a Referer or a redirect").toEqual(
        [],
      );
    },
  };
}

async function expectNoTokenInPage(page: Page, tokens: string[]) {
  const html = await page.content();
  for (const token of tokens) expect(html).not.toContain(token);
  expect(page.url()).not.toContain("token=");
}

/** A workshop of this test's own with one seat in each of rounds 1 and 2, so the seats can be counted. */
async function addOneSeatWorkshop(
  page: Page,
  orientationDayId: number,
): Promise<{ slug: string; display: string }> {
  const tag = `${test.info().project.name}-${Date.now().toString(36)}`;
  const workshop = { slug: `mail-${tag}`, display: `Proefles ${tag}` };
  const added = await page.request.post(`${UPSTREAM_URL}/dev/test/workshop`, {
    data: {
      orientationDay: orientationDayId,
      ...workshop,
      seats: { "1": 1, "2": 1 },
    },
  });
  expect(added.status()).toBe(200);
  return workshop;
}

/** A visitor who already has a school for the day, to look at the workshop's rounds from outside. */
async function onlooker(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: APP_URL,
    javaScriptEnabled: javaScriptEnabled(),
  });
  const page = await context.newPage();
  await chooseDay(page, DAY);
  await chooseSchool(page, SCHOOL);
  return page;
}

/**
 * Whether another visitor of the day, opening the workshop's page, can choose each round. The day's seats are
 * shared for a few seconds (decision 0072), so the page is opened again until it shows `expected`.
 */
async function expectRoundsOpen(
  page: Page,
  slug: string,
  expected: Record<number, boolean>,
) {
  const radio = (round: number) =>
    page
      .getByRole("region", { name: "Inschrijven" })
      .getByRole("radio", { name: new RegExp(`^Ronde ${round}\\b`) });
  await expect
    .poll(
      async () => {
        await page.goto(`/workshop/${slug}`);
        return Object.fromEntries(
          await Promise.all(
            Object.keys(expected).map(async (round) => [
              Number(round),
              await radio(Number(round)).isEnabled(),
            ]),
          ),
        );
      },
      { timeout: 20_000, intervals: [500, 1_000, 2_000] },
    )
    .toEqual(expected);
}

/** The 'Ben je al ingeschreven?' box on /inschrijven for the day (by its card's text, or its place on Home). */
async function requestLoginLink(
  page: Page,
  email: string,
  day: string | number = DAY,
): Promise<void> {
  await chooseDay(page, day);
  const box = page.getByRole("region", { name: "Ben je al ingeschreven?" });
  await box.getByLabel("E-mailadres").fill(email);
  await box.getByLabel("E-mailadres").press("Enter");
  await expect(page.getByText(MESSAGES.loginRequested)).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Ben je al ingeschreven?" })
      .getByLabel("E-mailadres"),
  ).toHaveValue("");
}

/** The person opens the login link and presses 'Ga verder'; the cart holds the registration's choices. */
async function logInWith(page: Page, link: string, choices: number) {
  await page.goto(link);
  await expect(page).toHaveURL(`${APP_URL}/login`);
  await expect(
    page.getByRole("heading", { name: "Welkom terug!", level: 1 }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Ga verder" }).click();
  await expect(page).toHaveURL(`${APP_URL}/workshops`);
  await expect(cartToggle(page, choices)).toBeVisible();
}

test("a registration's life through its mails, with scanners opening every link first", async ({
  page,
  browser,
  request,
}) => {
  // Fifteen pages, three mails and two dozen scanner visits.
  test.setTimeout(180_000);
  const watch = watchForTokens(page);
  const links: string[] = [];

  // Register: day, school, this test's workshop in round 1, the final form.
  await chooseDay(page, DAY);
  const { orientationDayId } = await readSession(page);
  const workshop = await addOneSeatWorkshop(page, orientationDayId!);
  await chooseSchool(page, SCHOOL);
  await page.goto(`/workshop/${workshop.slug}`);
  await addToRound(page, 1);
  await closeCart(page);
  await page.goto("/inschrijving-afronden");
  const email = `leven-${test.info().project.name}-${Date.now().toString(36)}@example.nl`;
  await fillRequiredDetails(page, email);
  const session = await readSession(page);
  const visitor: Visitor = {
    anonymousUserId: session.anonymousUserId!,
    registrationId: session.registrationId!,
  };
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByText(TOASTS.registeredNew.message)).toBeVisible();

  // The confirmation mail; scanners open its link first and confirm nothing.
  const confirmLink = await mailedLink(
    request,
    email,
    "/inschrijving-bevestigen",
  );
  links.push(confirmLink);
  await openLikeScanners(confirmLink);
  expect((await fetchRegistration(request, visitor))?.created).toBeNull();

  // The person's click confirms, and the address bar loses the token.
  await page.goto(confirmLink);
  await expect(page).toHaveURL(`${APP_URL}/inschrijving-bevestigen`);
  await expect(
    page.getByRole("heading", { name: THANK_YOU, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Ga naar Home" })).toBeVisible();
  expect((await fetchRegistration(request, visitor))?.created).not.toBeNull();
  await expectNoTokenInPage(page, [tokenOf(confirmLink)]);
  await expectNoA11yViolations(page);

  // 'Zet in je agenda': the chosen round at the day's address, in Dutch time.
  const calendarLink = page.getByRole("link", { name: "Zet in je agenda" });
  const calendar = await page.request.get(
    new URL((await calendarLink.getAttribute("href"))!, APP_URL).href,
  );
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()["content-type"]).toContain("text/calendar");
  const ics = (await calendar.text()).replace(/\r\n[ \t]/g, "");
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(ics).toContain(`SUMMARY:${workshop.display}`);
  expect(ics).toMatch(/LOCATION:.+/);
  expect(ics).toMatch(/DTSTART;TZID=Europe\/Amsterdam:\d{8}T\d{6}\r\n/);

  // A second click still thanks the person.
  await page.goto(confirmLink);
  await expect(
    page.getByRole("heading", { name: THANK_YOU, level: 1 }),
  ).toBeVisible();

  // Login request, then the login mail, opened by scanners before the person.
  await requestLoginLink(page, email);
  const loginLink = await mailedLink(request, email, "/login");
  links.push(loginLink);
  await openLikeScanners(loginLink);
  await page.goto(loginLink);
  await expect(
    page.getByRole("heading", { name: "Welkom terug!", level: 1 }),
  ).toBeVisible();
  await expectNoTokenInPage(page, [tokenOf(loginLink)]);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Ga verder" }).click();
  await expect(page).toHaveURL(`${APP_URL}/workshops`);
  await expect(cartToggle(page, 1)).toBeVisible();
  await expect(page.getByRole("button", { name: "Wijzig school" })).toHaveCount(
    0,
  );

  // Change: the workshop moves to round 2, freeing round 1.
  await page.goto(`/workshop/${workshop.slug}`);
  await addToRound(page, 2);
  await closeCart(page);
  await page.goto("/inschrijving-afronden");
  await expect(
    page.getByRole("heading", { name: "Inschrijving wijzigen", level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByLabel("E-mailadres", { exact: true }),
  ).not.toBeEditable();
  await expect(page.getByLabel("Bevestig E-mailadres")).toHaveCount(0);
  await page.getByRole("button", { name: "Wijziging versturen" }).click();
  await expect(page.getByText(TOASTS.registeredChanged.message)).toBeVisible();
  await expect
    .poll(async () =>
      (await mailsTo(request, email)).map((mail) => mail.subject),
    )
    .toContain("Je inschrijving is gewijzigd");
  const looker = await onlooker(browser);
  try {
    await expectRoundsOpen(looker, workshop.slug, { 1: true, 2: false });

    // A used login link is refused.
    await page.goto(loginLink);
    await page.getByRole("button", { name: "Ga verder" }).click();
    await expect(page.getByText(MESSAGES.loginLinkExpired)).toBeVisible();

    // Login again, and cancel.
    await requestLoginLink(page, email);
    const secondLogin = await mailedLink(request, email, "/login", [loginLink]);
    links.push(secondLogin);
    await logInWith(page, secondLogin, 1);
    await untilHydrated(page);
    await cartToggle(page).click();
    await cartPanel(page)
      .getByRole(javaScriptEnabled() ? "button" : "link", {
        name: "Inschrijving annuleren",
      })
      .click();
    await expect(page.getByText(MESSAGES.cancelQuestion)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Ja, schrijf mij uit" }).click();
    await expect(page).toHaveURL(`${APP_URL}/`);
    await expect(page.getByText(MESSAGES.unsubscribed)).toBeVisible();
    expect(await fetchRegistration(request, visitor)).toBeNull();

    // Both seats are free again.
    await expectRoundsOpen(looker, workshop.slug, { 1: true, 2: true });
  } finally {
    await looker.context().close();
  }

  watch.expectNoLeak(links.map(tokenOf), links);
});

test("logging out after a login ends on Home with 'Je bent uitgelogd'", async ({
  page,
  request,
}) => {
  const { email } = await createConfirmedRegistration(page, request);
  await page.context().clearCookies();
  await requestLoginLink(page, email, 0);
  await logInWith(page, await mailedLink(request, email, "/login"), 1);
  await page.getByRole("button", { name: "Uitloggen" }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
  await expect(page.getByRole("button", { name: "Uitloggen" })).toHaveCount(0);
});

test("a person taken for a scanner confirms with the button 'Inschrijving bevestigen'", async ({
  page,
  browser,
  request,
}) => {
  const registration = await createPendingRegistration(page, request);
  const link = await mailedLink(
    request,
    registration.email,
    "/inschrijving-bevestigen",
  );
  // A browser whose user agent reads like Outlook's link preview.
  const context = await browser.newContext({
    baseURL: APP_URL,
    javaScriptEnabled: javaScriptEnabled(),
    userAgent: SCANNER_AGENTS.outlook,
  });
  try {
    const person = await context.newPage();
    await person.goto(link);
    await expect(person).toHaveURL(`${APP_URL}/inschrijving-bevestigen`);
    await expect(
      person.getByRole("heading", {
        name: "Inschrijving bevestigen",
        level: 1,
      }),
    ).toBeVisible();
    expect(
      (await fetchRegistration(request, registration))?.created,
    ).toBeNull();
    await expectNoTokenInPage(person, [tokenOf(link)]);
    await expectNoA11yViolations(person);

    await person
      .getByRole("button", { name: "Inschrijving bevestigen" })
      .click();
    await expect(
      person.getByRole("heading", { name: THANK_YOU, level: 1 }),
    ).toBeVisible();
    expect(
      (await fetchRegistration(request, registration))?.created,
    ).not.toBeNull();
  } finally {
    await context.close();
  }
});

test("an unknown confirmation link says 'Er is iets misgegaan.' and nothing else", async ({
  page,
}) => {
  await page.goto(`/inschrijving-bevestigen?token=${"x".repeat(43)}`);
  await expect(page).toHaveURL(`${APP_URL}/inschrijving-bevestigen`);
  const main = page.getByRole("main");
  await expect(
    main.getByRole("heading", { name: MESSAGES.confirmationFailed, level: 1 }),
  ).toBeVisible();
  await expect(main.getByRole("link")).toHaveCount(0);
  await expect(main.getByRole("button")).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("/login without a link's token says the link is gone and offers no 'Ga verder'", async ({
  page,
}) => {
  serverSideOnly();
  await page.goto("/login");
  await expect(page.getByText(MESSAGES.loginLinkExpired)).toBeVisible();
  await expect(page.getByRole("button", { name: "Ga verder" })).toHaveCount(0);
  // A malformed token is not held either.
  await page.goto("/login?token=kort");
  await expect(page).toHaveURL(`${APP_URL}/login`);
  await expect(page.getByText(MESSAGES.loginLinkExpired)).toBeVisible();
});
