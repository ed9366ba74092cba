/**
 * /workshops (spec "EventSelection", "Favourites"), with JavaScript on and off: search ignoring case and
 * accents, filters with their count in a bookmarkable URL, reset, the empty result, favourites on the list and
 * the 'Favorieten' filter, and a workshop without a free round dimmed.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import {
  chooseDay,
  javaScriptEnabled,
  serverSideOnly,
  untilHydrated,
} from "../support/e2e/flow";
import { z } from "zod";
import { APP_URL, UPSTREAM_URL } from "../../playwright.config";
import { MESSAGES } from "../../app/messages";
import { API_BASE_PATH, ENDPOINTS, HEADERS } from "#contract";
import type { EndpointName } from "#contract";
import { WORKSHOPS } from "../../reference-upstream/demo/catalog";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { expectNoA11yViolations } from "../support/e2e/axe";

/** The spring day on the localhost site offers 14 workshops (reference-upstream/demo/sites.ts). */
const ALL_WORKSHOPS = 14;

// Each step of these tests is a page load without JavaScript; together they take longer than the default.
test.describe.configure({ timeout: 60_000 });

async function openWorkshops(page: Page, school = "Domstad Lyceum") {
  await chooseDay(page);
  // Generous waits: each step calls the upstream, which is slow on a busy machine.
  await page.getByRole("button", { name: school, exact: true }).click();
  await expect(page).toHaveURL(/\/workshops$/, { timeout: 15_000 });
  await expect(
    page.getByRole("heading", { name: "Workshops", level: 1 }),
  ).toBeVisible({ timeout: 15_000 });
  await untilHydrated(page);
}

function cards(page: Page) {
  return page.getByRole("list", { name: "Workshops" }).getByRole("article");
}

function titles(page: Page) {
  return page.getByRole("list", { name: "Workshops" }).getByRole("heading");
}

function filtersToggle(page: Page) {
  return page.getByRole("search").locator("summary");
}

async function search(page: Page, text: string) {
  const field = page.getByRole("searchbox", { name: "Zoeken" });
  await field.fill(text);
  await field.press("Enter");
}

