import { expect, test } from "@playwright/test";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { LAYOUT, MESSAGES } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  javaScriptEnabled,
  mainMenu,
  openHome,
  untilHydrated,
} from "../support/e2e/flow";

const { settings } = buildDemoData().find((demo) => demo.name === "localhost")!;

test.describe("desktop", () => {
  test("top tabs mark the current page", async ({ page }) => {
    await page.goto("/");
    const menu = mainMenu(page);
    await expect(menu).toHaveCount(1);
    await expect(menu.getByRole("link")).toHaveText(["Informatie", "Contact"]);
    await expect(
      menu.getByRole("link", { name: "Informatie" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(
      menu.getByRole("link", { name: "Contact" }),
    ).not.toHaveAttribute("aria-current", "page");

    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu.getByRole("link", { name: "Contact" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      menu.getByRole("link", { name: "Informatie" }),
    ).not.toHaveAttribute("aria-current", "page");

    // The logo leads home.
    await page
      .getByRole("banner")
      .getByRole("link", { name: settings.fullLocationName! })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the footer shows the location from settings", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByRole("link", { name: settings.fullLocationName! }),
    ).toHaveAttribute("href", settings.websiteUrl!);
    await expect(footer.getByText(settings.address!)).toBeVisible();
    await expect(
      footer.getByRole("link", {
        name: `${settings.postalCode} ${settings.city}`,
      }),
    ).toHaveAttribute("href", settings.googleMapsUrl!);
  });

  test("the skip link leads to the content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Naar de inhoud" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#inhoud");
    await expect(page.locator("main#inhoud")).toHaveCount(1);
  });

  test("no logout button without a created registration", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Uitloggen" })).toHaveCount(
      0,
    );
  });

  test("logging out says so and goes home", async ({ page, baseURL }) => {
    await page.goto("/contact");
    // The same POST the logout button sends; the page's cookies go along.
    const response = await page.request.post("/uitloggen", {
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    await page.goto("/");
    await expect(page.getByText(MESSAGES.loggedOut)).toBeVisible();
  });

  test("a flash message is the server's element, once hydrated too, until its lifetime ends", async ({
    page,
    baseURL,
  }) => {
    // Every element added to the page once the server's HTML is in: hydration must add no second copy.
    await page.addInitScript(() => {
      const added: string[] = [];
      Object.assign(window, { addedTexts: added });
      document.addEventListener("DOMContentLoaded", () => {
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              added.push(node.textContent ?? "");
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.goto("/contact");
    await page.request.post("/uitloggen", {
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    await page.goto("/");
    const notifications = page.getByRole("region", {
      name: LAYOUT.notifications,
    });
    await expect(notifications.getByRole("status")).toHaveText(
      MESSAGES.loggedOut,
    );
    await untilHydrated(page);
    // Its 3.5 s end it: hidden without JavaScript, taken out of the page with it.
    if (javaScriptEnabled()) {
      await expect(notifications).toHaveCount(0, { timeout: 6_000 });
      const added = await page.evaluate(
        () => (window as unknown as { addedTexts: string[] }).addedTexts,
      );
      expect(added.filter((text) => text.includes(MESSAGES.loggedOut))).toEqual(
        [],
      );
    } else {
      await expect(page.getByText(MESSAGES.loggedOut)).toBeHidden({
        timeout: 6_000,
      });
    }
  });

  test("an unknown page shows the 404 message inside the layout", async ({
    page,
  }) => {
    const response = await page.goto("/bestaat-niet");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: MESSAGES.notFound }),
    ).toBeVisible();
    await expect(mainMenu(page)).toBeVisible();
    await page.getByRole("link", { name: "Ga naar Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
  });

  test("a pending navigation shows the loading overlay", async ({ page }) => {
    test.skip(!javaScriptEnabled(), "the overlay exists only with JavaScript");
    await openHome(page);
    // Hold the data request of the next page for a moment.
    await page.route("**/contact.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await mainMenu(page).getByRole("link", { name: "Contact" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Laden…" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Stel een vraag" }),
    ).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Laden…" }),
    ).toHaveCount(0);
  });
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a floating bottom tab bar replaces the top tabs", async ({ page }) => {
    await page.goto("/contact");
    const menu = mainMenu(page);
    // Only one menu is rendered visibly: the bottom bar.
    await expect(menu).toHaveCount(1);
    const box = await menu.boundingBox();
    expect(box!.y).toBeGreaterThan(740 / 2);
    await expect(menu.getByRole("link", { name: "Contact" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Informatie" }),
    ).toHaveCount(0);
    await expectNoA11yViolations(page);

    if (javaScriptEnabled()) {
      await untilHydrated(page);
      // Tapping the active item deselects it without navigating.
      await menu.getByRole("link", { name: "Contact" }).click();
      await expect(
        menu.getByRole("link", { name: "Contact" }),
      ).not.toHaveAttribute("aria-current", "page");
      await expect(page).toHaveURL(/\/contact$/);
    }

    await menu.getByRole("link", { name: "Informatie" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      menu.getByRole("link", { name: "Informatie" }),
    ).toHaveAttribute("aria-current", "page");
  });
});
