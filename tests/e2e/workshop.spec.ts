/**
 * The workshop page and the cart (spec "Workshop info", "Cart drawer", "Adding a workshop to a round",
 * "Removing a workshop"), with JavaScript on and off. The visitor gets a day by choosing it on Home and a
 * registration with a school through the upstream's own API, as the school screen would make it.
 */
import { expect, test } from "@playwright/test";
import {
  addToRound,
  cartPanel,
  cartToggle,
  chooseDay,
  closeCart,
  javaScriptEnabled,
  openCart,
  serverSideOnly,
  untilHydrated,
} from "../support/e2e/flow";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { APP_URL } from "../../playwright.config";
import { MESSAGES } from "../../app/messages";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  addTestWorkshop,
  createConfirmedRegistration,
  createWithFirstSchool,
  fetchRegistration,
  upstreamCall,
  visitorForDay,
  visitorPage,
  type DayVisitor,
  type Visitor,
} from "../support/e2e/registration";

// Each test walks several pages and runs axe on most of them.
test.describe.configure({ timeout: 120_000 });

const site = buildDemoData().find((demo) => demo.name === "localhost")!;
function display(slug: string): string {
  const workshop = site.workshops.find((candidate) => candidate.slug === slug);
  if (!workshop) throw new Error(`no demo workshop ${slug}`);
  return workshop.display;
}

/** Home lists the days by date: the spring day, the afternoon of professions, the read-only summer day. */
const DAY = { spring: 0, afternoon: 1, readonly: 2 } as const;

/** Chooses the day on Home, then creates the registration with the day's first school upstream. */
async function visitorWithSchool(
  page: Page,
  request: APIRequestContext,
  dayIndex: number = DAY.spring,
): Promise<DayVisitor> {
  const visitor = await visitorForDay(page, dayIndex);
  await createWithFirstSchool(request, visitor);
  return visitor;
}

function round(page: Page, number: number): Locator {
  return page.getByRole("radio", { name: new RegExp(`^Ronde ${number}\\b`) });
}

function roundLabel(page: Page, number: number): Locator {
  return page.locator("label").filter({ has: round(page, number) });
}

/** The round's badge, read with the drawer closed (an open drawer hides the page from assistive technology). */
async function expectAdded(page: Page, number: number) {
  await closeCart(page);
  await expect(roundLabel(page, number)).toContainText(
    "Toegevoegd aan inschrijving",
  );
}

async function choicesOf(request: APIRequestContext, visitor: Visitor) {
  const registration = await fetchRegistration(request, visitor);
  return Object.fromEntries(
    Object.entries(registration?.choices ?? {}).map(([key, choice]) => [
      key,
      choice?.workshop.slug ?? null,
    ]),
  );
}

test.describe("guards", () => {
  test.beforeEach(() => serverSideOnly());
  test("without a day the workshop page goes home", async ({ page }) => {
    await page.goto("/workshop/robotica");
    await expect(page).toHaveURL(/\/$/);
  });

  test("with a day but no school it goes to /inschrijven", async ({ page }) => {
    await chooseDay(page, DAY.spring);
    await page.goto("/workshop/robotica");
    await expect(page).toHaveURL(/\/inschrijven$/);
  });
});

