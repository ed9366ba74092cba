/**
 * React Router's lazy route discovery fetched `/__manifest` before following a link or form to a route the page
 * had not seen; once that fetch failed ('Failed to fetch manifest patches') a form stayed disabled for minutes
 * (issue 34). Every route is in the first page's manifest now (decision 0058): nothing is fetched to discover a
 * route, so a refused `/__manifest` changes nothing.
 */
import { expect, test } from "@playwright/test";
import {
  addToRound,
  javaScriptEnabled,
  untilHydrated,
} from "../support/e2e/flow";
import { addTestWorkshop } from "../support/e2e/registration";
import { unique } from "../fixtures/unique";
import { visitorWithSchool } from "../support/e2e/workshop-page";

test("links and forms never wait on route discovery: none is asked for, and refusing it changes nothing", async ({
  page,
  request,
}) => {
  test.skip(!javaScriptEnabled(), "route discovery is JavaScript's");
  const discoveries: string[] = [];
  await page.route("**/__manifest**", async (route) => {
    discoveries.push(route.request().url());
    await route.abort("connectionrefused");
  });
  // Day 1: the spring day's list is counted whole by the workshops spec, so no test adds to it.
  const visitor = await visitorWithSchool(page, request, 1);
  // A workshop of the test's own, with room: other tests fill the demo's seats meanwhile.
  const display = unique("Ontdekken");
  const slug = await addTestWorkshop(
    request,
    visitor.orientationDayId,
    display,
    {
      1: 50,
    },
  );
  await page.goto("/workshops");
  await untilHydrated(page);
  // Followed in the page (no new document): the workshop's route was never rendered on this visit.
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole("link", { name: display }).first().click();
  await expect(page).toHaveURL(new RegExp(`/workshop/${slug}$`));
  await addToRound(page, 1);
  await expect(
    page.getByRole("dialog", { name: "Inschrijving" }),
  ).toContainText(display);
  expect(
    await page.evaluate(
      () => (window as { sameDocument?: boolean }).sameDocument,
    ),
  ).toBe(true);
  expect(discoveries).toEqual([]);
});
