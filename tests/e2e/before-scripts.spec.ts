/**
 * The standing "before the scripts" suite, beside the real-device suite (decision 0043; this one: decision 0060).
 * On a slow phone (touch, 360 px, 4x CPU, 400 ms round trips at 400 kbit/s) the page is on screen seconds before
 * its scripts run. For every control that JavaScript enhances, a visitor acts as soon as it shows; once the scripts
 * have run, what they did still stands and the control is where it was (its box within 4 px). And a tap made while
 * the page hydrates is not lost. Without JavaScript nothing hydrates: it runs in the project with.
 */
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { FAVOURITE_STATE, MESSAGES } from "../../app/messages";
import {
  actBeforeScripts,
  hydrated,
  openBeforeScripts,
  releaseScripts,
  PHONE,
  slowPhone,
  untilFirstPaint,
  whileHydrating,
} from "../support/e2e/before-scripts";
import { cartPanel, javaScriptEnabled } from "../support/e2e/flow";
import {
  addTestWorkshop,
  createConfirmedRegistration,
  createWithFirstSchool,
  startRegistration,
  visitorForDay,
} from "../support/e2e/registration";

test.use(PHONE);
test.beforeEach(() => {
  test.skip(!javaScriptEnabled(), "without JavaScript nothing hydrates");
});
test.describe.configure({ timeout: 120_000 });

/** The cart's toggle before and after hydration: a summary, then a button; found by its text. */
function cartToggleBox(page: Page) {
  return page
    .locator("summary, button")
    .filter({ hasText: /^Inschrijving \(\d+\)$/ })
    .first();
}

async function visitorWithSchool(
  page: Page,
  request: Parameters<typeof createWithFirstSchool>[0],
) {
  await createWithFirstSchool(request, await visitorForDay(page));
}

test("the cart opened before the scripts is still open once they have run and the seats were followed, and its toggle stays put", async ({
  page,
  request,
}) => {
  await visitorWithSchool(page, request);
  await slowPhone(page);
  await openBeforeScripts(page, "/workshop/financiele-dienstverlening");
  await actBeforeScripts(page, {
    label: "the cart",
    control: () => cartToggleBox(page),
    act: () => cartToggleBox(page).tap(),
    acted: () =>
      expect(
        page.locator("details[open] > summary").filter({
          hasText: /^Inschrijving \(\d+\)$/,
        }),
      ).toBeVisible(),
    stands: () => expect(cartPanel(page)).toBeVisible(),
  });
  // The first following of the seats (every 5 s) renders the page again: the cart stays open through it.
  await page.waitForResponse((response) =>
    response.url().includes("/workshop/financiele-dienstverlening/plaatsen"),
  );
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(resolve)),
      ),
  );
  await expect(cartPanel(page)).toBeVisible();
});

test("a tap on the cart while the page hydrates is not lost", async ({
  page,
  request,
}) => {
  await visitorWithSchool(page, request);
  await slowPhone(page);
  await openBeforeScripts(page, "/workshop/financiele-dienstverlening");
  await whileHydrating(page);
  const during = !(await hydrated(page));
  await cartToggleBox(page).tap();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", {
    timeout: 60_000,
  });
  await page.waitForTimeout(1_500);
  await expect(cartPanel(page)).toBeVisible();
  expect(during, "the tap came while the page hydrated").toBe(true);
});

test("a press on another day's 'Inschrijven' that begins before the scripts and ends after them asks the cancel question", async ({
  page,
  request,
}) => {
  await createConfirmedRegistration(page, request);
  await slowPhone(page);
  await openBeforeScripts(page, "/");
  const button = page
    .getByRole("region", { name: "Evenementen" })
    .getByRole("listitem")
    .nth(1)
    .getByRole("button", { name: /^Inschrijven/ });
  await button.scrollIntoViewIfNeeded();
  const place = await button.boundingBox();
  if (!place) throw new Error("the button has no box");
  await page.mouse.move(place.x + place.width / 2, place.y + place.height / 2);
  await page.mouse.down();
  const before = !(await hydrated(page));
  releaseScripts(page);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", {
    timeout: 60_000,
  });
  // A press is a click only if it ends on the element it began on: hydration must keep the button.
  await page.mouse.up();
  await expect(
    page.getByRole("dialog", { name: MESSAGES.cancelQuestion }),
  ).toBeVisible();
  expect(before, "the press began before the page hydrated").toBe(true);
});

test("a round ticked before the scripts stays ticked", async ({
  page,
  request,
}) => {
  const visitor = await visitorForDay(page, 1);
  await createWithFirstSchool(request, visitor);
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    "Ronderadio",
    { "1": 12, "2": 12, "3": 12 },
  );
  await slowPhone(page);
  await openBeforeScripts(page, `/workshop/${slug}`);
  const third = () =>
    page
      .getByRole("region", { name: "Inschrijven" })
      .getByRole("radio", { name: /^Ronde 3\b/ });
  await actBeforeScripts(page, {
    label: "the round radio",
    control: third,
    act: () => third().tap(),
    stands: () => expect(third()).toBeChecked(),
  });
});