test("an unknown workshop is the 404 page", async ({ page, request }) => {
  serverSideOnly();
  await visitorWithSchool(page, request);
  const response = await page.goto("/workshop/bestaat-niet");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(MESSAGES.notFound)).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the page shows the workshop, keeps the list's search in the back link, and opens the cart", async ({
  page,
  request,
}) => {
  await visitorWithSchool(page, request);
  await page.goto("/workshop/software-development?q=app&domein=ICT");

  await expect(
    page.getByRole("heading", {
      level: 1,
      name: display("software-development"),
    }),
  ).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Terug naar workshops" }),
  ).toHaveAttribute("href", "/workshops?q=app&domein=ICT");
  const photos = page.getByRole("region", { name: "Foto's" }).locator("img");
  await expect(photos.first()).toHaveAttribute("loading", "lazy");
  await expect(photos.first()).toHaveAttribute("width", /\d+/);
  await expect(photos.first()).toHaveAttribute("height", /\d+/);
  await expect(
    page.getByRole("region", { name: "Inschrijven" }).getByRole("radio"),
  ).toHaveCount(4);
  // Nothing chosen yet: the first round is preselected and can be added.
  await expect(round(page, 1)).toBeChecked();
  await expect(roundLabel(page, 1)).toContainText("Kies deze ronde");
  await expect(page.getByRole("button", { name: "Toevoegen" })).toBeEnabled();
  await expectNoA11yViolations(page);

  await cartToggle(page, 0).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Kies per ronde één workshop.")).toBeVisible();
  await expect(panel.getByText("0 geselecteerde workshop(s).")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Kies workshop" })).toHaveCount(
    4,
  );
  await expect(
    panel.getByRole("link", { name: "Inschrijving afronden" }),
  ).toHaveAttribute("href", "/inschrijving-afronden");
  await expectNoA11yViolations(page);

  if (javaScriptEnabled()) {
    // Focus never reaches the page behind the drawer (a modal <dialog>): past its last control it goes to the
    // browser's own controls (nothing in the page has it), and the next Tab comes back to its first. Escape closes it.
    const stops: string[] = [];
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press("Tab");
      stops.push(
        await panel.evaluate((node) =>
          node.contains(document.activeElement)
            ? "drawer"
            : document.activeElement === document.body
              ? "browser"
              : "page",
        ),
      );
    }
    expect(stops).not.toContain("page");
    expect(stops.lastIndexOf("drawer")).toBeGreaterThan(
      stops.indexOf("browser"),
    );
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  }
});

test("adding to two rounds, replacing one, moving a workshop and removing one from the cart", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request);
  const finance = display("financiele-dienstverlening");
  const media = display("mediavormgeving");
  const software = display("software-development");
  const submit = () =>
    page.getByRole("region", { name: "Inschrijven" }).getByRole("button");

  await page.goto("/workshop/financiele-dienstverlening");
  await addToRound(page, 1);
  await expect(
    cartPanel(page).getByRole("link", { name: finance }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await expectAdded(page, 1);
  await expect(cartToggle(page, 1)).toBeVisible();
  if (javaScriptEnabled()) await expect(submit()).toHaveText("Geselecteerd");
  if (javaScriptEnabled()) await expect(submit()).toBeDisabled();

  // The first round holds a workshop: the page now preselects the first free one.
  await page.goto("/workshop/mediavormgeving");
  await expect(round(page, 2)).toBeChecked();
  await expect(roundLabel(page, 1)).toContainText(`Huidige keuze: ${finance}`);
  await addToRound(page, 2);
  await expectAdded(page, 2);
  await expect(cartToggle(page, 2)).toBeVisible();
  expect(await choicesOf(request, visitor)).toMatchObject({
    "1": "financiele-dienstverlening",
    "2": "mediavormgeving",
  });

  // Replacing: another workshop in round 1.
  await page.goto("/workshop/software-development");
  await round(page, 1).check();
  if (javaScriptEnabled()) await expect(submit()).toHaveText("Aanpassen");
  await submit().click();
  await expect(cartPanel(page)).toBeVisible();
  await expectAdded(page, 1);
  expect(await choicesOf(request, visitor)).toMatchObject({
    "1": "software-development",
    "2": "mediavormgeving",
  });

  // Moving: the same workshop in another round leaves its old round.
  await page.goto("/workshop/mediavormgeving");
  await expect(round(page, 2)).toBeChecked();
  await round(page, 3).check();
  await submit().click();
  await expect(cartPanel(page)).toBeVisible();
  await expectAdded(page, 3);
  await expect(roundLabel(page, 2)).toContainText("Kies deze ronde");
  const moved = await choicesOf(request, visitor);
  expect(moved["3"]).toBe("mediavormgeving");
  expect(moved["2"] ?? null).toBeNull();

  // Removing from the cart.
  await expect(cartToggle(page, 2)).toBeVisible();
  await openCart(page);
  const panel = cartPanel(page);
  await expect(panel.getByText("2 geselecteerde workshop(s).")).toBeVisible();
  await panel.getByRole("button", { name: `Verwijder ${software}` }).click();
  await expect(cartPanel(page)).toBeVisible();
  await expect(
    cartPanel(page).getByRole("link", { name: software }),
  ).toHaveCount(0);
  await expect(
    cartPanel(page).getByText("1 geselecteerde workshop(s)."),
  ).toBeVisible();
  await expect(
    cartPanel(page).getByRole("link", { name: media }),
  ).toBeVisible();
  expect((await choicesOf(request, visitor))["1"] ?? null).toBeNull();
  await closeCart(page);
  await expect(cartToggle(page, 1)).toBeVisible();
});

