/**
 * The page's main-thread CPU time in a Chromium trace: what the benchmarks' wall-clock figures are made of, without
 * the time the thread waited for a core. On a machine that other work keeps busy, the long tasks and the Event
 * Timing durations grow with the load; the thread's own CPU time (a trace event's `tdur`) barely does, so it shows
 * a change that the load hides. Measure it without DevTools' CPU slowdown: the slowdown counts as the thread's CPU
 * time, and it grows with the load.
 */
import type { Browser, Page } from "@playwright/test";

/** The trace categories with the main thread's tasks and their phases. */
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadCpu {
  /** Every task's CPU time, ms. */
  total: number;
  /** Of it, style recalculation and layout (forced by a script or in a frame). */
  styleAndLayout: number;
}

/** The page's main thread: of the renderers' main threads in the trace, the one that ran the most. */
function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const mains = new Set(
    events
      .filter(
        (event) =>
          event.name === "thread_name" && event.args?.name === "CrRendererMain",
      )
      .map(thread),
  );
  const busy = new Map<string, number>();
  for (const event of events)
    if (event.name === "RunTask" && mains.has(thread(event)))
      busy.set(
        thread(event),
        (busy.get(thread(event)) ?? 0) + (event.tdur ?? 0),
      );
  const main = [...busy].sort(([, a], [, b]) => b - a)[0]?.[0];
  return events
    .filter((event) => event.ph === "X" && thread(event) === main)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** Sums the CPU time of the outermost events with one of `names` (one nested in another is in its time already). */
function outermostCpuMs(events: TraceEvent[], names: Set<string>): number {
  let sum = 0;
  let end = -Infinity;
  for (const event of events) {
    if (!names.has(event.name) || event.ts < end) continue;
    sum += event.tdur ?? 0;
    end = event.ts + (event.dur ?? 0);
  }
  return sum / 1000;
}

/** Main-thread CPU time in a trace Playwright recorded (`browser.stopTracing()`). */
export function mainThreadCpu(trace: Buffer): MainThreadCpu {
  const { traceEvents } = JSON.parse(trace.toString()) as {
    traceEvents: TraceEvent[];
  };
  const events = mainThreadEvents(traceEvents);
  return {
    total: outermostCpuMs(events, new Set(["RunTask"])),
    styleAndLayout: outermostCpuMs(
      events,
      new Set(["UpdateLayoutTree", "Layout"]),
    ),
  };
}

/** Records what `during` makes the page's main thread do, and returns its CPU time. */
export async function measureMainThreadCpu(
  browser: Browser,
  page: Page,
  during: () => Promise<void>,
): Promise<MainThreadCpu> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let trace: Buffer;
  try {
    await during();
  } finally {
    // Stopped whatever happened, so the browser can trace again.
    trace = await browser.stopTracing();
  }
  return mainThreadCpu(trace);
}
