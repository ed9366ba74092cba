/**
 * Registered means confirmed (decision 0065), with JavaScript on and off: after 'Versturen' Home says, once the
 * success dialog or toast is gone and on every later visit, that the registration waits for the mailed link, with
 * the address and until when the link works; 'Stuur de e-mail opnieuw' mails a new link and only that one
 * confirms; once confirmed Home asks nothing; a registration whose link was never opened is said to be gone.
 * Everything goes through the real screens and the reference upstream's mailbox.
 */
import { expect, test } from "@playwright/test";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { AWAITING_CONFIRMATION, MESSAGES, TOASTS } from "../../app/messages";
import { APP_URL } from "../../playwright.config";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { fillRequiredDetails, javaScriptEnabled } from "../support/e2e/flow";
import { mailedLink, mailsTo } from "../support/e2e/mail";
import {
  expireRegistrationUpstream,
  fetchRegistration,
  startRegistration,
} from "../support/e2e/registration";
import type { Visitor } from "../support/e2e/registration";
import { uniqueEmail } from "../fixtures/unique";

/** A time as the site says it: "14:35" today, "zaterdag 28 november 00:35" when it falls on the next day. */
const CLOCK_TIME = String.raw`(?:[a-z]+ \d{1,2} [a-z]+ )?\d\d:\d\d`;

// Each test sets a registration up through the upstream and reads the mailbox.
test.describe.configure({ timeout: 60_000 });

/** Home's notice of the registration waiting for its link, by its heading. */
function notice(page: Page, title: string = AWAITING_CONFIRMATION.title) {
  return page.getByRole("region", { name: title });
}

function resendButton(page: Page): Locator {
  return page.getByRole("button", { name: /opnieuw/ });
}

/** The final form filled in and sent; ends on Home once the success dialog (or toast) has gone. */
async function sendRegistration(
  page: Page,
  request: APIRequestContext,
): Promise<Visitor & { email: string }> {
  const visitor = await startRegistration(page, request);
  const email = uniqueEmail("bevestig");
  await fillRequiredDetails(page, email);
  await page.getByRole("button", { name: "Versturen", exact: true }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  if (javaScriptEnabled()) {
    const dialog = page.getByRole("dialog", { name: MESSAGES.registeredNew });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 6_000 });
  }
  return { ...visitor, email };
}

/** The address as Home shows it (issue 43): its first character, three asterisks, the domain. */
function masked(email: string): string {
  return `${email[0]}***${email.slice(email.indexOf("@"))}`;
}

/**
 * What the notice must say of a registration waiting for its link sent to `email`: the address masked, and the whole
 * address nowhere in the page nor in Home's data (the next user of a shared computer must not learn it).
 */
async function expectWaiting(page: Page, email: string) {
  const waiting = notice(page);
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText(masked(email));
  expect(await page.content()).not.toContain(email.slice(1));
  const homeData = await page.request.get("/_.data");
  expect(homeData.status()).toBe(200);
  const data = await homeData.text();
  expect(data).toContain(masked(email));
  expect(data).not.toContain(email.slice(1));
  await expect(waiting).toContainText(/bevestig/i);
  await expect(waiting).toContainText(
    new RegExp(`De link werkt tot ${CLOCK_TIME}\\.`),
  );
  await expect(waiting).toContainText(
    /dan vervalt je inschrijving en gaan je plekken naar anderen/,
  );
  await expect(resendButton(page)).toBeVisible();
}

test("after 'Versturen' Home says the registration waits for the mailed link, with the address, and says it again on a new visit", async ({
  page,
  request,
}) => {
  const { email } = await sendRegistration(page, request);
  await expectWaiting(page, email);
  await expectNoA11yViolations(page);

  // A new page load, as when the student comes back later.
  await page.goto("/");
  await expectWaiting(page, email);
  // Elsewhere in the site the notice does not follow; Home is where it lives.
  await page.goto("/contact");
  await expect(notice(page)).toHaveCount(0);
});