test("lists the workshops of the day with school, search and filters", async ({
  page,
}) => {
  await openWorkshops(page);
  await expect(
    page.getByRole("heading", { name: "Workshops", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText("Domstad Lyceum")).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Wijzig school" }),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(ALL_WORKSHOPS);
  await expect(page.getByRole("searchbox", { name: "Zoeken" })).toHaveAttribute(
    "name",
    "q",
  );
  await expect(filtersToggle(page)).toHaveText("Filters");

  // A card: provider, domain labels, title linking to the workshop, intro.
  const card = cards(page).filter({
    has: page.getByRole("heading", { name: "Pedagogisch medewerker" }),
  });
  await expect(card.getByText("ROC Domstad")).toBeVisible();
  await expect(card.getByText("Zorg & Welzijn")).toBeVisible();
  await expect(card.getByText("Onderwijs")).toBeVisible();
  await expect(
    card.getByRole("link", { name: /^Pedagogisch medewerker/ }),
  ).toHaveAttribute("href", "/workshop/pedagogisch-werk");
  await expect(
    card.getByRole("button", { name: /Pedagogisch medewerker/ }),
  ).toHaveAttribute("aria-pressed", "false");
  await expectNoA11yViolations(page);

  // The browser's history restores this page: it is not marked no-store.
  const response = await page.request.get("/workshops");
  expect(response.headers()["cache-control"] ?? "").not.toContain("no-store");
});

test("search matches title, intro, provider and domain ignoring case and accents", async ({
  page,
}) => {
  await openWorkshops(page);

  await search(page, "financiele");
  await expect(titles(page)).toHaveText(["Financiële dienstverlening"]);
  await expect(page).toHaveURL(/[?&]q=financiele/);

  await search(page, "FINANCIËLE");
  await expect(titles(page)).toHaveText(["Financiële dienstverlening"]);

  // Provider name.
  await search(page, "hogeschool midden");
  await expect(cards(page)).toHaveCount(3);

  // Domain name.
  await search(page, "groen & dier");
  await expect(titles(page)).toHaveText([/^Dierverzorging/]);

  await search(page, "bestaat niet");
  await expect(page.getByText(MESSAGES.noWorkshops)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The workshop link keeps the search, so its page can lead back to this list.
  await search(page, "robot");
  await expect(
    cards(page).first().getByRole("link", { name: /robot/ }),
  ).toHaveAttribute("href", "/workshop/robotica?q=robot");
});

test("filters count in the toggle, live in a bookmarkable URL and reset", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openWorkshops(page);
  await filtersToggle(page).click();
  await expect(page.getByRole("group", { name: "Domeinen" })).toBeVisible();
  const domains = page.getByRole("group", { name: "Domeinen" });
  const providers = page.getByRole("group", { name: "Instellingen" });
  await expect(domains.getByRole("checkbox").first()).toHaveAccessibleName(
    "Favorieten",
  );
  await expect(providers.getByRole("checkbox").last()).toHaveAccessibleName(
    "Overige",
  );
  await expectNoA11yViolations(page);

  await domains.getByRole("checkbox", { name: "Zorg & Welzijn" }).check();
  await domains.getByRole("checkbox", { name: "Mens & Maatschappij" }).check();
  await page.getByRole("button", { name: "Toepassen" }).click();
  await expect(filtersToggle(page)).toHaveText("Filters (2)");
  await expect(titles(page)).toHaveText([
    /^Pedagogisch/,
    /^Politie/,
    /^Verpleegkunde/,
  ]);

  if (!(await providers.isVisible())) await filtersToggle(page).click();
  await providers.getByRole("checkbox", { name: "Overige" }).check();
  await page.getByRole("button", { name: "Toepassen" }).click();
  await expect(filtersToggle(page)).toHaveText("Filters (3)");
  await expect(titles(page)).toHaveText([/^Politie/]);
  if (!(await providers.isVisible())) await filtersToggle(page).click();
  await expectNoA11yViolations(page);

  // The address holds the list: opened afresh it shows the same.
  const bookmark = page.url();
  expect(bookmark).toContain("domein=zorg-welzijn");
  expect(bookmark).toContain("instelling=overige");
  await page.goto("/");
  await page.goto(bookmark);
  await expect(filtersToggle(page)).toHaveText("Filters (3)");
  await expect(titles(page)).toHaveText([/^Politie/]);

  await search(page, "ziekenhuis");
  await expect(page.getByText(MESSAGES.noWorkshops)).toBeVisible();

  if (!(await providers.isVisible())) await filtersToggle(page).click();
  await page.getByRole("link", { name: "Reset filters" }).click();
  await expect(page).toHaveURL(/\/workshops$/);
  await expect(filtersToggle(page)).toHaveText("Filters");
  await expect(cards(page)).toHaveCount(ALL_WORKSHOPS);
  await expect(page.getByRole("searchbox", { name: "Zoeken" })).toHaveValue("");
});

test("a favourite is starred on the list, found by 'Favorieten' and unstarred again", async ({
  page,
}) => {
  await openWorkshops(page);
  const star = page.getByRole("button", {
    name: /Politie en veiligheid/,
  });
  await expect(star).toHaveAttribute("aria-pressed", "false");

  await star.click();
  await expect(page.getByText(MESSAGES.favouriteAdded)).toBeVisible();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/workshops$/);
  const cookie = (await page.context().cookies()).find(
    (candidate) => candidate.name === "favoriteWorkshops",
  );
  expect(cookie?.value).toMatch(/^\d+$/);
  await expectNoA11yViolations(page);

  await page.goto("/workshops?domein=favorieten");
  await expect(filtersToggle(page)).toHaveText("Filters (1)");
  await expect(titles(page)).toHaveText(["Politie en veiligheid"]);

  await star.click();
  await expect(page.getByText(MESSAGES.favouriteRemoved)).toBeVisible();
  await expect(page).toHaveURL(/\/workshops\?domein=favorieten$/);
  await page.reload();
  await expect(page.getByText(MESSAGES.noWorkshops)).toBeVisible();
});

test("with JavaScript a star turns in place, keeps focus, and a second press on its way is not sent", async ({
  page,
}) => {
  test.skip(!javaScriptEnabled(), "the in-place toggle needs JavaScript");
  await openWorkshops(page);
  const star = cards(page)
    .first()
    .getByRole("button", { name: /^Favoriet: / });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  // A page load would lose this.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));

  // Hold the answer, so the star is seen to turn before it and a second press falls within it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const posts: string[] = [];
  await page.route("**/favorieten*", async (route) => {
    posts.push(route.request().method());
    await held;
    await route.continue();
  });
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await star.click();
  release();
  await expect(page.getByText(MESSAGES.favouriteAdded)).toBeVisible();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(star).toBeFocused();
  expect(posts).toEqual(["POST"]);
  expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
});

test("the favourites cookie is set for ten years and returns to a same-origin page only", async ({
  page,
}) => {
  serverSideOnly();
  await page.goto("/");
  const origin = new URL(page.url()).origin;
  const toggle = (redirectTo: string) =>
    page.request.post("/favorieten", {
      form: { workshop: "424242", redirectTo },
      headers: { Origin: origin },
      maxRedirects: 0,
    });

  const added = await toggle("/workshops?q=robot");
  expect(added.status()).toBe(302);
  expect(added.headers()["location"]).toBe("/workshops?q=robot");
  const setCookie = added.headers()["set-cookie"] ?? "";
  expect(setCookie).toMatch(/favoriteWorkshops=424242/);
  // Ten years, as the header says; browsers may keep it shorter.
  expect(setCookie).toContain(`Max-Age=${10 * 365 * 24 * 60 * 60}`);

  const removed = await toggle("https://evil.example/");
  expect(removed.headers()["location"]).toBe("/workshops");
  expect(removed.headers()["set-cookie"]).toMatch(/favoriteWorkshops=;/);

  const invalid = await page.request.post("/favorieten", {
    form: { workshop: "abc" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(invalid.status()).toBe(400);
});

/** Speaks to the upstream as the app does for a visitor of another site. */
function siteUpstream(request: APIRequestContext, siteHost: string) {
  return async (
    name: EndpointName,
    visitor: { anonymousUserId: string; registrationId: string } | null,
    options: { body?: unknown; query?: Record<string, number> } = {},
  ) => {
    const endpoint = ENDPOINTS[name];
    return request.fetch(`${UPSTREAM_URL}${API_BASE_PATH}${endpoint.path}`, {
      method: endpoint.method,
      headers: {
        [HEADERS.apiKey]: "demo-api-key",
        [HEADERS.siteHost]: siteHost,
        ...(visitor
          ? {
              [HEADERS.anonymousUserId]: visitor.anonymousUserId,
              [HEADERS.registrationId]: visitor.registrationId,
            }
          : {}),
      },
      params: options.query,
      data: options.body,
    });
  };
}

test("a workshop without a free round is dimmed with 'Geen rondes beschikbaar'", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The Tilburg site's market day, which no other test uses: its smallest workshop is filled up here.
  const site = buildDemoData().find((demo) => demo.name === "studiemarkt013")!;
  const day = site.orientationDays.find(
    (candidate) => candidate.key === "tilburg-studiemarkt",
  )!;
  const full = site.workshops.find(
    (workshop) => workshop.dayKey === day.key && workshop.slug === "kok",
  )!;
  const appUrl = new URL(APP_URL);
  appUrl.hostname = `${site.name}.localhost`;
  const call = siteUpstream(request, appUrl.host);

  const days = z
    .array(z.object({ id: z.number(), display: z.string() }))
    .parse(await (await call("orientationDays", null)).json());
  const dayId = days.find((candidate) => candidate.display === day.display)!.id;
  const [school] = z
    .array(z.object({ id: z.number(), display: z.string() }))
    .parse(
      await (
        await call("schools", null, { query: { orientationDay: dayId } })
      ).json(),
    );

  /** A new visitor with a registration for the day, as the app would make one. */
  async function newVisitor() {
    const anonymousUserId = crypto.randomUUID();
    const hash = await call("registrationHash", {
      anonymousUserId,
      registrationId: "",
    });
    const { hash: registrationId } = z
      .object({ hash: z.string() })
      .parse(await hash.json());
    const visitor = { anonymousUserId, registrationId };
    expect(
      (
        await call("create", visitor, {
          body: { school: school!.id, orientationDay: dayId },
        })
      ).status(),
    ).toBe(200);
    return visitor;
  }

  const first = await newVisitor();
  const workshops = z
    .array(z.object({ id: z.number(), slug: z.string() }))
    .parse(await (await call("workshops", first)).json());
  const workshopId = workshops.find((w) => w.slug === full.slug)!.id;
  // Takes every seat, one visitor per seat; the other project's run of this test may be taking them too.
  for (const round of Object.keys(full.seats).map(Number)) {
    for (;;) {
      const visitor = await newVisitor();
      const answer = await call("update", visitor, {
        body: { choices: [{ round, workshop: workshopId }] },
      });
      if (answer.status() === 409) break;
      expect(answer.status()).toBe(200);
    }
  }

  await page.goto(`${appUrl.origin}/`);
  await page
    .getByRole("button", {
      name: new RegExp(`^Inschrijven voor ${day.schoolDisplay}`),
    })
    .first()
    .click();
  await page
    .getByRole("button", { name: school!.display, exact: true })
    .click();
  await expect(
    page.getByRole("heading", { name: "Workshops", level: 1 }),
  ).toBeVisible({ timeout: 15_000 });

  const dimmed = cards(page).filter({ hasText: MESSAGES.noRoundsAvailable });
  await expect(dimmed).toHaveCount(1);
  await expect(dimmed.getByRole("heading")).toHaveText(
    WORKSHOPS[full.slug as keyof typeof WORKSHOPS].display,
  );
  await expectNoA11yViolations(page);
});

test("with JavaScript a checked filter applies at once, replacing the history entry", async ({
  page,
}) => {
  test.skip(!javaScriptEnabled(), "applying on change needs JavaScript");
  await openWorkshops(page);
  const historyLength = await page.evaluate(() => history.length);
  await filtersToggle(page).click();
  const domains = page.getByRole("group", { name: "Domeinen" });
  await domains.getByRole("checkbox", { name: "Groen & Dier" }).check();
  await expect(page).toHaveURL(/\/workshops\?domein=groen-dier$/);
  await expect(filtersToggle(page)).toHaveText("Filters (1)");
  await expect(titles(page)).toHaveText([/^Dierverzorging/]);
  // The checkbox keeps focus and the panel stays open.
  await expect(
    domains.getByRole("checkbox", { name: "Groen & Dier" }),
  ).toBeFocused();
  await expect(domains).toBeVisible();
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
});

test("with JavaScript the list of an earlier change, arriving late, does not undo a later one", async ({
  page,
}) => {
  test.skip(!javaScriptEnabled(), "applying on change needs JavaScript");
  await openWorkshops(page);
  await filtersToggle(page).click();
  const domains = page.getByRole("group", { name: "Domeinen" });
  // The list for the tick is held on its way, as on a slow connection; once let go it arrives at once.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) =>
      url.pathname.endsWith(".data") &&
      url.searchParams.get("domein") === "groen-dier" &&
      !url.searchParams.has("q"),
    async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    },
  );
  await domains.getByRole("checkbox", { name: "Groen & Dier" }).check();
  // Meanwhile the visitor types a search and tabs on; the list follows typing after a pause.
  const searchField = page.getByRole("searchbox", { name: "Zoeken" });
  await searchField.fill("dier");
  await searchField.press("Tab");
  release();

  await expect(page).toHaveURL(/\/workshops\?q=dier&domein=groen-dier$/);
  await expect(searchField).toHaveValue("dier");
  await expect(
    domains.getByRole("checkbox", { name: "Groen & Dier" }),
  ).toBeChecked();
  await expect(titles(page)).toHaveText([/^Dierverzorging/]);
});

test("on a small screen the filters open as a sheet from the bottom, toggle at hand", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openWorkshops(page);
  await filtersToggle(page).click();
  const domains = page.getByRole("group", { name: "Domeinen" });
  await expect(domains).toBeVisible();
  const sheet = await domains.locator("xpath=..").boundingBox();
  expect(sheet!.y + sheet!.height).toBeCloseTo(740, 0);
  await expectNoA11yViolations(page);
  // The toggle stays reachable above the sheet's content and closes it.
  await filtersToggle(page).click();
  await expect(domains).toBeHidden();
});
