/**
 * The waiting list of a full round and the seats left in an open one (decision 0024), with JavaScript on and off.
 * Each test adds workshops of its own to the afternoon day through the upstream's test hook, with the seats it
 * needs, so no other test takes them.
 */
import { expect, test } from "@playwright/test";
import type { APIRequestContext, Page } from "@playwright/test";
import { IDEMPOTENCY_FIELD } from "../../app/lib/idempotency-field";
import { MESSAGES, WAITLIST } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  addToRound,
  cartPanel,
  closeCart,
  javaScriptEnabled,
  openCart,
} from "../support/e2e/flow";
import {
  addTestWorkshop,
  fetchRegistration,
  visitorPage,
  type DayVisitor,
} from "../support/e2e/registration";
import {
  joinButton,
  leaveButton,
  openWorkshop,
  round,
  roundLabel,
  visitorWithSchool as visitorOnDay,
} from "../support/e2e/workshop-page";

// Three visitors and several pages each, with axe on some.
test.describe.configure({ timeout: 120_000 });

/** Home lists the days by date: the spring day, then the afternoon of professions. */
const AFTERNOON = 1;

/** A visitor with a school, on the afternoon day unless another is named. */
function visitorWithSchool(
  page: Page,
  request: APIRequestContext,
  day: number = AFTERNOON,
): Promise<DayVisitor> {
  return visitorOnDay(page, request, day);
}

/** A workshop of the visitor's day with no seat in round 1 and 12 in round 2. */
function fullFirstRound(
  request: APIRequestContext,
  visitor: DayVisitor,
  title: string,
): Promise<string> {
  return addTestWorkshop(request, visitor.orientationDayId, title, {
    "1": 0,
    "2": 12,
  });
}

/** Joins a round's list and waits until the page says so and shows the place. */
async function join(page: Page, number: number, place: number) {
  await joinButton(page, number).click();
  await expect(
    page.getByText(`Je staat op de wachtlijst voor ronde ${number}.`),
  ).toBeVisible();
  await expect(roundLabel(page, number)).toContainText(
    `Op de wachtlijst, plek ${place}`,
  );
  await expect(leaveButton(page, number)).toBeVisible();
  // The button turned from joining into leaving in place: focus stays where the visitor was.
  if (javaScriptEnabled())
    await expect(leaveButton(page, number)).toBeFocused();
}

test("two visitors want the last seat: the one who misses waits first, a third second, and the first in line moves in when the seat frees", async ({
  browser,
  request,
}) => {
  const pages = await Promise.all([
    visitorPage(browser),
    visitorPage(browser),
    visitorPage(browser),
  ]);
  const [first, second, third] = pages as [Page, Page, Page];
  try {
    const visitors: DayVisitor[] = [];
    for (const page of pages)
      visitors.push(await visitorWithSchool(page, request));
    const display = "Laatste stoel";
    const slug = await addTestWorkshop(
      request,
      visitors[0]!.orientationDayId,
      display,
      { "1": 1 },
    );

    // The second visitor opens the page while the seat is free; the first takes it meanwhile.
    await openWorkshop(second, slug);
    await expect(round(second, 1)).toBeChecked();
    await openWorkshop(first, slug);
    await first.getByRole("button", { name: "Toevoegen", exact: true }).click();
    await expect(cartPanel(first)).toBeVisible();

    // The second is told, and the round now offers its list.
    await second
      .getByRole("button", { name: "Toevoegen", exact: true })
      .click();
    await expect(second.getByText(MESSAGES.roundFull)).toBeVisible();
    await expect(roundLabel(second, 1)).toContainText("Niet beschikbaar");
    await join(second, 1, 1);

    await openWorkshop(third, slug);
    await join(third, 1, 2);
    await expectNoA11yViolations(third);

    // The cart and 'Jouw inschrijving' say what the second waits for.
    const line = `Wachtlijst: ${display} (plek 1)`;
    const cart = await openCart(second);
    await expect(
      cart.getByRole("listitem").filter({ hasText: "Ronde 1" }),
    ).toContainText(line);
    await expect(
      cart
        .getByRole("listitem")
        .filter({ hasText: "Ronde 1" })
        .getByRole("link", { name: "Kies workshop" }),
    ).toBeVisible();
    await expectNoA11yViolations(second);
    await closeCart(second);
    await second.goto("/inschrijving-afronden");
    await expect(
      second.getByRole("region", { name: "Jouw inschrijving" }),
    ).toContainText(line);
    await expectNoA11yViolations(second);

    // The first gives the seat up from the cart.
    const firstCart = await openCart(first);
    // The link may go at once (optimistic, with JavaScript): wait for the upstream's answer to the removal itself.
    await Promise.all([
      first.waitForResponse(
        (response) => response.request().method() === "POST",
      ),
      firstCart.getByRole("button", { name: `Verwijder ${display}` }).click(),
    ]);
    await expect(
      cartPanel(first).getByRole("link", { name: display }),
    ).toHaveCount(0);

    // The second now has it in round 1, and waits no more; the third moved up.
    await openWorkshop(second, slug);
    await expect(roundLabel(second, 1)).toContainText(
      "Toegevoegd aan inschrijving",
    );
    await expect(second.getByText(/Op de wachtlijst, plek/)).toHaveCount(0);
    const secondCart = await openCart(second);
    await expect(secondCart.getByRole("link", { name: display })).toBeVisible();
    await expect(secondCart.getByText(/^Wachtlijst:/)).toHaveCount(0);
    await closeCart(second);

    await openWorkshop(third, slug);
    await expect(roundLabel(third, 1)).toContainText(
      "Op de wachtlijst, plek 1",
    );
    expect(
      (await fetchRegistration(request, visitors[1]!))?.choices["1"],
    ).toMatchObject({ workshop: { slug } });
  } finally {
    await Promise.all(pages.map((page) => page.context().close()));
  }
});