test("a round ticked while the page hydrates stays ticked", async ({
  page,
  request,
}) => {
  const visitor = await visitorForDay(page, 1);
  await createWithFirstSchool(request, visitor);
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    "Rondetik",
    { "1": 12, "2": 12, "3": 12 },
  );
  await slowPhone(page);
  await openBeforeScripts(page, `/workshop/${slug}`);
  const third = page
    .getByRole("region", { name: "Inschrijven" })
    .getByRole("radio", { name: /^Ronde 3\b/ });
  await whileHydrating(page);
  const during = !(await hydrated(page));
  await third.tap();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", {
    timeout: 60_000,
  });
  await page.waitForTimeout(1_500);
  await expect(third).toBeChecked();
  expect(during, "the tap came while the page hydrated").toBe(true);
});

test("the favourite star pressed before the scripts stays pressed and in place", async ({
  page,
  request,
}) => {
  await visitorWithSchool(page, request);
  await slowPhone(page);
  await openBeforeScripts(page, "/workshop/financiele-dienstverlening");
  const star = () => page.locator("button.favourite-button").first();
  await actBeforeScripts(page, {
    label: "the favourite star",
    control: star,
    // Before the scripts the star is a plain form: the press posts it and the page comes back.
    act: async () => {
      await star().tap();
      await page.waitForURL(/financiele-dienstverlening/, {
        waitUntil: "commit",
      });
      await expect(star()).toContainText(FAVOURITE_STATE.on, {
        timeout: 30_000,
      });
      // The answer's document may be parsed before its stylesheet has come: measured then, the star is unstyled.
      await untilFirstPaint(page);
    },
    stands: async () => {
      await expect(star()).toHaveAttribute("aria-pressed", "true");
      await expect(star()).toContainText(FAVOURITE_STATE.on);
    },
  });
});

test("the filters drawer opened and a chip ticked before the scripts stay so", async ({
  page,
  request,
}) => {
  await visitorWithSchool(page, request);
  await slowPhone(page);
  await openBeforeScripts(page, "/workshops");
  const filters = () =>
    page.getByRole("search").locator("summary").filter({ hasText: "Filters" });
  await actBeforeScripts(page, {
    label: "the filters drawer",
    control: filters,
    act: () => filters().tap(),
    stands: () =>
      expect(page.getByRole("search").locator("details")).toHaveAttribute(
        "open",
        "",
      ),
  });
  await openBeforeScripts(page, "/workshops");
  await filters().tap();
  const chip = () => page.getByRole("search").getByRole("checkbox").first();
  await actBeforeScripts(page, {
    label: "a filter chip",
    control: chip,
    act: () => chip().tap(),
    stands: () => expect(chip()).toBeChecked(),
  });
});

test("words typed into the search box before the scripts stay there", async ({
  page,
  request,
}) => {
  await visitorWithSchool(page, request);
  await slowPhone(page);
  await openBeforeScripts(page, "/workshops");
  const search = () => page.getByRole("searchbox", { name: "Zoeken" });
  await actBeforeScripts(page, {
    label: "the search box",
    control: search,
    act: async () => {
      await search().fill("zorg");
      // The visitor looks at the list: the field loses focus.
      await search().blur();
    },
    stands: () => expect(search()).toHaveValue("zorg"),
  });
});

test("the final form's fields filled before the scripts keep their values", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  await slowPhone(page);
  await openBeforeScripts(page, "/inschrijving-afronden");
  const form = page.locator("form#gegevens");
  const roepnaam = () => form.getByLabel("Roepnaam", { exact: true });
  await actBeforeScripts(page, {
    label: "the final form",
    control: roepnaam,
    act: async () => {
      await form.getByLabel("X", { exact: true }).check();
      await roepnaam().fill("Sam");
      await form.getByLabel("Achternaam", { exact: true }).fill("de Vries");
      await form.getByLabel("Aantal personen").selectOption("2");
      await form
        .getByLabel("E-mailadres", { exact: true })
        .fill("sam@example.com");
      await form.getByLabel("Bevestig E-mailadres").fill("sam@example.com");
    },
    stands: async () => {
      await expect(form.getByLabel("X", { exact: true })).toBeChecked();
      await expect(roepnaam()).toHaveValue("Sam");
      await expect(form.getByLabel("Achternaam", { exact: true })).toHaveValue(
        "de Vries",
      );
      await expect(form.getByLabel("Aantal personen")).toHaveValue("2");
      await expect(form.getByLabel("Bevestig E-mailadres")).toHaveValue(
        "sam@example.com",
      );
    },
  });
});

test("the contact form filled before the scripts keeps its values", async ({
  page,
}) => {
  await slowPhone(page);
  await openBeforeScripts(page, "/contact");
  const name = () => page.getByLabel("Naam");
  await actBeforeScripts(page, {
    label: "the contact form",
    control: name,
    act: async () => {
      await name().fill("Sanne de Vries");
      await page.getByLabel("E-mailadres").fill("sanne@example.com");
      await page.getByLabel("Mijn vraag gaat over").selectOption("Workshop");
      await page.getByLabel("Bericht").fill("Mag ik een vriend meenemen?");
    },
    stands: async () => {
      await expect(name()).toHaveValue("Sanne de Vries");
      await expect(page.getByLabel("E-mailadres")).toHaveValue(
        "sanne@example.com",
      );
      await expect(page.getByLabel("Mijn vraag gaat over")).toHaveValue(
        "Workshop",
      );
      await expect(page.getByLabel("Bericht")).toHaveValue(
        "Mag ik een vriend meenemen?",
      );
    },
  });
});
