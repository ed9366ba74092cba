/**
 * An open workshop page follows its rounds' seats (decision 0053), JavaScript on: visitor A keeps a page open
 * while visitor B, in a browser of their own, takes and gives up the seat A is looking at. The demo's spring day:
 * Dierverzorging has one seat in round 1, Techniek: bouw je eigen robot ('robotica') one in round 2. No other
 * spec takes those seats. Without JavaScript the page is what the server rendered: the no-JS suite covers it.
 */
import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { MESSAGES } from "../../app/messages";
import {
  cartPanel,
  closeCart,
  javaScriptEnabled,
  openCart,
} from "../support/e2e/flow";
import {
  fetchRegistration,
  openDay,
  visitorPage,
  type DayVisitor,
} from "../support/e2e/registration";
import {
  joinButton,
  openWorkshop,
  round,
  roundLabel,
  visitorWithSchool,
} from "../support/e2e/workshop-page";

test.describe.configure({ timeout: 90_000 });
test.beforeEach(() =>
  test.skip(!javaScriptEnabled(), "following the seats needs JavaScript"),
);

/** Well within the page's interval and the shared read's age together, on a busy machine. */
const WITHIN = { timeout: 15_000 };

function panel(page: Page): Locator {
  return page.getByRole("region", { name: "Inschrijven" });
}

/** The rounds as the 'Inschrijven' panel shows them. */
const panelRound = (page: Page, number: number) => round(panel(page), number);
const panelRoundLabel = (page: Page, number: number) =>
  roundLabel(panel(page), number);

function visitor(
  page: Page,
  request: Parameters<typeof visitorWithSchool>[1],
): Promise<DayVisitor> {
  return visitorWithSchool(page, request, openDay.schoolDisplay);
}

async function openAndMark(page: Page, slug: string): Promise<void> {
  await openWorkshop(page, slug);
  // A mark that only survives as long as the document does: no page load in between.
  await page.evaluate(() => {
    (window as { followed?: boolean }).followed = true;
  });
}

/** Visitor B adds the workshop (in `round`, or the round the page preselects), taking its last seat there. */
async function takeSeat(page: Page, slug: string, round?: number) {
  await openAndMark(page, slug);
  if (round !== undefined) await panelRound(page, round).check();
  await panel(page)
    .getByRole("button", { name: "Toevoegen", exact: true })
    .click();
  await expect(cartPanel(page)).toBeVisible();
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { followed?: boolean }).followed === true);

test("a round that fills while the page is open shows 'Niet beschikbaar' and its list; freed, 'Nog 1 plek' returns", async ({
  browser,
  request,
}) => {
  const a = await visitorPage(browser);
  const b = await visitorPage(browser);
  try {
    await visitor(a, request);
    await visitor(b, request);
    await openAndMark(a, "dierverzorging");
    await expect(panelRoundLabel(a, 1)).toContainText("Nog 1 plek");
    await expect(panelRound(a, 1)).toBeChecked();
    await expect(joinButton(a, 1)).toHaveCount(0);
    // A is reading round 2's row with the keyboard: focus stays there whatever changes.
    await panelRound(a, 2).focus();

    await takeSeat(b, "dierverzorging");

    await expect(panelRoundLabel(a, 1)).toContainText(
      "Niet beschikbaar",
      WITHIN,
    );
    await expect(panelRoundLabel(a, 1)).not.toContainText("Nog 1 plek");
    await expect(joinButton(a, 1)).toBeVisible();
    // Round 1 was A's selected round: said once, politely, below the button.
    await expect(panel(a).getByRole("status")).toHaveText(MESSAGES.roundFull);
    await expect(panelRound(a, 1)).toBeChecked();
    await expect(panelRound(a, 2)).toBeFocused();
    expect(await sameDocument(a)).toBe(true);

    // B gives the seat up again.
    await closeCart(b);
    const cart = await openCart(b);
    await cart
      .getByRole("button", { name: /^Verwijder Dierverzorging/ })
      .click();
    await expect(
      cart.getByRole("button", { name: /^Verwijder Dierverzorging/ }),
    ).toHaveCount(0);

    await expect(panelRoundLabel(a, 1)).toContainText("Nog 1 plek", WITHIN);
    await expect(joinButton(a, 1)).toHaveCount(0);
    await expect(panel(a).getByRole("status")).toBeEmpty();
    await expect(
      panel(a).getByRole("button", { name: "Toevoegen", exact: true }),
    ).toBeEnabled();
    await expect(panelRound(a, 2)).toBeFocused();
    expect(await sameDocument(a)).toBe(true);
  } finally {
    await a.context().close();
    await b.context().close();
  }
});

test("a selected round that fills is not swapped for another: 'Toevoegen' adds the workshop to no round", async ({
  browser,
  request,
}) => {
  const a = await visitorPage(browser);
  const b = await visitorPage(browser);
  try {
    const visitorA = await visitor(a, request);
    await visitor(b, request);
    await openAndMark(a, "robotica");
    await panelRound(a, 2).check();
    await expect(panelRoundLabel(a, 2)).toContainText("Nog 1 plek");
    const submit = panel(a).getByRole("button", {
      name: /^(Toevoegen|Aanpassen|Niet beschikbaar)$/,
    });
    // A's hand is on the button: focus stays on it whatever it turns into.
    await submit.focus();

    await takeSeat(b, "robotica", 2);

    await expect(panelRoundLabel(a, 2)).toContainText(
      "Niet beschikbaar",
      WITHIN,
    );
    await expect(panelRound(a, 2)).toBeChecked();
    await expect(joinButton(a, 2)).toBeVisible();
    await expect(submit).toBeFocused();
    if (await submit.isEnabled()) {
      await submit.click();
      await expect(panel(a).getByText(MESSAGES.roundFull)).toBeVisible();
    } else {
      await expect(submit).toHaveText("Niet beschikbaar");
      await expect(panel(a).getByRole("status")).toHaveText(MESSAGES.roundFull);
    }
    const registration = await fetchRegistration(request, visitorA);
    expect(
      Object.values(registration?.choices ?? {}).filter(
        (choice) => choice?.workshop.slug === "robotica",
      ),
    ).toEqual([]);
    expect(await sameDocument(a)).toBe(true);
  } finally {
    await a.context().close();
    await b.context().close();
  }
});
