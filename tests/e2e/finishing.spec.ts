/**
 * The finishing pass over every screen (phones and laptops, light and dark, JavaScript on and off): the footer
 * under the tab bar, dark mode from the first byte, resource routes answering a wrong method with a page, an
 * upstream that is down, switching days with a confirmed registration, the logo row's scroll cue, the loading
 * overlay, the maintenance page and Contact on a phone.
 */
import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import { MAINTENANCE, MESSAGES, METHOD_NOT_ALLOWED } from "../../app/messages";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { expectNoA11yViolations } from "../support/e2e/axe";
import {
  javaScriptEnabled,
  mainMenu,
  openHome,
  serverSideOnly,
} from "../support/e2e/flow";
import {
  createConfirmedRegistration,
  hasCreatedRegistration,
} from "../support/e2e/registration";
import { freePort, startAppServer } from "../support/e2e/servers";
import type { RunningServer } from "../support/e2e/servers";

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

const { settings } = buildDemoData().find((demo) => demo.name === "localhost")!;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `a box for ${locator.toString()}`).not.toBeNull();
  return found!;
}

const bottom = (b: Box) => b.y + b.height;

/** Relative luminance (0 black … 1 white) and alpha of an element's computed colour, whatever notation CSS used. */
async function colourOf(
  locator: Locator,
  property: "backgroundColor" | "color" = "backgroundColor",
): Promise<{ luminance: number; alpha: number }> {
  return locator.evaluate((element, name) => {
    const value = getComputedStyle(element)[name];
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = value;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return {
      luminance: 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b),
      alpha: a / 255,
    };
  }, property);
}

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.scrollTo(0, document.documentElement.scrollHeight),
  );
}

test.describe("finding 1: the bottom tab bar and the footer", () => {
  for (const viewport of [PHONE, LAPTOP]) {
    test(`scrolled to the bottom, the footer is fully visible and follows the content at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ ...viewport, height: 600 });
      await page.goto("/");
      await scrollToBottom(page);
      const footer = page.getByRole("contentinfo");
      const address = footer.getByText(settings.address!);
      const maps = footer.getByRole("link", {
        name: `${settings.postalCode} ${settings.city}`,
      });
      await expect(maps).toBeVisible();
      // The content is taller than the window, so the footer's place is decided by the content alone.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollHeight > window.innerHeight,
        ),
      ).toBe(true);
      const gap =
        (await box(footer)).y - bottom(await box(page.locator("main")));
      expect(gap, "space between the content and the footer").toBeLessThan(50);
      if (viewport === PHONE) {
        const bar = await box(mainMenu(page));
        expect(bottom(await box(address))).toBeLessThanOrEqual(bar.y);
        expect(bottom(await box(maps))).toBeLessThanOrEqual(bar.y);
      }
    });
  }
});

test.describe("finding 2 and 3: dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the very first page follows a dark system theme, and a class overrides it", async ({
    page,
  }) => {
    // A fresh context: no client hint has been asked for yet.
    await page.goto("/");
    const body = page.locator("body");
    expect((await colourOf(body)).luminance).toBeLessThan(0.05);
    expect((await colourOf(body, "color")).luminance).toBeGreaterThan(0.7);

    // The class is an explicit choice that wins over the system's.
    await page.evaluate(() => document.documentElement.classList.add("light"));
    expect((await colourOf(body)).luminance).toBeGreaterThan(0.9);
    await page.evaluate(() => {
      document.documentElement.classList.remove("light");
    });
    await page.emulateMedia({ colorScheme: "light" });
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    expect((await colourOf(body)).luminance).toBeLessThan(0.05);
  });

  test("carousel buttons and logo tiles do not glare, the header logo is readable", async ({
    page,
  }) => {
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const logo = page.getByRole("banner").getByRole("img");
      // The demo logos are 300 × 80 with 16 px text: at 56 px high the text is 11 px.
      expect((await box(logo)).height).toBeGreaterThanOrEqual(56);
    }
    const schools = page.getByRole("region", { name: "Scholen" });
    const tile = schools.getByRole("link").first();
    const tileColour = await colourOf(tile);
    expect(tileColour.luminance, "a softened tile, not white").toBeLessThan(
      0.85,
    );
    if (javaScriptEnabled()) {
      const next = schools.getByRole("button", { name: "Volgende school" });
      expect((await colourOf(next)).luminance).toBeLessThan(0.1);
    }
    await expectNoA11yViolations(page);
  });
});

test.describe("finding 4: a wrong method on a resource route", () => {
  test.beforeEach(() => serverSideOnly());

  test("answers 405 with the site's own Dutch page and an Allow header", async ({
    page,
    request,
  }) => {
    const response = await page.goto("/uitloggen");
    expect(response?.status()).toBe(405);
    expect(response?.headers()["allow"]).toBe("POST");
    await expect(
      page.getByRole("heading", { level: 1, name: METHOD_NOT_ALLOWED.message }),
    ).toBeVisible();
    await expect(
      page.getByRole("banner").getByRole("link", {
        name: settings.fullLocationName!,
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Ga naar Home" }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);

    const wrong: [string, string, string][] = [
      ["GET", "/winkelwagen", "POST"],
      ["PUT", "/favorieten", "GET, HEAD, POST"],
      ["POST", "/health", "GET, HEAD"],
      ["POST", "/media/logos/localhost.svg", "GET, HEAD"],
      ["DELETE", "/inschrijving-bevestigen/agenda.ics", "GET, HEAD"],
    ];
    for (const [method, path, allow] of wrong) {
      const answer = await request.fetch(path, { method, maxRedirects: 0 });
      const what = `${method} ${path}`;
      expect(answer.status(), what).toBe(405);
      expect(answer.headers()["allow"], what).toBe(allow);
      expect(answer.headers()["content-type"], what).toContain("text/html");
      expect(await answer.text(), what).toContain(METHOD_NOT_ALLOWED.message);
    }
  });
});

test.describe("finding 5: the upstream is down", () => {
  test.describe.configure({ mode: "serial" });
  let app: RunningServer;

  test.beforeAll(async () => {
    // The test runs once, without JavaScript (serverSideOnly).
    if (javaScriptEnabled()) return;
    // Nobody listens on this port: every upstream call is refused.
    app = await startAppServer({
      UPSTREAM_URL: `http://127.0.0.1:${await freePort()}`,
    });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("Home keeps the layout, names the site from its host and says what is wrong once", async ({
    page,
  }) => {
    serverSideOnly();
    const response = await page.goto(`${app.url}/`);
    // The page could not get the data it needs: 503, so balancers, logs and metrics see it; the visitor reads why.
    expect(response?.status()).toBe(503);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Localhost" }),
    ).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByText(MESSAGES.genericError)).toHaveCount(1);
    await expect(
      page.getByRole("region", { name: "Evenementen" }),
    ).toContainText(MESSAGES.genericError);
    await expectNoA11yViolations(page);
  });
});

