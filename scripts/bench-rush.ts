/**
 * `npm run bench:rush`: a registration rush on this machine (scripts/rush.ts). Builds, starts the reference
 * upstream with a fresh database and the production build without its per-address rate limits (every student
 * comes from this one address), runs RUSH_STUDENTS (default 500) students, RUSH_CONCURRENCY (default 50) at a
 * time (with four extra workshops of RUSH_STUDENTS seats a round, so every student can register; RUSH_ABANDON, default
 * 0.1, of them fill a cart and leave it unsent), then prints the seats those carts hold at the end and when the
 * upstream lets them go, registrations per minute, p50/p95/p99 per step (a post with the page it redirects to), how often a round filled up under a student,
 * the web app's memory before and after, and the upstream's checks: nothing oversold, every registration once.
 * Then a waiting-list wave (scripts/waitlist-wave.ts; RUSH_WAVE_WAITERS, default 200, join through the site besides
 * the cascaders): promotions, and whether every freed seat went to the first in line.
 * With RUSH_FOLLOW=1 (or a number of ms) every student's open workshop page follows its seats (decision 0053), reading
 * them every 5 s (or that many ms). Either way it prints the upstream calls per minute during the rush, by call,
 * from the web app's metrics, and the CPU time one registration cost the web app, the upstream and the students.
 * Exits non-zero when a check fails.
 */
import { NO_RATE_LIMITS, startBenchServers } from "./bench-servers";
import {
  STEPS,
  addOverflowWorkshops,
  checkUpstream,
  firstDayId,
  heldByUnfinished,
  percentile,
  runRush,
} from "./rush";
import { promotionMails, runWaitlistWave } from "./waitlist-wave";
import { freePort } from "./processes.mjs";
import { FOLLOW_INTERVAL_MS } from "../app/registration/followed-availability";
import { counterSum, parseMetrics } from "../tests/fixtures/prometheus";

const students = Number(process.env.RUSH_STUDENTS ?? 500);
const concurrency = Number(process.env.RUSH_CONCURRENCY ?? 50);
const waveWaiters = Number(process.env.RUSH_WAVE_WAITERS ?? 200);
// Students who fill a cart and leave it unsent, as in any real rush: what their seats cost the others.
const abandonShare = Number(process.env.RUSH_ABANDON ?? 0.1);
const followSetting = process.env.RUSH_FOLLOW;
const follow =
  followSetting === undefined || followSetting === "0"
    ? undefined
    : followSetting === "1"
      ? FOLLOW_INTERVAL_MS
      : Number(followSetting);

