/**
 * A slow phone for the "before the scripts" suite: touch, 360 px, the CPU four times slower (Lighthouse's mobile
 * default) and a slow network (400 ms round trips, 400 kbit/s), so the page is on screen seconds before its scripts
 * run. A visitor's hands act as soon as a control shows; once the scripts have run, what they did must stand and
 * the control must be where it was.
 */
import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";

export const PHONE = {
  hasTouch: true,
  isMobile: true,
  viewport: { width: 360, height: 740 },
};

/**
 * The CPU four times slower and a slow network, over the DevTools protocol, from now on; and nothing from the
 * cache, as on a first visit (the set-up's pages would have cached the scripts).
 */
export async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
}

export function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => "hydrated" in document.documentElement.dataset);
}

/** For each page opened before its scripts: lets the held scripts go. */
const heldScripts = new WeakMap<Page, () => void>();

/**
 * Opens the page and returns at its first paint. Its scripts are held back until the test lets them go
 * (`releaseScripts`, which `actBeforeScripts` and `whileHydrating` call): on a loaded machine the hands' act could
 * otherwise outlast the slow network, and the test would no longer act before the scripts.
 */
export async function openBeforeScripts(
  page: Page,
  path: string,
): Promise<void> {
  const released = new Promise<void>((resolve) =>
    heldScripts.set(page, resolve),
  );
  await page.route(
    (url) =>
      url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.goto(path, { waitUntil: "commit" });
  await untilFirstPaint(page);
}

/** Lets the scripts held by `openBeforeScripts` go: they then come over the slow network as they would. */
export function releaseScripts(page: Page): void {
  heldScripts.get(page)?.();
}

/**
 * Waits for the current document's first paint: before it the stylesheets may still be loading, and a box measured
 * then is the unstyled one.
 */
export async function untilFirstPaint(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByName("first-contentful-paint").length > 0,
    null,
    { polling: 50, timeout: 30_000 },
  );
}

/** The box of what the locator finds, in page coordinates (a scrolled page does not read as a moved control). */
export async function box(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return {
      x: rect.left + window.scrollX,
      y: rect.top + window.scrollY,
      width: rect.width,
      height: rect.height,
    };
  });
}

type Box = Awaited<ReturnType<typeof box>>;

/** How far the box moved or changed size: the largest difference of its edges, in px. */
export function moved(before: Box, after: Box): number {
  return Math.max(
    Math.abs(before.x - after.x),
    Math.abs(before.y - after.y),
    Math.abs(before.x + before.width - (after.x + after.width)),
    Math.abs(before.y + before.height - (after.y + after.height)),
  );
}

/**
 * Acts on a control before the scripts run and checks, once they have, that the state stands and the control did
 * not move more than 4 px. `control` finds the control both before and after hydration (by CSS and text, not by
 * role: an open modal hides the rest of the page from the accessibility tree). `stands` asserts the state once
 * the scripts have run; `settle` is how long to wait after hydration before asking (what the scripts do next).
 */
export async function actBeforeScripts(
  page: Page,
  options: {
    label: string;
    control: () => Locator;
    act: () => Promise<void>;
    /** What the act did, as it shows before the scripts run; `stands` when not given. */
    acted?: () => Promise<void>;
    stands: () => Promise<void>;
    settle?: number;
  },
): Promise<void> {
  const { label, control, act, stands } = options;
  await control().waitFor({ state: "visible", timeout: 30_000 });
  expect(await hydrated(page), `${label}: the page is not hydrated yet`).toBe(
    false,
  );
  await act();
  releaseScripts(page);
  expect(
    await hydrated(page),
    `${label}: the act was done before the scripts ran (too fast a machine for this test?)`,
  ).toBe(false);
  const before = await box(control());
  await (options.acted ?? stands)();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", {
    timeout: 60_000,
  });
  await page.waitForTimeout(options.settle ?? 1_500);
  const after = await box(control());
  expect
    .soft(
      moved(before, after),
      `${label}: moved from ${JSON.stringify(before)} to ${JSON.stringify(after)}`,
    )
    .toBeLessThanOrEqual(4);
  await stands();
}

/** Waits until the scripts have started (the module scripts run) but the page has not hydrated yet. */
export async function whileHydrating(page: Page): Promise<void> {
  releaseScripts(page);
  await page.waitForFunction(
    () =>
      document.querySelector('head > script[type="module"]') !== null ||
      "hydrated" in document.documentElement.dataset,
    null,
    { polling: 20, timeout: 60_000 },
  );
}
