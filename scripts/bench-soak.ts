/**
 * `npm run bench:soak`: workshop pages that follow their seats (decision 0053), opened and closed for a while, to see
 * that the web app keeps nothing per closed page. Starts the production build and the reference upstream,
 * then for SOAK_SECONDS (default 600) keeps SOAK_OPEN (default 10) Chromium pages open at once, each a visitor of
 * its own (a fresh browser context with a student's session) on a workshop page with JavaScript, staying
 * SOAK_STAY_SECONDS (default 30) before it closes and the next one opens: 200 pages with the defaults. Meanwhile
 * a seat is taken and given back every few seconds, so the followed answers change. Prints the web app's RSS every
 * 30 s, the pages opened, the followed reads and the upstream's availability calls per minute.
 */
import { chromium } from "@playwright/test";
import { request } from "undici";
import { launchOptions } from "../tests/support/chromium";
import { counterSum, parseMetrics } from "../tests/fixtures/prometheus";
import { NO_RATE_LIMITS, startBenchServers } from "./bench-servers";
import {
  WORKSHOP_LINK,
  browserCookies,
  flowVisitor,
  mergeCookies,
} from "./flow-visitor";
import { freePort } from "./processes.mjs";

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const open = Number(process.env.SOAK_OPEN ?? 10);
const stayMs = Number(process.env.SOAK_STAY_SECONDS ?? 30) * 1000;

const metricsPort = await freePort();
const servers = await startBenchServers(
  {
    ...NO_RATE_LIMITS,
    METRICS_PORT: String(metricsPort),
  },
  [],
);

async function metrics() {
  return parseMetrics(
    await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
  );
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

try {
  // The students whose pages are opened, and one who keeps taking and giving back a seat.
  const students = await Promise.all(
    Array.from({ length: open }, () => flowVisitor(servers.appUrl)),
  );
  const list = await (
    await fetch(`${servers.appUrl}/workshops`, {
      headers: { cookie: students[0]!.cookie },
    })
  ).text();
  const slugs = [
    ...new Set(
      [...list.matchAll(new RegExp(WORKSHOP_LINK.source, "g"))].map(
        (match) => match[1]!,
      ),
    ),
  ].slice(0, 5);
  const churner = await flowVisitor(servers.appUrl);

  const browser = await chromium.launch(launchOptions);
  const before = await metrics();
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const rss: (number | null)[] = [servers.rssMb()];
  const sampler = setInterval(() => rss.push(servers.rssMb()), 30_000);
  let pages = 0;
  let failures = 0;

  async function lane(index: number) {
    const cookies = browserCookies(students[index]!.cookie, servers.appUrl);
    while (Date.now() + stayMs <= deadline) {
      const context = await browser.newContext();
      try {
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(
          `${servers.appUrl}/workshop/${slugs[pages % slugs.length]}`,
        );
        pages += 1;
        await sleep(stayMs);
      } catch {
        failures += 1;
      } finally {
        await context.close();
      }
    }
  }

  async function churn() {
    let cookie = churner.cookie;
    let round = 1;
    while (Date.now() < deadline) {
      const answer = await request(`${servers.appUrl}/workshop/${slugs[0]}`, {
        method: "POST",
        headers: {
          cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ round: String(round) }).toString(),
      });
      cookie = mergeCookies(
        cookie,
        [answer.headers["set-cookie"] ?? []].flat(),
      );
      await answer.body.dump();
      round = (round % 4) + 1;
      await sleep(3_000);
    }
  }

  await Promise.all([
    ...Array.from({ length: open }, (_, index) =>
      sleep(index * (stayMs / open)).then(() => lane(index)),
    ),
    churn(),
  ]);
  clearInterval(sampler);
  rss.push(servers.rssMb());
  const after = await metrics();
  await browser.close();

  const minutes = (Date.now() - started) / 60_000;
  const followed = (all: typeof after) =>
    [...(all.get("http_requests_total")?.metrics ?? [])]
      .filter((sample) => sample.labels?.route?.includes("plaatsen"))
      .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
  const availabilityCalls = (all: typeof after) =>
    counterSum(all, "upstream_requests_total", { call: "availability" });
  console.log(
    `\n${(minutes * 60).toFixed(0)} s, ${open} pages open at a time, each ${stayMs / 1000} s, Node ${process.version}`,
  );
  console.table({
    "pages opened and closed": pages,
    "pages that failed to open": failures,
    "followed-seat reads": followed(after) - followed(before),
    "followed-seat reads per minute": Math.round(
      (followed(after) - followed(before)) / minutes,
    ),
    "upstream availability calls per minute": Math.round(
      (availabilityCalls(after) - availabilityCalls(before)) / minutes,
    ),
    "web app RSS first → last (MB)": `${rss[0]} → ${rss.at(-1)}`,
  });
  console.log(`web app RSS every 30 s (MB): ${rss.join(", ")}`);
} finally {
  servers.stop();
}
