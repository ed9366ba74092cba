/**
 * The round picker on a 320 px phone: each round's number and its times stay on one line each, its status reads
 * as text (no border or fill, not a pill that looks like a button), the choice and 'Toevoegen' come before the
 * photos, and in dark mode the waiting-list button is no bright white block.
 */
import { expect, test } from "@playwright/test";
import type { Locator } from "@playwright/test";
import { untilHydrated } from "../support/e2e/flow";
import { addTestWorkshop } from "../support/e2e/registration";
import { visitorWithSchool } from "../support/e2e/workshop-page";

test.use({
  hasTouch: true,
  isMobile: true,
  viewport: { width: 320, height: 740 },
});

/** How many lines the element's text takes. */
function lines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(
      [...range.getClientRects()]
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    ).size;
  });
}

test("at 320 px each round reads 'Ronde n' and its times on a line each, with its status as text", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request, 1);
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    "Smalle rondes",
    { "1": 0, "2": 3, "3": 12 },
  );
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/workshop/${slug}`);
    await untilHydrated(page);
    const panel = page.getByRole("region", { name: "Inschrijven" });
    for (const number of [1, 2, 3, 4]) {
      const name = panel.getByText(`Ronde ${number}`, { exact: true });
      await expect(name).toBeVisible();
      expect(await lines(name), `'Ronde ${number}' (${scheme})`).toBe(1);
      const times = name.locator("xpath=following-sibling::*[1]");
      await expect(times).toHaveText(/^\d\d:\d\d – \d\d:\d\d$/);
      expect(await lines(times), `round ${number}'s times (${scheme})`).toBe(1);
    }
    for (const status of [
      panel.getByText("Niet beschikbaar", { exact: true }).first(),
      panel.getByText("Kies deze ronde", { exact: true }).first(),
    ]) {
      const look = await status.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          border: style.borderTopWidth,
          fill: style.backgroundColor,
        };
      });
      expect(look, `a status is text, not a pill (${scheme})`).toEqual({
        border: "0px",
        fill: "rgba(0, 0, 0, 0)",
      });
    }
    if (scheme === "dark") {
      const join = page.getByRole("button", {
        name: "Op de wachtlijst voor ronde 1",
      });
      const fill = await join.evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      );
      const [r, g, b] = fill.match(/\d+/g)!.map(Number);
      expect(
        0.2126 * r! + 0.7152 * g! + 0.0722 * b!,
        `the waiting-list button's fill in dark mode (${fill})`,
      ).toBeLessThan(80);
    }
  }

  // A workshop with photos (the first day's): the choice and 'Toevoegen' come before them.
  await visitorWithSchool(page, request, 0);
  await page.goto("/workshop/software-development");
  const add = page
    .getByRole("region", { name: "Inschrijven" })
    .getByRole("button", { name: /^(Toevoegen|Aanpassen)$/ });
  const photos = page.getByRole("region", { name: "Foto's" });
  await expect(photos).toBeAttached();
  expect((await add.boundingBox())!.y).toBeLessThan(
    (await photos.boundingBox())!.y,
  );
});
