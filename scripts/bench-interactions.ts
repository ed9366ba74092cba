/**
 * `npm run bench:interactions`: how long the main interactions keep a slow phone from showing their result, as the
 * browser's Event Timing API reports it (what INP is made of). Starts the reference upstream and the production
 * build (bench-servers), then, with Chromium's CPU slowed 4× and 6× (DevTools `Emulation.setCPUThrottlingRate`),
 * walks a new student through the flow INTERACTION_RUNS times (default 3) per slowdown, each in a fresh browser
 * context: choose a day, a school, a favourite, type in the search, 'Toevoegen', open the cart, join a waiting list,
 * 'Versturen' with errors. For each step it takes the longest `event` entry of each interaction
 * (`durationThreshold` 16 ms, so a step whose interactions all took less reports none) and prints the median and
 * the worst over the runs. A benchmark, not a test: the figures move with the machine's load.
 *
 * INTERACTION_PROFILE=1 also records the main thread's CPU profile of each interaction in the first run at the
 * strongest slowdown and prints, per step, where its time went: the functions with the most self time, with their
 * file (a chunk of the build, React's or the page's own), so a slow interaction is profiled before it is changed.
 *
 * INTERACTION_CPU=1 also traces every step and prints a second table: the page's main-thread CPU time in the
 * 1.5 s after the act (the interaction and what it set off, Playwright's few checks of the target included). Taken
 * without a slowdown (`INTERACTION_SLOWDOWNS=1`), the machine's load barely moves it, where it moves Event Timing's
 * durations by 50 to 100 ms; under DevTools' slowdown the thread's CPU time grows with the load too
 * (main-thread-cpu.ts).
 */
import { chromium } from "@playwright/test";
import type { Page } from "@playwright/test";
import { launchOptions } from "../tests/support/chromium";
import { WAITLIST } from "../app/messages";
import { NO_RATE_LIMITS, startBenchServers } from "./bench-servers";
import { DAY_BUTTON } from "./flow-visitor";
import { measureMainThreadCpu } from "./main-thread-cpu";

const RUNS = Number(process.env.INTERACTION_RUNS ?? 3);
/** INTERACTION_SLOWDOWNS=1 (a comma list) measures without a slowdown, e.g. for INTERACTION_CPU. */
const SLOWDOWNS = (process.env.INTERACTION_SLOWDOWNS ?? "4,6")
  .split(",")
  .map(Number);
