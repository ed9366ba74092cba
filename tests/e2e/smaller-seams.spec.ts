/**
 * Smaller seams seen on a 320 px phone: the login box is a secondary action on /inschrijven (the school list is the
 * way on for most visitors), a long school name breaks between its words and not inside one, and the gallery's
 * photos say something after the heading 'Foto's'.
 */
import { expect, test } from "@playwright/test";
import { visitorForDay } from "../support/e2e/registration";
import { visitorWithSchool } from "../support/e2e/workshop-page";

test.use({
  hasTouch: true,
  isMobile: true,
  viewport: { width: 320, height: 740 },
});

test("on /inschrijven 'Inloggen' is a secondary button, not the page's primary fill", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await visitorForDay(page);
  const login = page
    .getByRole("region", { name: "Ben je al ingeschreven?" })
    .getByRole("button", { name: "Inloggen" });
  await expect(login).toHaveCSS("background-color", "rgb(255, 255, 255)");
  // Not the full width of the box either.
  const box = (await login.boundingBox())!;
  expect(box.width).toBeLessThan(200);
});

test("at 320 px a long school name breaks between its words, never inside one", async ({
  page,
}) => {
  await visitorForDay(page);
  const name = page
    .getByRole("button", { name: "Scholengemeenschap Vleuterweide" })
    .getByText("Scholengemeenschap Vleuterweide", { exact: true });
  await expect(name).toBeVisible();
  const broken = await name.evaluate((element) => {
    const text = element.firstChild!;
    const words: string[] = [];
    let offset = 0;
    for (const word of (text.textContent ?? "").split(" ")) {
      const range = document.createRange();
      range.setStart(text, offset);
      range.setEnd(text, offset + word.length);
      const lines = new Set(
        [...range.getClientRects()]
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      );
      if (lines.size > 1) words.push(word);
      offset += word.length + 1;
    }
    return words;
  });
  expect(broken).toEqual([]);
});

test("the gallery's photos say what they are", async ({ page, request }) => {
  await visitorWithSchool(page, request, 0);
  await page.goto("/workshop/software-development");
  const photos = page.getByRole("region", { name: "Foto's" }).getByRole("img");
  await expect(photos.first()).toBeAttached();
  const count = await photos.count();
  for (let index = 0; index < count; index += 1)
    await expect(photos.nth(index)).toHaveAttribute(
      "alt",
      new RegExp(`^Foto ${index + 1} van ${count} bij \\S`),
    );
});