test("a round full from the start: join its list, replace it by another workshop's list for the round, leave", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request);
  const [full, alsoFull] = ["Vol vanaf start", "Ook vol"];
  const fullSlug = await fullFirstRound(request, visitor, full);
  const alsoFullSlug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    alsoFull,
    { "1": 0 },
  );

  await openWorkshop(page, fullSlug);
  await expect(roundLabel(page, 1)).toContainText("Niet beschikbaar");
  await expect(joinButton(page, 1)).toBeVisible();
  // An open round offers no list.
  await expect(joinButton(page, 2)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await join(page, 1, 1);
  await expectNoA11yViolations(page);

  // One list per round: waiting for another workshop in round 1 replaces the entry.
  await openWorkshop(page, alsoFullSlug);
  await join(page, 1, 1);
  await openWorkshop(page, fullSlug);
  await expect(page.getByText(/Op de wachtlijst, plek/)).toHaveCount(0);
  await expect(joinButton(page, 1)).toBeVisible();
  const cart = await openCart(page);
  await expect(cart).toContainText(`Wachtlijst: ${alsoFull} (plek 1)`);
  await expect(cart).not.toContainText(`Wachtlijst: ${full}`);
  // No seat chosen, only a place on a list: the cart says until when that is held too (issue 43).
  await expect(cart).toContainText(
    /Je plek op de wachtlijst blijft tot (?:[a-z]+ \d{1,2} [a-z]+ )?\d\d:\d\d voor je vastgehouden\. Kies een workshop en rond je inschrijving voor die tijd af\./,
  );
  await expectNoA11yViolations(page);
  await closeCart(page);

  // Leaving.
  await openWorkshop(page, alsoFullSlug);
  await leaveButton(page, 1).click();
  await expect(
    page.getByText("Je staat niet meer op de wachtlijst voor ronde 1."),
  ).toBeVisible();
  await expect(joinButton(page, 1)).toBeVisible();
  await expect(page.getByText(/Op de wachtlijst, plek/)).toHaveCount(0);
  expect((await fetchRegistration(request, visitor))?.waitlist).toEqual([]);
});

test("a join sent again with its first key after leaving (a kept tab, Back): the page says nothing changed and the visitor is not on the list", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request);
  const slug = await fullFirstRound(request, visitor, "Twee keer verstuurd");
  await openWorkshop(page, slug);
  const key = page
    .locator(`form#wachtlijst-ronde-1`)
    .locator(`input[name="${IDEMPOTENCY_FIELD}"]`);
  const firstKey = await key.inputValue();
  await join(page, 1, 1);
  await leaveButton(page, 1).click();
  await expect(page.getByText(WAITLIST.left(1))).toBeVisible();

  // The page as a kept tab still has it: the join form with the first page's key.
  await openWorkshop(page, slug);
  await key.evaluate((input, value) => {
    (input as HTMLInputElement).value = value;
  }, firstKey);
  await joinButton(page, 1).click();
  await expect(
    page.getByText(`${WAITLIST.replayed} ${WAITLIST.notJoined(1)}`),
  ).toBeVisible();
  await expect(page.getByText(WAITLIST.joined(1))).toHaveCount(0);
  await expect(joinButton(page, 1)).toBeVisible();
  expect((await fetchRegistration(request, visitor))?.waitlist).toEqual([]);
});

test("a workshop already in the registration offers no list in another round, and a made-up join says where it is", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request);
  const slug = await fullFirstRound(request, visitor, "Al gekozen");
  await openWorkshop(page, slug);
  await expect(joinButton(page, 1)).toBeVisible();
  await addToRound(page, 2);
  await openWorkshop(page, slug);
  await expect(roundLabel(page, 1)).toContainText("Niet beschikbaar");
  await expect(joinButton(page, 1)).toHaveCount(0);

  // A post made by hand, for the full round and for the round that holds it.
  for (const round of ["1", "2"]) {
    const answer = await page.request.post(`/workshop/${slug}`, {
      form: { intent: "join-waitlist", round },
      maxRedirects: 0,
    });
    expect(answer.status(), `round ${round}`).toBe(409);
    expect(await answer.text(), `round ${round}`).toContain(
      WAITLIST.alreadyChosen(2),
    );
  }
  expect((await fetchRegistration(request, visitor))?.waitlist).toEqual([]);
});

test("an open round with few seats says how many are left; more than five, or the visitor's own choice, says nothing", async ({
  page,
  request,
}) => {
  const visitor = await visitorWithSchool(page, request);
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    "Bijna vol",
    { "1": 3, "2": 1, "3": 6 },
  );

  await openWorkshop(page, slug);
  await expect(roundLabel(page, 1)).toContainText("Nog 3 plekken");
  await expect(roundLabel(page, 2)).toContainText("Nog 1 plek");
  await expect(roundLabel(page, 3)).not.toContainText("Nog");
  await expect(joinButton(page, 1)).toHaveCount(0);

  await round(page, 1).check();
  await page.getByRole("button", { name: "Toevoegen", exact: true }).click();
  await expect(cartPanel(page)).toBeVisible();
  await closeCart(page);
  await openWorkshop(page, slug);
  await expect(roundLabel(page, 1)).toContainText(
    "Toegevoegd aan inschrijving",
  );
  await expect(roundLabel(page, 1)).not.toContainText("Nog");
  await expect(roundLabel(page, 2)).toContainText("Nog 1 plek");
});