/** The aim at the strongest slowdown: Google's "good" INP. */
const AIM_MS = 200;
/** After the interaction: time left to the page alone before its result is looked for. */
const QUIET_MS = 1_500;
/** After the result shows: time for the browser to report the interaction's entries (they follow its next paint). */
const REPORT_MS = 500;
const STEP_TIMEOUT_MS = 60_000;
const PROFILE = process.env.INTERACTION_PROFILE === "1";
const CPU = process.env.INTERACTION_CPU === "1";
/** How many of a step's heaviest functions the profile prints. */
const PROFILE_TOP = 8;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self time in a CPU profile, in ms. */
function heaviest(profile: CpuProfile): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = byNode.get(id)!.callFrame;
    const file = url
      .split("/")
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, ".js");
    const name = `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`;
    if (!file && /^\((idle|program)\)/.test(name)) return;
    selfMs.set(
      name,
      (selfMs.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000,
    );
  });
  return [...selfMs]
    .sort(([, a], [, b]) => b - a)
    .slice(0, PROFILE_TOP)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${name}`);
}

declare global {
  interface Window {
    /** The longest entry per interaction id, since the last clear. */
    interactionMs: Record<number, number>;
  }
}

interface Step {
  name: string;
  /** Gets the page ready for the interaction (not measured). */
  prepare?: (page: Page) => Promise<void>;
  /** The interaction. */
  act: (page: Page) => Promise<void>;
  /** Waits until its result shows. */
  done: (page: Page) => Promise<void>;
}

async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

function steps(waitlistSlug: string): Step[] {
  return [
    {
      name: "choose a day (Home, 'Inschrijven')",
      prepare: (page) => open(page, "/"),
      act: async (page) => {
        await page
          .getByRole("region", { name: "Evenementen" })
          .getByRole("listitem")
          .first()
          .getByRole("button", { name: /^Inschrijven/ })
          .click();
      },
      done: (page) => page.waitForURL(/\/inschrijven$/),
    },
    {
      name: "choose a school",
      prepare: hydrated,
      act: async (page) => {
        await page
          .getByRole("region", {
            name: "Nieuwe inschrijving? Selecteer jouw school:",
          })
          .getByRole("button")
          .first()
          .click();
      },
      done: (page) => page.waitForURL(/\/workshops$/),
    },
    {
      name: "a favourite (star on /workshops)",
      prepare: hydrated,
      act: async (page) => {
        const star = page.getByRole("button", { name: /^Favoriet: / }).first();
        await star.click();
      },
      done: (page) =>
        page
          .getByRole("button", { name: /^Favoriet: /, pressed: true })
          .first()
          .waitFor(),
    },
    {
      name: "typing in the search ('bouw', each key)",
      prepare: hydrated,
      act: async (page) => {
        await page
          .getByRole("searchbox", { name: "Zoeken" })
          .pressSequentially("bouw", { delay: 150 });
      },
      done: (page) => page.waitForURL(/[?&]q=bouw/),
    },
    {
      name: "'Toevoegen' (workshop page)",
      prepare: async (page) => {
        await page
          .getByRole("link", { name: /^Bouwkunde/ })
          .first()
          .click();
        await page.waitForURL(/\/workshop\//);
        await hydrated(page);
        await page
          .getByRole("region", { name: "Inschrijven" })
          .getByRole("radio", { name: /^Ronde 1\b/ })
          .check();
      },
      act: async (page) => {
        await page
          .getByRole("region", { name: "Inschrijven" })
          .getByRole("button", { name: "Toevoegen", exact: true })
          .click();
      },
      done: (page) =>
        page.getByRole("dialog", { name: "Inschrijving" }).waitFor(),
    },
    {
      name: "opening the cart",
      prepare: async (page) => {
        await page.keyboard.press("Escape");
        await page
          .getByRole("dialog", { name: "Inschrijving" })
          .waitFor({ state: "hidden" });
      },
      act: async (page) => {
        await page
          .getByRole("button", { name: /^Inschrijving \(\d+\)$/ })
          .click();
      },
      done: (page) =>
        page.getByRole("dialog", { name: "Inschrijving" }).waitFor(),
    },
    {
      name: "joining a waiting list",
      prepare: (page) => open(page, `/workshop/${waitlistSlug}`),
      act: async (page) => {
        await page
          .getByRole("button", { name: WAITLIST.join(1), exact: true })
          .click();
      },
      done: (page) =>
        page
          .getByRole("button", { name: WAITLIST.leave(1), exact: true })
          .waitFor(),
    },
    {
      name: "'Versturen' with errors (final form, empty)",
      prepare: (page) => open(page, "/inschrijving-afronden"),
      act: async (page) => {
        await page.getByRole("button", { name: "Versturen" }).click();
      },
      done: async (page) => {
        await page.waitForFunction(() => document.title.startsWith("Fout: "));
      },
    },
  ];
}

/** The longest interaction since the last clear; null when none took 16 ms or more. */
async function worstInteraction(page: Page): Promise<number | null> {
  const durations = Object.values(
    await page.evaluate(() => window.interactionMs),
  );
  return durations.length > 0 ? Math.max(...durations) : null;
}

interface RunFigures {
  /** Per step, its longest interaction (ms), null when none took 16 ms. */
  interactions: (number | null)[];
  /** Per step, the main thread's CPU time after the act (ms), with INTERACTION_CPU. */
  cpu: number[];
}

async function run(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  appUrl: string,
  slowdown: number,
  walk: Step[],
  profiles?: Map<string, string[]>,
): Promise<RunFigures> {
  const context = await browser.newContext({
    baseURL: appUrl,
    viewport: { width: 390, height: 844 },
    hasTouch: false,
    locale: "nl-NL",
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.interactionMs = {};
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        window.interactionMs[entry.interactionId] = Math.max(
          window.interactionMs[entry.interactionId] ?? 0,
          entry.duration,
        );
      }
    }).observe({
      type: "event",
      buffered: true,
      // Event Timing's own option (the lowest it takes), not yet in TypeScript's DOM types.
      durationThreshold: 16,
    } as PerformanceObserverInit);
  });
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  const figures: (number | null)[] = [];
  const cpu: number[] = [];
  for (const step of walk) {
    await step.prepare?.(page);
    await page.evaluate(() => (window.interactionMs = {}));
    if (profiles) {
      await devtools.send("Profiler.enable");
      await devtools.send("Profiler.setSamplingInterval", { interval: 200 });
      await devtools.send("Profiler.start");
    }
    const act = async () => {
      await step.act(page);
      // Hands off while the interaction runs to its next paint: finding the result by role runs Playwright's
      // scripts on the page's main thread, slowed as much as the page's own, and would be counted in it.
      await page.waitForTimeout(QUIET_MS);
    };
    if (CPU) cpu.push((await measureMainThreadCpu(browser, page, act)).total);
    else await act();
    if (profiles) {
      const { profile } = await devtools.send("Profiler.stop");
      profiles.set(step.name, heaviest(profile as CpuProfile));
    }
    await step.done(page);
    await page.waitForTimeout(REPORT_MS);
    figures.push(await worstInteraction(page));
  }
  await context.close();
  return { interactions: figures, cpu };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]!.length)),
  );
  for (const row of [header, widths.map((width) => "-".repeat(width)), ...rows])
    console.log(
      `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`,
    );
}

/** A step's figure: none reported means every interaction took under the threshold. */
const shown = (ms: number) => (ms < 16 ? "< 16" : String(Math.round(ms)));

const servers = await startBenchServers({ ...NO_RATE_LIMITS }, [], {
  UPSTREAM_TEST_HOOKS: "1",
});
try {
  // A workshop whose round 1 is full from the start, on the day the walk chooses, for the waiting list.
  const home = await (await fetch(`${servers.appUrl}/`)).text();
  const day = Number(DAY_BUTTON.exec(home)?.[1]);
  const waitlistSlug = `vol-${process.pid}`;
  const added = await fetch(`${servers.upstreamUrl}/dev/test/workshop`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      orientationDay: day,
      slug: waitlistSlug,
      display: "Volle workshop",
      seats: { "1": 0, "2": 10, "3": 10, "4": 10 },
    }),
  });
  if (!added.ok)
    throw new Error(
      `adding the full workshop: ${added.status} ${await added.text()}`,
    );

  const walk = steps(waitlistSlug);
  const browser = await chromium.launch({
    ...launchOptions,
    ...(process.env.CHROME_PATH
      ? { executablePath: process.env.CHROME_PATH }
      : {}),
  });
  const browserVersion = browser.version();
  const results = new Map<number, RunFigures[]>();
  const profiles = new Map<string, string[]>();
  for (const slowdown of SLOWDOWNS) {
    const runs: RunFigures[] = [];
    for (let index = 0; index < RUNS; index++) {
      const profiled = PROFILE && index === 0 && slowdown === SLOWDOWNS.at(-1);
      runs.push(
        await run(
          browser,
          servers.appUrl,
          slowdown,
          walk,
          profiled ? profiles : undefined,
        ),
      );
    }
    results.set(slowdown, runs);
  }
  await browser.close();

  console.log(
    `Event Timing, longest interaction per step (ms), ${RUNS} runs per slowdown, median / worst; Node ${process.version}, Chromium ${browserVersion}`,
  );
  const header = ["interaction", ...SLOWDOWNS.map((rate) => `${rate}× CPU`)];
  const rows = walk.map((step, index) => [
    step.name,
    ...SLOWDOWNS.map((rate) => {
      const values = results
        .get(rate)!
        .map((figures) => figures.interactions[index] ?? 0);
      return `${shown(median(values))} / ${shown(Math.max(...values))}`;
    }),
  ]);
  printTable(header, rows);
  if (CPU) {
    console.log(
      `\nMain-thread CPU time in the ${QUIET_MS} ms after the act (thread time, ms), median / worst:`,
    );
    printTable(
      header,
      walk.map((step, index) => [
        step.name,
        ...SLOWDOWNS.map((rate) => {
          const values = results
            .get(rate)!
            .map((figures) => figures.cpu[index]!);
          return `${Math.round(median(values))} / ${Math.round(Math.max(...values))}`;
        }),
      ]),
    );
  }
  const strongest = SLOWDOWNS.at(-1)!;
  const worst = Math.max(
    ...results
      .get(strongest)!
      .flatMap((figures) => figures.interactions.map((ms) => ms ?? 0)),
  );
  console.log(
    `Worst at ${strongest}×: ${shown(worst)} ms (aim: every one under ${AIM_MS} ms) ${worst < AIM_MS ? "reached" : "NOT reached"}`,
  );
  for (const [name, lines] of profiles) {
    console.log(
      `\nWhere '${name}' spent its time at ${strongest}× (self time, the ${QUIET_MS} ms after the act):`,
    );
    for (const line of lines) console.log(line);
  }
} finally {
  servers.stop();
}