test.describe("finding 6: another day with a confirmed registration", () => {
  test("asks first; 'Annuleren' keeps the registration, 'Ja, schrijf mij uit' switches", async ({
    page,
    request,
  }) => {
    test.slow();
    const registration = await createConfirmedRegistration(page, request);
    // Home's scripts start after load: a press before they run is a plain post, which asks on a page, not in a dialog.
    const otherDay = async () => {
      await openHome(page);
      await page
        .getByRole("region", { name: "Evenementen" })
        .getByRole("listitem")
        .nth(1)
        .getByRole("button", { name: /^Inschrijven/ })
        .click();
    };
    const question = javaScriptEnabled()
      ? page.getByRole("dialog", { name: MESSAGES.cancelQuestion })
      : page.getByRole("heading", { level: 1, name: MESSAGES.cancelQuestion });

    await otherDay();
    await expect(question).toBeVisible();
    await expectNoA11yViolations(page);
    if (!javaScriptEnabled()) {
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoA11yViolations(page);
    }
    if (javaScriptEnabled()) {
      await question.getByRole("button", { name: "Annuleren" }).click();
      await expect(question).toBeHidden();
    } else {
      await page.getByRole("link", { name: "Annuleren" }).click();
    }
    await expect(page).toHaveURL(/\/$/);
    expect(await hasCreatedRegistration(request, registration)).toBe(true);

    await otherDay();
    await page.getByRole("button", { name: "Ja, schrijf mij uit" }).click();
    await expect(page).toHaveURL(/\/inschrijven$/);
    expect(await hasCreatedRegistration(request, registration)).toBe(false);
  });
});

test.describe("finding 7: the logo row without JavaScript", () => {
  test("shows part of the next logo, so it reads as a row that scrolls", async ({
    page,
  }) => {
    test.skip(javaScriptEnabled(), "about the row without JavaScript");
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const list = page
        .getByRole("region", { name: "Scholen" })
        .getByRole("list");
      const row = await box(list);
      const rightEdge = row.x + row.width;
      const items = await list.getByRole("listitem").all();
      let cut = 0;
      for (const item of items) {
        const { x, width } = await box(item);
        if (x < rightEdge - 8 && x + width > rightEdge + 8) cut += 1;
      }
      expect(cut, `a logo cut by the row's edge at ${viewport.width} px`).toBe(
        1,
      );
    }
  });
});

