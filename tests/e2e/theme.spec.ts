import { expect, test } from "@playwright/test";
import { buildPalette } from "../../app/lib/theme";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { expectNoA11yViolations } from "../support/e2e/axe";

const sites = buildDemoData();

/** The app's address for a site: localhost itself, or a sub-name of it (Chromium resolves *.localhost). */
function siteUrl(baseURL: string, name: string) {
  const url = new URL(baseURL);
  if (name !== "localhost") url.hostname = `${name}.localhost`;
  return url.origin + "/";
}

test("the demo sites have four different brand colours", () => {
  expect(new Set(sites.map((site) => site.settings.primaryColor)).size).toBe(
    sites.length,
  );
});

for (const site of sites) {
  test(`${site.name} shows its own logo and brand colour`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(siteUrl(baseURL!, site.name));
    const logo = page.getByRole("banner").getByRole("link").getByRole("img");
    await expect(logo).toHaveAttribute("alt", site.settings.fullLocationName!);
    await expect(logo).toHaveAttribute("src", site.settings.logo!);

    const brand = await page.evaluate(() =>
      getComputedStyle(document.documentElement)
        .getPropertyValue("--primary-700")
        .trim(),
    );
    expect(brand).toBe(buildPalette(site.settings.primaryColor)[700]);
    // The active tab wears the brand colour.
    const activeTab = page
      .getByRole("navigation", { name: "Hoofdmenu" })
      .getByRole("link", { name: "Informatie" });
    const background = await activeTab.evaluate(
      (element) => getComputedStyle(element).backgroundColor,
    );
    const [r, g, b] = [1, 3, 5].map((start) =>
      Number.parseInt(brand.slice(start, start + 2), 16),
    );
    expect(background).toBe(`rgb(${r}, ${g}, ${b})`);
  });
}

test("dark mode follows the system preference and stays accessible", async ({
  page,
}) => {
  const background = () =>
    page
      .locator("body")
      .evaluate((body) => getComputedStyle(body).backgroundColor);
  // The stylesheet follows prefers-color-scheme from the first page on, with or without JavaScript.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  const dark = await background();
  await page.goto("/contact");
  expect(await background()).toBe(dark);
  await expectNoA11yViolations(page);

  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  expect(await background()).not.toBe(dark);
});
