/**
 * The server's HTML of every page and state the real-device suite visits, as other browsers get it: read as text
 * without styles (our own reading, and w3m's where installed) no two words run together; a conformance checker
 * (html-validate, recommended rules; decision 0062) finds no error; and every submit button that a browser which
 * ignores `form=` would send differently (its enclosing form's fields plus its own name and value) does what its
 * label says when sent so. The HTML is the server's, the same with and without JavaScript: it runs once, in the
 * project without.
 */
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { fillRequiredDetails, serverSideOnly } from "../support/e2e/flow";
import { uniqueEmail } from "../fixtures/unique";
import { mailedLink } from "../support/e2e/mail";
import {
  checkMarkup,
  differingButtons,
  keepDocuments,
  postIgnoringForm,
} from "../support/e2e/markup";
import {
  addTestWorkshop,
  createPendingRegistration,
  createWithFirstSchool,
  expireRegistrationUpstream,
  fetchRegistration,
  firstSchoolButton,
  startRegistration,
  upstreamCall,
  visitorForDay,
} from "../support/e2e/registration";

test.beforeEach(() => serverSideOnly());
test.describe.configure({ timeout: 90_000 });

/** The buttons whose post a `form=`-ignoring browser changes, and which the waiting-list test below sends so. */
const WAITLIST_BUTTONS = [
  /^Op de wachtlijst voor ronde \d+$/,
  /^Van de wachtlijst voor ronde \d+$/,
];

async function visit(page: Page, html: () => Promise<string>, path: string) {
  await page.goto(path);
  return html();
}

test("Home, Contact (empty and with errors), /privacy, /toegankelijkheid, 404", async ({
  page,
}) => {
  const html = keepDocuments(page);
  for (const [path, label] of [
    ["/", "Home"],
    ["/privacy", "/privacy"],
    ["/toegankelijkheid", "/toegankelijkheid"],
    ["/bestaat-niet", "404"],
    ["/contact", "Contact"],
  ] as const)
    await checkMarkup(page, await visit(page, html, path), label);
  await page.getByLabel("Bericht").fill("Mag ik een vriend meenemen?");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page).toHaveTitle(/^Fout: /);
  await checkMarkup(page, await html(), "Contact with errors");
});

test("/inschrijven with the login box, /workshops with search, filters and favourites", async ({
  page,
}) => {
  const html = keepDocuments(page);
  await visitorForDay(page);
  await checkMarkup(page, await html(), "/inschrijven");
  const login = page.getByRole("region", { name: "Ben je al ingeschreven?" });
  await login.getByLabel("E-mailadres").fill("geen-adres");
  await login.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveTitle(/^Fout: /);
  await checkMarkup(page, await html(), "/inschrijven, login refused");

  await firstSchoolButton(page).click();
  await expect(page).toHaveURL(/\/workshops$/);
  await checkMarkup(page, await html(), "/workshops");
  await page
    .getByRole("button", { name: /Politie en veiligheid/ })
    .first()
    .click();
  await checkMarkup(
    page,
    await visit(page, html, "/workshops?q=zorg&domein=favorieten"),
    "/workshops, searched and filtered, favourite",
  );
});

test("a workshop page with a chosen round, a full round, a waiting-list line and 'Nog n plekken'; the cart open", async ({
  page,
  request,
}) => {
  const html = keepDocuments(page);
  const visitor = await visitorForDay(page, 1);
  await createWithFirstSchool(request, visitor);
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    "Tekstproef",
    { "1": 0, "2": 3, "3": 12 },
  );
  await checkMarkup(
    page,
    await visit(page, html, `/workshop/${slug}`),
    "workshop page, full round, seats left",
    WAITLIST_BUTTONS,
  );
  await page
    .getByRole("button", { name: "Op de wachtlijst voor ronde 1" })
    .click();
  await expect(
    page.getByRole("button", { name: "Van de wachtlijst voor ronde 1" }),
  ).toBeVisible();
  await checkMarkup(
    page,
    await html(),
    "workshop page, a waiting-list line",
    WAITLIST_BUTTONS,
  );
  await page.getByRole("radio", { name: /^Ronde 3\b/ }).check();
  await page.getByRole("button", { name: "Toevoegen", exact: true }).click();
  await expect(page).toHaveURL(/[?&]inschrijving=open/);
  await checkMarkup(
    page,
    await html(),
    "workshop page, a round chosen, the cart open",
    WAITLIST_BUTTONS,
  );
});