test.describe("finding 8: the loading overlay", () => {
  test("waits a moment, then covers the page as one solid layer", async ({
    page,
  }) => {
    test.skip(!javaScriptEnabled(), "the overlay exists only with JavaScript");
    await page.emulateMedia({ reducedMotion: "reduce" });
    // The page's timers follow a clock the test holds, so "a moment" does not depend on the machine's speed.
    await page.clock.install();
    await openHome(page);
    await page.route("**/contact.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const overlay = page.getByRole("status").filter({ hasText: "Laden…" });
    await page.clock.pauseAt(Date.now() + 60_000);
    await mainMenu(page).getByRole("link", { name: "Contact" }).click();
    await page.clock.runFor(150);
    expect(await overlay.count(), "no overlay for a fast navigation").toBe(0);
    await page.clock.runFor(400);
    await page.clock.resume();
    await expect(overlay).toBeVisible();
    expect((await colourOf(overlay)).alpha).toBe(1);
    await expect(overlay.locator("svg")).toHaveCSS("animation-name", "none");
    await expect(
      page.getByRole("heading", { name: "Stel een vraag" }),
    ).toBeVisible();
    await expect(overlay).toHaveCount(0);
  });
});

test.describe("finding 9: the maintenance page", () => {
  test.describe.configure({ mode: "serial" });
  let app: RunningServer;

  test.beforeAll(async () => {
    // The test runs once, without JavaScript (serverSideOnly).
    if (javaScriptEnabled()) return;
    app = await startAppServer({
      MAINTENANCE: "true",
      MAINTENANCE_END: "2099-10-01T00:00",
    });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("shows the site's logo and name; the countdown's units keep clear of their boxes at 360 px", async ({
    page,
  }) => {
    serverSideOnly();
    await page.setViewportSize(PHONE);
    await page.goto(`${app.url}/under-construction`);
    await expect(
      page.getByRole("heading", { level: 1, name: MAINTENANCE.title }),
    ).toBeVisible();
    await expect(page.getByText("1 Oktober")).toBeVisible();
    // The logo is decoration beside the name.
    await expect(page.getByRole("main").locator("img")).toBeVisible();
    await expect(
      page.getByText(settings.fullLocationName!, { exact: true }),
    ).toBeVisible();
    for (const unit of Object.values(MAINTENANCE.units)) {
      const label = page.getByRole("timer").getByText(unit, { exact: true });
      const inner = await box(label);
      const outer = await box(label.locator(".."));
      expect(inner.x - outer.x, unit).toBeGreaterThanOrEqual(8);
      expect(
        outer.x + outer.width - (inner.x + inner.width),
        unit,
      ).toBeGreaterThanOrEqual(8);
    }
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
  });
});

test.describe("finding 11: Contact on a phone", () => {
  test("puts the form first, within the first screen", async ({ page }) => {
    serverSideOnly();
    await page.setViewportSize(PHONE);
    await page.goto("/contact");
    const name = page.getByRole("textbox", { name: "Naam" });
    const firstLocation = page
      .getByRole("region", { name: "Locaties" })
      .getByRole("listitem")
      .first();
    expect((await box(name)).y).toBeLessThan((await box(firstLocation)).y);
    expect(bottom(await box(name))).toBeLessThan(PHONE.height);
    await expectNoA11yViolations(page);
  });
});

test.describe("Lighthouse: the scripts wait until the page has loaded (decision 0019)", () => {
  test("the page holds no module preloads and no running module script; they start after `load`", async ({
    page,
    request,
  }) => {
    test.skip(!javaScriptEnabled(), "about when the scripts start");
    // The served page: if a React Router upgrade changes what <Scripts/> puts out, its rewrite stops matching.
    const html = await (await request.get("/")).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toMatch(/<script[^>]*type="text\/x-after-load"/);

    // In the browser: every script file is requested after the load event, and the page still hydrates.
    await openHome(page);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return {
        loadEventStart: navigation!.loadEventStart,
        scriptStarts: scripts.map((entry) => entry.startTime),
      };
    });
    expect(timing.scriptStarts.length).toBeGreaterThan(0);
    for (const start of timing.scriptStarts)
      expect(start).toBeGreaterThanOrEqual(timing.loadEventStart);
  });
});