const metricsPort = await freePort();
const servers = await startBenchServers(
  {
    ...NO_RATE_LIMITS,
    METRICS_PORT: String(metricsPort),
  },
  // RUSH_CPU_PROFILE=<folder>: each of the web app's processes writes a CPU profile there as it stops.
  process.env.RUSH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.RUSH_CPU_PROFILE}`]
    : [],
  { UPSTREAM_TEST_HOOKS: "1" },
);
let failedChecks = 0;
try {
  // Room for every student besides the demo's own seats (about a thousand on the day), which fill up.
  await addOverflowWorkshops(
    servers.upstreamUrl,
    await firstDayId(servers.appUrl),
    4,
    students,
  );
  const rssBefore = servers.rssMb();
  // The web app's memory every 30 s, to see whether it stays flat over a long run.
  const rssSeries: (number | null)[] = [];
  const sampler = setInterval(() => rssSeries.push(servers.rssMb()), 30_000);
  const upstreamBefore = await upstreamCalls(metricsPort);
  const cpuBefore = { ...servers.cpuMs(), students: process.cpuUsage() };
  const result = await runRush({
    appUrl: servers.appUrl,
    students,
    concurrency,
    follow,
    abandonShare,
  });
  clearInterval(sampler);
  const cpuAfter = servers.cpuMs();
  const studentsCpu = process.cpuUsage(cpuBefore.students);
  const studentsCpuMs = (studentsCpu.user + studentsCpu.system) / 1000;
  const held = heldByUnfinished(servers.upstreamDb);
  const upstreamAfter = await upstreamCalls(metricsPort);
  const rssAfter = servers.rssMb();
  // Then the waiting list: scarce workshops filled, students waiting, and a wave of seats given up at once.
  const wave = await runWaitlistWave({
    upstreamUrl: servers.upstreamUrl,
    appUrl: servers.appUrl,
    day: await firstDayId(servers.appUrl),
    workshops: 4,
    seats: 5,
    waiters: waveWaiters,
    concurrency,
  });
  const check = checkUpstream(servers.upstreamDb, result.completed);
  const minutes = result.elapsedMs / 60_000;

  console.log(
    `\n${students} students, ${concurrency} at a time, Node ${process.version}, ${(result.elapsedMs / 1000).toFixed(1)} s, ${follow === undefined ? "workshop pages not following" : `workshop pages following every ${follow} ms`}`,
  );
  console.table(
    STEPS.map((step) => ({
      step,
      times: result.latencies[step].length,
      "p50 ms": Math.round(percentile(result.latencies[step], 0.5)),
      "p95 ms": Math.round(percentile(result.latencies[step], 0.95)),
      "p99 ms": Math.round(percentile(result.latencies[step], 0.99)),
    })),
  );
  console.table({
    "completed registrations": result.completed.length,
    "registrations per minute": Math.round(result.completed.length / minutes),
    "HTTP requests per second": Math.round(
      result.requests / (result.elapsedMs / 1000),
    ),
    "told a round is full (after Toevoegen)": result.toldFull,
    "workshop pages showing the round full": result.shownFull,
    "students without any seat": result.noSeat,
    "carts left unsent": result.abandoned,
    "seats held by unsent carts at the end": held.seats,
    "…released in (minutes, first to last)": held.releasedInMinutes
      ? `${held.releasedInMinutes.first} to ${held.releasedInMinutes.last}`
      : "-",
    "students whose flow failed": result.failed.length,
    "5xx answers": result.serverErrors,
    "followed-seat reads (not 200)": `${result.followReads} (${result.followFailures})`,
    "seats taken / offered (all days)": `${check.seatsTaken} / ${check.seatsOffered}`,
    "oversold rounds": check.oversold.length,
    "lost registrations": check.lost.length,
    "duplicated registrations": check.duplicated.length,
    "web app RSS before → after (MB)": `${rssBefore} → ${rssAfter}`,
    // Where the machine's CPU went during the rush: what one registration costs each process.
    "CPU ms per registration: web app / upstream / students": [
      cpuAfter.app - cpuBefore.app,
      cpuAfter.upstream - cpuBefore.upstream,
      studentsCpuMs,
    ]
      .map((ms) => (ms / Math.max(1, result.completed.length)).toFixed(1))
      .join(" / "),
  });
  console.log("\nUpstream calls per minute during the rush, by call:");
  console.table(
    Object.fromEntries(
      [...upstreamAfter.keys()]
        .map((call) => [
          call,
          Math.round(
            ((upstreamAfter.get(call) ?? 0) - (upstreamBefore.get(call) ?? 0)) /
              minutes,
          ),
        ])
        .filter(([, perMinute]) => Number(perMinute) > 0)
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  );
  console.log(
    `\nWaiting-list wave (waiters join through the site, seats given up through the upstream's API): ${wave.lists} lists, ${(wave.elapsedMs / 1000).toFixed(1)} s`,
  );
  console.table({
    "registrations waiting before the wave": wave.waiting,
    "seats given up: cancelled / changed / removed from the cart": `${wave.cancellations} / ${wave.changes} / ${wave.removals}`,
    promotions: wave.promotions,
    "promotions that freed a seat in turn (cascades)": wave.cascades,
    "still waiting after the wave": wave.stillWaiting,
    "'Er is een plek vrijgekomen' mails / promotions with an address": `${promotionMails(servers.upstreamDb)} / ${wave.promotionsWithAddress}`,
    "moved up out of order": wave.outOfOrder.length,
    "lost from their list": wave.lost.length,
    "lists waiting beside a free seat": wave.seatLeftFree.length,
    "failed calls": wave.failed.length,
  });
  for (const problem of [
    ...wave.outOfOrder,
    ...wave.lost,
    ...wave.seatLeftFree,
    ...wave.failed,
  ].slice(0, 5))
    console.log(problem);
  if (rssSeries.length > 0)
    console.log(`web app RSS every 30 s (MB): ${rssSeries.join(", ")}`);
  for (const failure of result.failed.slice(0, 5))
    console.log(
      `student ${failure.student} failed at ${failure.step}: ${failure.reason}`,
    );
  failedChecks =
    check.oversold.length +
    check.lost.length +
    check.duplicated.length +
    result.serverErrors +
    result.failed.length +
    wave.outOfOrder.length +
    wave.lost.length +
    wave.seatLeftFree.length +
    wave.failed.length;
} finally {
  servers.stop();
}
process.exit(failedChecks === 0 ? 0 : 1);

/** The web app's upstream calls so far, by call name (its metrics). */
async function upstreamCalls(port: number): Promise<Map<string, number>> {
  const metrics = parseMetrics(
    await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
  );
  const calls = new Map<string, number>();
  for (const sample of metrics.get("upstream_requests_total")?.metrics ?? []) {
    const call = sample.labels?.call;
    if (call)
      calls.set(call, counterSum(metrics, "upstream_requests_total", { call }));
  }
  return calls;
}
