import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { javaScriptEnabled, untilHydrated } from "../support/e2e/flow";
import { checkState, WIDTHS } from "../support/e2e/real-device";
import { startAppServer } from "../support/e2e/servers";
import type { RunningServer } from "../support/e2e/servers";

/** A date-time as Amsterdam local time, "2025-10-01T00:00:05", the form MAINTENANCE_END is written in. */
function amsterdamLocal(date: Date): string {
  return date
    .toLocaleString("sv-SE", { timeZone: "Europe/Amsterdam", hour12: false })
    .replace(" ", "T");
}

/** The four numbers of the countdown: days, hours, minutes, seconds. */
async function countdown(page: Page): Promise<number[]> {
  const text = (await page.getByRole("timer").textContent()) ?? "";
  const match =
    /(\d+)\s*dagen\s*(\d+)\s*uren\s*(\d+)\s*minuten\s*(\d+)\s*seconden/.exec(
      text,
    );
  expect(match, text).not.toBeNull();
  return match!.slice(1).map(Number);
}

test.describe("maintenance on", () => {
  test.describe.configure({ mode: "serial" });
  let app: RunningServer;
  const END = "2099-10-01T00:00";

  test.beforeAll(async () => {
    app = await startAppServer({
      MAINTENANCE: "true",
      MAINTENANCE_END: END,
      MAINTENANCE_BYPASS_IP: "203.0.113.50",
    });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("every page goes to the maintenance page with date and countdown", async ({
    page,
  }) => {
    for (const path of ["/", "/contact", "/workshops"]) {
      await page.goto(`${app.url}${path}`);
      await expect(page).toHaveURL(`${app.url}/under-construction`);
    }
    await expect(
      page.getByRole("heading", { level: 1, name: "Under Construction" }),
    ).toBeVisible();
    // Day and month in the Indonesian locale format.
    await expect(page.getByText("1 Oktober")).toBeVisible();
    const [days, hours, minutes, seconds] = await countdown(page);
    const expectedDays = Math.floor(
      (Date.parse("2099-09-30T22:00:00Z") - Date.now()) / 86_400_000,
    );
    expect(days).toBeGreaterThanOrEqual(expectedDays - 1);
    expect(days).toBeLessThanOrEqual(expectedDays);
    expect(hours).toBeLessThan(24);
    expect(minutes).toBeLessThan(60);
    expect(seconds).toBeLessThan(60);
    await expect(
      page.getByRole("button", { name: "Doorgaan naar website" }),
    ).toHaveCount(0);
  });

  test("the countdown ticks every second only with JavaScript", async ({
    page,
  }) => {
    // The page's timers run on a clock the test moves on, instead of waiting for them.
    await page.clock.install();
    await page.goto(`${app.url}/under-construction`);
    await untilHydrated(page);
    const before = await countdown(page);
    await page.clock.runFor(2_100);
    if (javaScriptEnabled())
      await expect.poll(() => countdown(page)).not.toEqual(before);
    else expect(await countdown(page)).toEqual(before);
  });

  test("without JavaScript the page refreshes itself once, at the end time", async ({
    page,
  }) => {
    test.skip(
      javaScriptEnabled(),
      "with JavaScript the countdown reloads the page",
    );
    await page.goto(`${app.url}/under-construction`);
    const refresh = Number(
      await page.locator('meta[http-equiv="refresh"]').getAttribute("content"),
    );
    // The end is years away: the refresh waits the longest allowed, one day.
    expect(refresh).toBe(24 * 60 * 60);
  });

  test("the bypass is refused to other addresses", async ({ request }) => {
    const response = await request.post(`${app.url}/under-construction`, {
      form: {},
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    const home = await request.get(`${app.url}/`, { maxRedirects: 0 });
    expect(home.headers()["location"]).toBe("/under-construction");
  });

  test("the health check and the maintenance page stay reachable", async ({
    request,
  }) => {
    expect((await request.get(`${app.url}/health`)).status()).toBe(200);
    expect(
      (
        await request.get(`${app.url}/under-construction`, { maxRedirects: 0 })
      ).status(),
    ).toBe(200);
  });

  test("the maintenance page passes axe", async ({ page }) => {
    await page.goto(`${app.url}/under-construction`);
    await expect(
      page.getByRole("heading", { name: "Under Construction" }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  // The real-device suite's checks (real-device.spec.ts), here where a server in maintenance already runs.
  test("the maintenance page on a touch phone: 320 to 390 px, nothing cut off or too small, axe clean", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: WIDTHS[0], height: 740 },
      javaScriptEnabled: javaScriptEnabled(),
    });
    try {
      const page = await context.newPage();
      await page.goto(`${app.url}/under-construction`);
      await untilHydrated(page);
      await checkState(page, "maintenance");
    } finally {
      await context.close();
    }
  });
});

test.describe("maintenance bypass", () => {
  test.describe.configure({ mode: "serial" });
  let app: RunningServer;

  test.beforeAll(async () => {
    // The app listens on 127.0.0.1 only, so that is the browser's address as the app sees it.
    app = await startAppServer({
      MAINTENANCE: "true",
      MAINTENANCE_END: "2099-10-01T00:00",
      MAINTENANCE_BYPASS_IP: "127.0.0.1",
    });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("the allowed address gets the button, which opens the site for that browser", async ({
    page,
  }) => {
    await page.goto(`${app.url}/`);
    await expect(page).toHaveURL(`${app.url}/under-construction`);
    if (javaScriptEnabled()) await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Doorgaan naar website" }).click();
    await expect(page).toHaveURL(`${app.url}/`);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
    await page.goto(`${app.url}/contact`);
    await expect(page).toHaveURL(`${app.url}/contact`);
    // With maintenance off for this browser, the maintenance page goes home.
    await page.goto(`${app.url}/under-construction`);
    await expect(page).toHaveURL(`${app.url}/`);
  });
});

test.describe("end of maintenance", () => {
  let app: RunningServer;

  test.beforeAll(async () => {
    app = await startAppServer({
      MAINTENANCE: "true",
      MAINTENANCE_END: amsterdamLocal(new Date(Date.now() + 10_000)),
    });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test("the page reloads itself at the end time and the site is back", async ({
    page,
  }) => {
    test.slow();
    await page.goto(`${app.url}/`);
    await expect(page).toHaveURL(`${app.url}/under-construction`);
    await expect(page).toHaveURL(`${app.url}/`, { timeout: 20_000 });
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
  });
});

test("with maintenance off the maintenance page goes home", async ({
  page,
  baseURL,
}) => {
  await page.goto("/under-construction");
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
});
