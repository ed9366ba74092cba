/**
 * A long unbroken title from the upstream (a URL in a workshop's name) wraps on a phone instead of widening the
 * page: no sideways scrolling at 360 px, on the workshop page and in the list.
 */
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { UPSTREAM_URL } from "../../playwright.config";
import {
  createWithFirstSchool,
  visitorForDay,
} from "../support/e2e/registration";

/** 91 characters, most of them one URL no line can hold. */
const TITLE =
  "Robotica, kijk op https://www.voorbeeldschool.nl/opleidingen/techniek/robotica-lab-van-2027";

test.use({ viewport: { width: 360, height: 800 } });

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("a 91-character title with a URL does not widen the page on a 360 px phone", async ({
  page,
  request,
}) => {
  expect(TITLE).toHaveLength(91);
  const visitor = await visitorForDay(page, 1);
  await createWithFirstSchool(request, visitor);
  const slug = `lange-titel-${test.info().project.name}-${Date.now().toString(36)}`;
  const added = await request.post(`${UPSTREAM_URL}/dev/test/workshop`, {
    data: {
      orientationDay: visitor.orientationDayId,
      slug,
      display: TITLE,
      seats: { "1": 5 },
    },
  });
  expect(added.status()).toBe(200);

  await page.goto(`/workshop/${slug}`);
  await expect(
    page.getByRole("heading", { level: 1, name: TITLE }),
  ).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  await page.goto("/workshops");
  // Both projects (and repeated runs) add the same title to the day: any of its cards will do.
  await expect(
    page.getByRole("heading", { name: TITLE }).first(),
  ).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});