test("the final form: empty and with errors", async ({ page, request }) => {
  const html = keepDocuments(page);
  await startRegistration(page, request);
  await checkMarkup(page, await html(), "final form");
  await page.getByLabel("E-mailadres", { exact: true }).fill("sam@voorbeeld");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page).toHaveTitle(/^Fout: /);
  await checkMarkup(page, await html(), "final form with errors");
});

test("Home after 'Versturen': waiting for the mailed link, after the resend, and once let go unconfirmed", async ({
  page,
  request,
}) => {
  const html = keepDocuments(page);
  const visitor = await startRegistration(page, request);
  const email = uniqueEmail("markup");
  await fillRequiredDetails(page, email);
  await page.getByRole("button", { name: "Versturen", exact: true }).click();
  // The address as Home shows it: masked (issue 43).
  await expect(
    page.getByText(`${email[0]}***${email.slice(email.indexOf("@"))}`),
  ).toBeVisible();
  await checkMarkup(page, await html(), "Home waiting for the mailed link");
  await page.getByRole("button", { name: "Stuur de e-mail opnieuw" }).click();
  await expect(page.getByText(/opnieuw gestuurd/)).toBeVisible();
  await checkMarkup(page, await html(), "Home after the resend");
  // Let go as the upstream does when its time runs out: a sent registration is no longer the draft id's to
  // delete (decision 0076).
  await expireRegistrationUpstream(request, visitor);
  await checkMarkup(
    page,
    await visit(page, html, "/"),
    "Home once let go unconfirmed",
  );
});

test("a confirmed registration: the confirm page, 'Jouw inschrijving', the cancel page, the login page", async ({
  page,
  request,
}) => {
  const html = keepDocuments(page);
  const registration = await createPendingRegistration(page, request);
  await page.goto(
    await mailedLink(request, registration.email, "/inschrijving-bevestigen"),
  );
  await checkMarkup(page, await html(), "confirm page");
  for (const [path, label] of [
    ["/inschrijving-afronden", "'Jouw inschrijving'"],
    ["/inschrijving-annuleren", "cancel page"],
    ["/login", "login page without a link"],
  ] as const)
    await checkMarkup(page, await visit(page, html, path), label);
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
  await page.goto(await mailedLink(request, registration.email, "/login"));
  await checkMarkup(page, await html(), "login page");
});

test("the waiting-list buttons, sent as a browser that ignores form= sends them, do what they say", async ({
  page,
  request,
}) => {
  const visitor = await visitorForDay(page, 1);
  await createWithFirstSchool(request, visitor);
  const display = "Wachtlijstproef";
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    display,
    { "1": 0, "2": 3, "3": 12 },
  );
  await page.goto(`/workshop/${slug}`);
  // Round 2 is ticked: an open round, the first without a choice.
  await expect(page.getByRole("radio", { name: /^Ronde 2\b/ })).toBeChecked();
  const holding = async () =>
    Object.entries((await fetchRegistration(request, visitor))!.choices)
      .filter(([, choice]) => choice?.workshop.slug === slug)
      .map(([round]) => Number(round));
  const waiting = async () =>
    ((await fetchRegistration(request, visitor))!.waitlist ?? [])
      .filter((entry) => entry.workshop.slug === slug)
      .map((entry) => entry.round);

  const join = (await differingButtons(page)).find(
    (post) => post.label === "Op de wachtlijst voor ronde 1",
  );
  expect(join, "the join button sits inside the add form").toBeDefined();
  await postIgnoringForm(page, join!);
  expect(await waiting()).toEqual([1]);
  expect(await holding(), "no round got the workshop").toEqual([]);
  await expect(
    page.getByRole("button", { name: "Van de wachtlijst voor ronde 1" }),
  ).toBeVisible();

  const leave = (await differingButtons(page)).find(
    (post) => post.label === "Van de wachtlijst voor ronde 1",
  );
  expect(leave).toBeDefined();
  await postIgnoringForm(page, leave!);
  expect(await waiting()).toEqual([]);
  expect(await holding(), "no round got the workshop").toEqual([]);
  await expect(
    page.getByRole("button", { name: "Op de wachtlijst voor ronde 1" }),
  ).toBeVisible();
  // Every button left on the page that such a browser sends otherwise is one of these two.
  for (const post of await differingButtons(page))
    expect(WAITLIST_BUTTONS.some((pattern) => pattern.test(post.label))).toBe(
      true,
    );
});
