/**
 * The pages read as text, without their styles: what a text browser (lynx, w3m) or anything else that ignores the
 * layout gets. The markup itself separates what the layout sets apart, icon-only controls have text, and the
 * favourite star says its state in words.
 */
import { expect, test } from "@playwright/test";
import type { Locator } from "@playwright/test";
import { FAVOURITE_STATE } from "../../app/messages";
import { openCart, untilHydrated } from "../support/e2e/flow";
import {
  createConfirmedRegistration,
  createWithFirstSchool,
  visitorForDay,
} from "../support/e2e/registration";

/** The element's text as it is in the markup, whitespace collapsed: no layout adds any. */
async function plainText(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

const ROUND_1 = /Ronde 1 \d\d:\d\d – \d\d:\d\d/;

test("the workshop page, its round picker and the cart keep their words apart", async ({
  page,
  request,
}) => {
  await createWithFirstSchool(request, await visitorForDay(page));
  await page.goto("/workshop/financiele-dienstverlening");
  await untilHydrated(page);
  expect(await plainText(page.getByRole("main"))).toContain(
    "Terug naar workshops Inschrijving (0)",
  );
  expect(
    await plainText(page.getByRole("region", { name: "Inschrijven" })),
  ).toMatch(ROUND_1);
  expect(await plainText(page.getByRole("contentinfo"))).toContain(
    "Keuzeplein 12, 3521 AB Utrecht",
  );
  expect(await plainText(await openCart(page))).toMatch(ROUND_1);
});

test("'Jouw inschrijving' keeps a round's times, its workshop and the day's date apart", async ({
  page,
  request,
}) => {
  await createConfirmedRegistration(page, request);
  await page.goto("/inschrijving-afronden");
  const summary = page.getByRole("region", { name: "Jouw inschrijving" });
  const rounds = summary
    .getByRole("region", { name: "Jouw keuze" })
    .getByRole("listitem");
  const chosen = rounds.filter({ has: page.getByRole("link") });
  await expect(chosen).toHaveCount(1);
  const text = await plainText(chosen);
  const workshop = await plainText(chosen.getByRole("link"));
  expect(text).toMatch(/^Ronde \d+ \d\d:\d\d – \d\d:\d\d \S/);
  expect(text.slice(-workshop.length - 1)).toBe(` ${workshop}`);
  const others = rounds.filter({ hasNot: page.getByRole("link") });
  await expect(others).not.toHaveCount(0);
  for (const round of await others.all())
    expect(await plainText(round)).toMatch(
      /^Ronde \d+ \d\d:\d\d – \d\d:\d\d Geen keuze$/,
    );
  // The day's name, then its long date: a line each when styled.
  expect(await plainText(summary.getByRole("definition").first())).toMatch(
    /\S (maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag) \d{1,2} \S+ \d{4}$/,
  );
});

test("the favourite star says its state in words, and keeps its name", async ({
  page,
  request,
}) => {
  await createWithFirstSchool(request, await visitorForDay(page));
  await page.goto("/workshops");
  await untilHydrated(page);
  const star = page.getByRole("button", { name: /^Favoriet: / }).first();
  await expect(star).toHaveAttribute("aria-pressed", "false");
  const text = await plainText(star);
  expect(text).toMatch(/^Favoriet: .+ \(niet in favorieten\)$/);
  const name = text.slice(0, -FAVOURITE_STATE.off.length).trim();

  await star.click();
  // Found by the same name: the state is not part of it (aria-pressed says it).
  const same = page.getByRole("button", { name, exact: true });
  await expect(same).toHaveAttribute("aria-pressed", "true");
  expect(await plainText(same)).toBe(`${name} ${FAVOURITE_STATE.on}`);
});

test("the logout button has text, not only a label", async ({
  page,
  request,
}) => {
  await createConfirmedRegistration(page, request);
  await page.goto("/workshops");
  expect(await plainText(page.getByRole("button", { name: "Uitloggen" }))).toBe(
    "Uitloggen",
  );
});
