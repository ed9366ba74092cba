/**
 * `npm run bench:hydration`: how much main-thread work a page's scripts cost a slow phone once it has painted.
 * Loads HYDRATION_PATH (default /workshops, with a student's session) HYDRATION_LOADS times (default 12) in
 * Chromium with the CPU slowed fourfold (as Lighthouse's mobile preset assumes), each in a fresh context, and sums
 * the long tasks (over 50 ms) the browser reports until the page has hydrated and settled. Prints each load's sum
 * and the median. Lighthouse's TBT on this machine varies more between runs than the changes it should show; this
 * counts the same work directly. Uses the full browser (/usr/bin/chromium or CHROME_PATH).
 *
 * HYDRATION_CPU=1 also traces each load and prints the page's main-thread CPU time from navigation until settled,
 * and its style and layout part. The long tasks are wall-clock time and grow with the machine's load; the thread's
 * own CPU time, taken without a slowdown (`HYDRATION_SLOWDOWN=1`), barely does (main-thread-cpu.ts).
 */
import { chromium } from "@playwright/test";
import { launchOptions } from "../tests/support/chromium";
import { startBenchServers } from "./bench-servers";
import { browserCookies, flowVisitor } from "./flow-visitor";
import { measureMainThreadCpu } from "./main-thread-cpu";
import type { MainThreadCpu } from "./main-thread-cpu";

const path = process.env.HYDRATION_PATH ?? "/workshops";
const loads = Number(process.env.HYDRATION_LOADS ?? 12);
/** HYDRATION_SLOWDOWN=1 loads without a slowdown, e.g. for HYDRATION_CPU. */
const CPU_SLOWDOWN = Number(process.env.HYDRATION_SLOWDOWN ?? 4);
const CPU = process.env.HYDRATION_CPU === "1";
/** Time after hydration for the work it sets off (effects, lazy chunks) to show up as long tasks. */
const SETTLE_MS = 1_500;

declare global {
  interface Window {
    longTaskMs: number;
  }
}

const servers = await startBenchServers({}, []);
try {
  const visitor = await flowVisitor(servers.appUrl);
  const cookies = browserCookies(visitor.cookie, servers.appUrl);
  const browser = await chromium.launch({
    ...launchOptions,
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  });
  const sums: number[] = [];
  const cpu: MainThreadCpu[] = [];
  for (let load = 0; load < loads; load++) {
    const context = await browser.newContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", {
      rate: CPU_SLOWDOWN,
    });
    await page.addInitScript(() => {
      window.longTaskMs = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.longTaskMs += entry.duration;
      }).observe({ type: "longtask", buffered: true });
    });
    const load = async () => {
      await page.goto(`${servers.appUrl}${path}`);
      // Hydrated: the router has taken over the page.
      await page.waitForFunction(
        () => "__reactRouterDataRouter" in window,
        null,
        {
          timeout: 30_000,
        },
      );
      await page.waitForTimeout(SETTLE_MS);
    };
    if (CPU) cpu.push(await measureMainThreadCpu(browser, page, load));
    else await load();
    sums.push(await page.evaluate(() => window.longTaskMs));
    await context.close();
  }
  await browser.close();
  const median = (values: number[]) =>
    values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `${path}, CPU slowed ${CPU_SLOWDOWN}×, ${loads} loads: long tasks ${sums.map(Math.round).join(", ")} ms; median ${Math.round(median(sums))} ms`,
  );
  if (CPU) {
    const totals = cpu.map((load) => load.total);
    console.log(
      `main-thread CPU time (thread time) ${totals.map(Math.round).join(", ")} ms; median ${Math.round(median(totals))} ms, of which style and layout ${Math.round(median(cpu.map((load) => load.styleAndLayout)))} ms`,
    );
  }
} finally {
  servers.stop();
}
