/**
 * The site by keyboard alone, JavaScript on and off: what has focus is never under the sticky header or the
 * phone's tab bar (WCAG 2.4.11), and the cart that opens after 'Toevoegen' starts on its title, so a second Enter
 * removes nothing.
 */
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import {
  cartPanel,
  cartToggle,
  javaScriptEnabled,
  untilHydrated,
} from "../support/e2e/flow";
import {
  createWithFirstSchool,
  visitorForDay,
} from "../support/e2e/registration";

/** Where the focused element is against the bars, or null for a stop that is part of a bar or fixed itself. */
function focusedPlace(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body)
      return null;
    const fixed = (element: Element) =>
      ["fixed", "sticky"].includes(getComputedStyle(element).position);
    for (let node: Element | null = focused; node; node = node.parentElement)
      if (fixed(node)) return null;
    const bars = [...document.querySelectorAll("header, nav")].filter(
      (bar) => fixed(bar) && bar.getBoundingClientRect().height > 0,
    );
    const below = (bar: Element) => bar.getBoundingClientRect().top > 100;
    const top = Math.max(
      0,
      ...bars
        .filter((bar) => !below(bar))
        .map((bar) => bar.getBoundingClientRect().bottom),
    );
    const bottom = Math.min(
      window.innerHeight,
      ...bars.filter(below).map((bar) => bar.getBoundingClientRect().top),
    );
    const box = focused.getBoundingClientRect();
    return {
      what: `${focused.tagName} ${(focused.textContent ?? "").trim().slice(0, 40)}`,
      clear: box.top >= top - 0.5 && box.bottom <= bottom + 0.5,
    };
  });
}

async function expectEveryStopClear(page: Page, key: string, stops: number) {
  const hidden: string[] = [];
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press(key);
    const place = await focusedPlace(page);
    if (place && !place.clear) hidden.push(place.what);
  }
  expect(hidden, `${key}: stops under a bar`).toEqual([]);
}

for (const [device, viewport] of [
  ["a computer", { width: 1280, height: 720 }],
  ["a phone, with the tab bar", { width: 390, height: 844 }],
] as const) {
  test(`on ${device}, nothing that has focus on /workshops is under the header or the tab bar`, async ({
    page,
    request,
  }) => {
    // Sixty key presses, each followed by a look at the page: more than the default time on a busy machine.
    test.slow();
    await page.setViewportSize(viewport);
    await createWithFirstSchool(request, await visitorForDay(page));
    await page.goto("/workshops");
    await untilHydrated(page);

    // The skip link, then into the page.
    await page.keyboard.press("Tab");
    await expect(
      page.getByRole("link", { name: "Naar de inhoud" }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expectEveryStopClear(page, "Tab", 30);
    await expectEveryStopClear(page, "Shift+Tab", 30);
  });
}

test("after 'Toevoegen' by keyboard, a second Enter removes nothing", async ({
  page,
  request,
}) => {
  await createWithFirstSchool(request, await visitorForDay(page));
  await page.goto("/workshop/financiele-dienstverlening");
  await untilHydrated(page);
  const panel = page.getByRole("region", { name: "Inschrijven" });
  await panel.getByRole("radio", { name: /^Ronde 1\b/ }).check();
  await (
    javaScriptEnabled()
      ? panel.getByRole("button", { name: "Toevoegen" })
      : panel.getByRole("button")
  ).focus();
  await page.keyboard.press("Enter");
  await expect(cartPanel(page)).toBeVisible();
  if (javaScriptEnabled())
    await expect(
      cartPanel(page).getByRole("heading", { name: "Inschrijving" }),
    ).toBeFocused();
  const focused = await page.evaluate(
    () => document.activeElement?.getAttribute("aria-label") ?? "",
  );
  expect(focused).not.toMatch(/^Verwijder /);

  await page.keyboard.press("Enter");
  await page.goto("/workshops");
  await expect(cartToggle(page, 1)).toBeVisible();
});