test("a read-only day offers no round and refuses a forced add", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request, DAY.readonly);
  const readonlyDay = site.orientationDays.find((day) => day.readonly)!;
  const slug = site.workshops.find(
    (workshop) => workshop.dayKey === readonlyDay.key,
  )!.slug;

  await page.goto(`/workshop/${slug}`);
  const radios = page
    .getByRole("region", { name: "Inschrijven" })
    .getByRole("radio");
  await expect(radios).toHaveCount(readonlyDay.rounds.length);
  for (const radio of await radios.all()) await expect(radio).toBeDisabled();
  await expect(
    page
      .getByRole("region", { name: "Inschrijven" })
      .locator("label")
      .getByText("Niet beschikbaar", { exact: true }),
  ).toHaveCount(readonlyDay.rounds.length);
  await expect(
    page.getByRole("button", { name: "Niet beschikbaar" }),
  ).toBeDisabled();
  await expectNoA11yViolations(page);

  // A hand-made POST is refused by the server too.
  const forced = await page.request.post(`/workshop/${slug}`, {
    form: { round: "1" },
    headers: { Origin: APP_URL },
    maxRedirects: 0,
  });
  expect(forced.status()).toBe(409);
  expect(await choicesOf(request, visitor)).toEqual(
    Object.fromEntries(readonlyDay.rounds.map((r) => [String(r.number), null])),
  );
});

/**
 * Both pages' visitors get a registration for the afternoon day, and the day a workshop of this test's own with
 * one seat in round 1, so no other test takes it.
 */
async function oneSeatBetween(
  pages: [Page, Page],
  request: APIRequestContext,
  display: string,
): Promise<{ visitors: DayVisitor[]; slug: string }> {
  const visitors = [
    await visitorWithSchool(pages[0], request, DAY.afternoon),
    await visitorWithSchool(pages[1], request, DAY.afternoon),
  ];
  const slug = await addTestWorkshop(
    request,
    visitors[0]!.orientationDayId,
    display,
    { "1": 1 },
  );
  return { visitors, slug };
}