test("'Stuur de e-mail opnieuw' mails a new link; only the newest confirms, after which Home asks nothing", async ({
  page,
  request,
}) => {
  const { email } = await sendRegistration(page, request);
  const first = await mailedLink(request, email, "/inschrijving-bevestigen");

  await resendButton(page).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByText(TOASTS.confirmationResent.message)).toBeVisible();
  const newest = await mailedLink(request, email, "/inschrijving-bevestigen", [
    first,
  ]);
  expect(
    (await mailsTo(request, email)).filter(
      (mail) => mail.subject === "Bevestig je inschrijving",
    ),
  ).toHaveLength(2);
  await expectWaiting(page, email);

  // The older link no longer confirms.
  await page.goto(first);
  await expect(
    page.getByRole("heading", { name: MESSAGES.confirmationFailed }),
  ).toBeVisible();
  await page.goto("/");
  await expectWaiting(page, email);

  await page.goto(newest);
  await expect(page).toHaveURL(`${APP_URL}/inschrijving-bevestigen`);
  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await expect(page.getByText(/bevestig/i)).toHaveCount(0);
  await expect(resendButton(page)).toHaveCount(0);
});

test("a replayed resend mails nothing twice", async ({ page, request }) => {
  const { email } = await sendRegistration(page, request);
  await mailedLink(request, email, "/inschrijving-bevestigen");
  // The same form posted twice, as a double tap or a resubmit after a lost answer sends it.
  const form = resendButton(page).locator("xpath=ancestor::form");
  const body = Object.fromEntries(
    await form.evaluate((element: HTMLFormElement) =>
      [...new FormData(element)].map(([name, value]) => [name, String(value)]),
    ),
  );
  for (let i = 0; i < 2; i++) {
    const answer = await page.request.post("/inschrijving-bevestigen/opnieuw", {
      form: body,
      headers: { Origin: APP_URL },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
  }
  await expect.poll(async () => (await mailsTo(request, email)).length).toBe(2);
  expect(
    (await mailsTo(request, email)).filter(
      (mail) => mail.subject === "Bevestig je inschrijving",
    ),
  ).toHaveLength(2);
});

test("a registration whose link was not opened in time: Home says it is gone and how to start again", async ({
  page,
  request,
}) => {
  const visitor = await sendRegistration(page, request);
  // The upstream lets it go, as it does when the link's time runs out.
  await expireRegistrationUpstream(request, visitor);
  expect(await fetchRegistration(request, visitor)).toBeNull();

  await page.goto("/");
  const expired = notice(page, AWAITING_CONFIRMATION.expiredTitle);
  await expect(expired).toBeVisible();
  await expect(expired).toContainText(AWAITING_CONFIRMATION.expired);
  await expect(resendButton(page)).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Starting again: the notice has said what it had to.
  await page
    .getByRole("button", { name: /^Inschrijven voor / })
    .first()
    .click();
  await expect(page).not.toHaveURL(`${APP_URL}/`);
  await page.goto("/");
  await expect(expired).toHaveCount(0);
});

test("the cart says until when it holds the chosen seats", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  await page.goto("/inschrijving-afronden?inschrijving=open");
  await expect(
    page.getByText(
      new RegExp(
        `^Je plekken blijven tot ${CLOCK_TIME} voor je vastgehouden\\. Rond je inschrijving voor die tijd af\\.$`,
      ),
    ),
  ).toBeVisible();
});

test("the cookie from before 'Versturen', kept and sent back, changes nothing: 'Versturen' again says a change needs the login link", async ({
  page,
  request,
}) => {
  const visitor = await startRegistration(page, request);
  // What a script (or a restored browser profile) keeps: the cookies as they were on the final form.
  const before = await page.context().cookies();
  const email = uniqueEmail("overdracht");
  await fillRequiredDetails(page, email);
  await page.getByRole("button", { name: "Versturen", exact: true }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expectWaiting(page, email);

  await page.context().clearCookies();
  await page.context().addCookies(before);
  await page.goto("/inschrijving-afronden");
  await fillRequiredDetails(page, uniqueEmail("kaper"));
  await page.getByLabel("Roepnaam").fill("Iemand");
  await page.getByRole("button", { name: "Versturen", exact: true }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByText(MESSAGES.registrationSent)).toBeVisible();
  await expect(page.getByText(MESSAGES.registeredNew)).toHaveCount(0);
  // Sent means handed over: the upstream holds what was sent, and mailed nobody else.
  const held = await fetchRegistration(request, visitor);
  expect(held).toMatchObject({ voornaam: "Noor", emailadres: email });
});
