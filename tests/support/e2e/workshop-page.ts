/**
 * A workshop page as the waiting-list and following specs drive it: a visitor with a school, the page opened and
 * hydrated, a round's radio and its row, and the buttons of a round's waiting list.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { untilHydrated } from "./flow";
import {
  createWithFirstSchool,
  visitorForDay,
  type DayVisitor,
} from "./registration";

/** A visitor who chose `day` and the first school, with a registration created upstream. */
export async function visitorWithSchool(
  page: Page,
  request: APIRequestContext,
  day: number | string,
): Promise<DayVisitor> {
  const visitor = await visitorForDay(page, day);
  await createWithFirstSchool(request, visitor);
  return visitor;
}

/** Opens the workshop's page, ready for the visitor's hands. */
export async function openWorkshop(page: Page, slug: string): Promise<void> {
  await page.goto(`/workshop/${slug}`);
  await untilHydrated(page);
}

/** A round's radio, within `scope` (the page, or a part of it). */
export function round(scope: Page | Locator, number: number): Locator {
  return scope.getByRole("radio", { name: new RegExp(`^Ronde ${number}\\b`) });
}

/** A round's row as it reads: number, times, badge, and the seats left or the place on its list. */
export function roundLabel(scope: Page | Locator, number: number): Locator {
  // The radio is looked for inside each label, so it is asked of the page, not of `scope` again.
  const page = "goto" in scope ? scope : scope.page();
  return scope.locator("label").filter({ has: round(page, number) });
}

export function joinButton(page: Page, number: number): Locator {
  return page.getByRole("button", {
    name: `Op de wachtlijst voor ronde ${number}`,
    exact: true,
  });
}

export function leaveButton(page: Page, number: number): Locator {
  return page.getByRole("button", {
    name: `Van de wachtlijst voor ronde ${number}`,
    exact: true,
  });
}