test("two visitors race for the last seat of a round: one gets it, the other is told", async ({
  browser,
  request,
}) => {
  const [first, second] = await Promise.all([
    visitorPage(browser),
    visitorPage(browser),
  ]);
  try {
    const { visitors, slug } = await oneSeatBetween(
      [first, second],
      request,
      "Laatste plek",
    );

    for (const page of [first, second]) {
      await page.goto(`/workshop/${slug}`);
      await untilHydrated(page);
      await expect(round(page, 1)).toBeChecked();
      await expect(
        page.getByRole("button", { name: "Toevoegen" }),
      ).toBeEnabled();
    }
    await Promise.all(
      [first, second].map((page) =>
        page.getByRole("button", { name: "Toevoegen" }).click(),
      ),
    );

    const warned = async (page: Page) => {
      await expect(
        page.getByText(MESSAGES.roundFull).or(cartPanel(page)),
      ).toBeVisible();
      return page.getByText(MESSAGES.roundFull).isVisible();
    };
    const outcomes = await Promise.all([warned(first), warned(second)]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const loser = outcomes[0] ? first : second;
    await expect(cartToggle(loser, 0)).toBeVisible();
    await expectNoA11yViolations(loser);

    // No oversell: exactly one registration holds the seat.
    const holders = await Promise.all(
      visitors.map(async (visitor) => (await choicesOf(request, visitor))["1"]),
    );
    expect(holders.filter((holder) => holder === slug)).toHaveLength(1);
  } finally {
    await Promise.all([first.context().close(), second.context().close()]);
  }
});

test("a full round told before the scripts run stays told once they run", async ({
  browser,
  request,
}) => {
  test.skip(!javaScriptEnabled(), "about the moment the scripts take over");
  const [slow, quick] = await Promise.all([
    visitorPage(browser),
    visitorPage(browser),
  ]);
  try {
    const { slug } = await oneSeatBetween(
      [slow, quick],
      request,
      "Voor de scripts",
    );

    // A slow phone: its scripts have not arrived when the visitor presses the button, so the form posts plainly.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await slow.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await slow.goto(`/workshop/${slug}`);
    await expect(round(slow, 1)).toBeChecked();

    // Meanwhile another visitor takes the last seat.
    await quick.goto(`/workshop/${slug}`);
    await quick.getByRole("button", { name: "Toevoegen" }).click();
    await expect(cartPanel(quick)).toBeVisible();

    await slow.getByRole("button", { name: "Toevoegen" }).click();
    await expect(slow.getByText(MESSAGES.roundFull)).toBeVisible();

    releaseScripts();
    await untilHydrated(slow);
    await expect(slow.getByText(MESSAGES.roundFull)).toBeVisible();
    await expect(cartToggle(slow, 0)).toBeVisible();
  } finally {
    await Promise.all([slow.context().close(), quick.context().close()]);
  }
});

test("a registration gone upstream ends on Home with the expiry warning", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request);
  await page.goto("/workshop/financiele-dienstverlening");
  await expect(cartToggle(page, 0)).toBeVisible();

  expect((await upstreamCall(request, visitor, "delete")).status()).toBe(200);
  await page.goto("/workshop/financiele-dienstverlening");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(MESSAGES.registrationExpired)).toBeVisible();
});

test("a created registration's cart offers 'Inschrijving wijzigen' and 'Inschrijving annuleren'", async ({
  page,
  request,
}) => {
  await createConfirmedRegistration(page, request);
  await page.goto("/workshop/financiele-dienstverlening?inschrijving=open");
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  await expect(
    panel.getByRole("link", { name: "Inschrijving wijzigen" }),
  ).toHaveAttribute("href", "/inschrijving-afronden");
  await expect(panel.getByText("Inschrijving annuleren")).toBeVisible();
  await expect(panel.getByText("1 geselecteerde workshop(s).")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the add button says what pressing does: without JavaScript 'Aanpassen' for a workshop in the cart, never 'Geselecteerd'", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request);
  const submit = page
    .getByRole("region", { name: "Inschrijven" })
    .getByRole("button", { name: /^(Toevoegen|Aanpassen|Geselecteerd)$/ });

  await page.goto("/workshop/verpleegkunde");
  await untilHydrated(page);
  await expect(submit).toHaveText("Toevoegen");
  await addToRound(page, 1);
  await closeCart(page);

  // Back on the page: round 1 holds the workshop and is preselected.
  await page.goto("/workshop/verpleegkunde");
  await untilHydrated(page);
  await expect(round(page, 1)).toBeChecked();
  if (javaScriptEnabled()) {
    // With JavaScript the spec's rules: the chosen round's state, then what the picked round allows.
    await expect(submit).toHaveText("Geselecteerd");
    await expect(submit).toBeDisabled();
    await round(page, 2).check();
    await expect(submit).toHaveText("Toevoegen");
  } else {
    await expect(submit).toHaveText("Aanpassen");
    await expect(submit).toBeEnabled();
    await round(page, 2).check();
  }
  await submit.click();
  await expect(cartPanel(page)).toBeVisible();
  await expectAdded(page, 2);
  const choices = await choicesOf(request, visitor);
  expect(choices["2"]).toBe("verpleegkunde");
  expect(choices["1"] ?? null).toBeNull();
});
