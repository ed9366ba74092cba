/**
 * The registration rush in small (scripts/rush.ts, whose large run is `npm run bench:rush`): 50 students at once,
 * all aiming first at one workshop with two seats a round, through the production build and the reference
 * upstream. Whatever the interleaving: no round holds more students than seats, every registration the site
 * confirmed is stored exactly once, and nobody sees a server error. Then the waiting-list wave in small
 * (scripts/waitlist-wave.ts): every freed seat goes to the first in line. Two classes from one computer room: sixty
 * students from one address each send a whole registration within the minute, under the site's default rate limits
 * (decision 0075), as every student here comes from loopback. No other timing is asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBenchServers } from "../../scripts/bench-servers";
import type { BenchServers } from "../../scripts/bench-servers";
import {
  addOverflowWorkshops,
  addWorkshop,
  checkUpstream,
  firstDayId,
  OVERFLOW_SLUG,
  runRush,
} from "../../scripts/rush";
import { promotionMails, runWaitlistWave } from "../../scripts/waitlist-wave";

const STUDENTS = 50;
const SCARCE = "laatste-plekken";
const SEATS_PER_ROUND = 2;
/** Two classes of thirty. */
const CLASSES_OF_STUDENTS = 60;

let servers: BenchServers;

beforeAll(async () => {
  // The site's default limits: every student here comes from the one loopback address, as a class does from its
  // school's one address.
  servers = await startBenchServers({}, [], { UPSTREAM_TEST_HOOKS: "1" });
  await addWorkshop(
    servers.upstreamUrl,
    await firstDayId(servers.appUrl),
    SCARCE,
    SEATS_PER_ROUND,
  );
});
afterAll(() => servers?.stop());

describe("a registration rush", () => {
  it("sells no seat twice and stores every registration exactly once", async () => {
    const result = await runRush({
      appUrl: servers.appUrl,
      students: STUDENTS,
      concurrency: 25,
      popular: [SCARCE],
      popularShare: 1,
    });
    const check = checkUpstream(servers.upstreamDb, result.completed);

    expect(result.failed).toEqual([]);
    expect(result.serverErrors).toBe(0);
    expect(result.completed.length + result.noSeat).toBe(STUDENTS);
    expect(result.completed.length).toBeGreaterThan(STUDENTS / 2);
    expect(check.oversold).toEqual([]);
    expect(check.lost).toEqual([]);
    expect(check.duplicated).toEqual([]);

    // The race took place: the scarce workshop is sold out to the seat, and others were turned away from it.
    const scarce = check.rounds.filter((round) => round.workshop === SCARCE);
    expect(scarce.map((round) => round.taken)).toEqual(
      scarce.map(() => SEATS_PER_ROUND),
    );
    expect(result.toldFull + result.shownFull).toBeGreaterThan(0);
  }, 120_000);

  it("lets two classes from one address (60 students) each send a whole registration within a minute, without one 429", async () => {
    const day = await firstDayId(servers.appUrl);
    // Room for every student in every round, so each sends a day, a school, four workshops and 'Versturen'.
    await addOverflowWorkshops(servers.upstreamUrl, day, 4, 60);
    const result = await runRush({
      appUrl: servers.appUrl,
      students: CLASSES_OF_STUDENTS,
      concurrency: CLASSES_OF_STUDENTS,
      popular: Array.from({ length: 4 }, (_, n) => `${OVERFLOW_SLUG}${n + 1}`),
      popularShare: 1,
      runId: "two-classes",
    });
    expect(result.failed).toEqual([]);
    expect(result.tooManyRequests).toBe(0);
    expect(result.completed).toHaveLength(CLASSES_OF_STUDENTS);
    // At least 7 posts each (a day, a school, four rounds, 'Versturen'), all from one address, within the minute.
    expect(result.posts).toBeGreaterThanOrEqual(7 * CLASSES_OF_STUDENTS);
    expect(result.elapsedMs).toBeLessThan(60_000);
    const check = checkUpstream(servers.upstreamDb, result.completed);
    expect(check.lost).toEqual([]);
    expect(check.duplicated).toEqual([]);
    expect(check.oversold).toEqual([]);
  }, 120_000);

  it("gives every seat freed in a wave of cancellations and changes to the first in line, never overselling", async () => {
    const wave = await runWaitlistWave({
      upstreamUrl: servers.upstreamUrl,
      appUrl: servers.appUrl,
      day: await firstDayId(servers.appUrl),
      workshops: 2,
      seats: 3,
      waiters: 30,
      concurrency: 10,
    });
    expect(wave.failed).toEqual([]);
    expect(wave.outOfOrder).toEqual([]);
    expect(wave.lost).toEqual([]);
    expect(wave.seatLeftFree).toEqual([]);
    // The wave did its work: seats were given up, people moved up, and each with an address got a mail.
    expect(wave.cancellations + wave.changes + wave.removals).toBeGreaterThan(
      0,
    );
    expect(wave.promotions).toBeGreaterThan(0);
    expect(promotionMails(servers.upstreamDb)).toBe(wave.promotionsWithAddress);
    expect(checkUpstream(servers.upstreamDb, []).oversold).toEqual([]);
  }, 120_000);
});
