/**
 * The registration rush in small (scripts/rush.ts, whose large run is `npm run bench:rush`): 50 students at once,
 * all aiming first at one workshop with two seats a round, through the production build and the reference
 * upstream. Whatever the interleaving: no round holds more students than seats, every registration the site
 * confirmed is stored exactly once, and nobody sees a server error. Then the waiting-list wave in small
 * (scripts/waitlist-wave.ts): every freed seat goes to the first in line. No timing is asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBenchServers } from "../../scripts/bench-servers";
import type { BenchServers } from "../../scripts/bench-servers";
import {
  addWorkshop,
  checkUpstream,
  firstDayId,
  runRush,
} from "../../scripts/rush";
import { promotionMails, runWaitlistWave } from "../../scripts/waitlist-wave";

const STUDENTS = 50;
const SCARCE = "laatste-plekken";
const SEATS_PER_ROUND = 2;

let servers: BenchServers;

beforeAll(async () => {
  servers = await startBenchServers(
    { RATE_LIMIT_POSTS: "0", RATE_LIMIT_MESSAGES: "0" },
    [],
    { UPSTREAM_TEST_HOOKS: "1" },
  );
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
