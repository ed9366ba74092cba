import { expect, test, type Page } from "@playwright/test";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { MESSAGES } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { javaScriptEnabled, mainMenu } from "../support/e2e/flow";

const site = buildDemoData().find((demo) => demo.name === "localhost")!;
const WEEKDAY_DATE =
  /^(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag) \d{1,2} [a-z]+ \d{4}$/;

function eventCards(page: Page) {
  return page
    .getByRole("region", { name: "Evenementen" })
    .getByRole("listitem");
}

test("shows the page text, the events sorted by date and passes axe", async ({
  page,
}) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: site.pages.home.title! }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();

  const expected = site.orientationDays.toSorted(
    (a, b) => a.daysFromToday - b.daysFromToday,
  );
  await expect(eventCards(page).getByRole("heading", { level: 3 })).toHaveText(
    expected.map((day) => day.schoolDisplay),
  );

  for (const [index, day] of expected.entries()) {
    const card = eventCards(page).nth(index);
    const texts = await card.getByRole("paragraph").allInnerTexts();
    const address =
      day.address && day.postalCode && day.city
        ? `${day.address}, ${day.postalCode} ${day.city}`
        : null;
    // The address line only when address, postal code and city all exist.
    expect(texts.includes(address ?? "")).toBe(address !== null);
    expect(texts.some((text) => WEEKDAY_DATE.test(text.toLowerCase()))).toBe(
      true,
    );
    await expect(
      card.getByText(`${day.start_time} – ${day.end_time}`),
    ).toBeVisible();
    await expect(
      card.getByRole("button", { name: /^Inschrijven/ }),
    ).toBeVisible();
  }
  await expect(page.getByText(MESSAGES.noEvents)).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("'Inschrijven' chooses the day, goes to /inschrijven and shows the Inschrijven tab", async ({
  page,
}) => {
  await page.goto("/");
  await expect(
    mainMenu(page).getByRole("link", { name: "Inschrijven" }),
  ).toHaveCount(0);

  await eventCards(page)
    .first()
    .getByRole("button", { name: /^Inschrijven/ })
    .click();
  await expect(page).toHaveURL(/\/inschrijven$/);
  await expect(
    mainMenu(page).getByRole("link", { name: "Inschrijven" }),
  ).toHaveAttribute("aria-current", "page");

  // Choosing another day (no registration yet) also goes to school selection.
  await page.goto("/");
  await expect(
    mainMenu(page).getByRole("link", { name: "Inschrijven" }),
  ).toBeVisible();
  await eventCards(page)
    .nth(1)
    .getByRole("button", { name: /^Inschrijven/ })
    .click();
  await expect(page).toHaveURL(/\/inschrijven$/);
});

test("a tampered day id is refused with a message, not a crash", async ({
  page,
  baseURL,
}) => {
  await page.goto("/");
  const response = await page.request.post("/?index", {
    form: { orientationDayId: "geen-getal" },
    headers: { origin: baseURL! },
  });
  expect(response.status()).toBe(400);
});

test("the logo carousel links to each school's website in a new tab", async ({
  page,
}) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Scholen" });
  const links = carousel.getByRole("listitem").getByRole("link");
  await expect(links).toHaveCount(site.schools.length);

  for (const school of site.schools) {
    const link = carousel.getByTitle(
      `Ga naar de website van ${school.display}`,
    );
    await expect(link).toHaveAccessibleName(school.display);
    await expect(
      link.getByRole("img", { name: school.display }),
    ).toHaveAttribute("src", school.logo!);
    if (school.website) {
      await expect(link).toHaveAttribute("href", school.website);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    } else {
      await expect(link).toHaveAttribute("href", "#");
      expect(await link.getAttribute("target")).toBeNull();
    }
  }
});

function scrollPosition(page: Page) {
  return page
    .getByRole("region", { name: "Scholen" })
    .getByRole("list")
    .evaluate((list) => list.scrollLeft);
}

/** The carousel's position once a smooth scroll under way has come to rest: two readings 100 ms apart agree. */
async function restingScrollPosition(page: Page): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const reading = await scrollPosition(page);
        const resting = reading === last;
        last = reading;
        return resting;
      },
      { message: "the carousel comes to rest", intervals: [100] },
    )
    .toBe(true);
  return last;
}

test("the carousel advances by itself only with JavaScript, and its button stops it", async ({
  page,
}) => {
  if (!javaScriptEnabled()) {
    // Without JavaScript it is a row that scrolls by hand: no script can move it, and it offers no button.
    await page.goto("/");
    expect(await scrollPosition(page)).toBe(0);
    await expect(
      page.getByRole("button", { name: "Automatisch afspelen stoppen" }),
    ).toHaveCount(0);
    return;
  }

  // The page's timers run on a clock the test moves on, instead of waiting for them.
  await page.clock.install();
  await page.goto("/");
  // The scripts start after the page has loaded; its timers exist once the button they add is there.
  await expect(
    page.getByRole("button", { name: "Automatisch afspelen stoppen" }),
  ).toBeVisible();
  expect(await scrollPosition(page)).toBe(0);
  await page.clock.runFor(5_500);
  await expect.poll(() => scrollPosition(page)).toBeGreaterThan(0);

  await page
    .getByRole("button", { name: "Automatisch afspelen stoppen" })
    .click();
  await expect(
    page.getByRole("button", { name: "Automatisch afspelen starten" }),
  ).toBeVisible();
  const stoppedAt = await restingScrollPosition(page);
  await page.clock.runFor(11_000);
  expect(await restingScrollPosition(page)).toBe(stoppedAt);
});

test("the carousel does not start by itself when reduced motion is preferred", async ({
  page,
}) => {
  test.skip(!javaScriptEnabled(), "autoplay needs JavaScript");
  await page.clock.install();
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await expect(
    page.getByRole("button", { name: "Automatisch afspelen starten" }),
  ).toBeVisible();
  await page.clock.runFor(11_000);
  expect(await restingScrollPosition(page)).toBe(0);
});
