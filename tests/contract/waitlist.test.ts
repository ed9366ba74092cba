/**
 * The waiting list (decision 0023), run only with CONTRACT_WRITE=true: it creates drafts, fills a round when it
 * has few seats left, and deletes them all afterwards. The list is optional, so both kinds of upstream pass:
 * - without it: join and leave answer 404 or 501 with an error body, and the registration has no `waitlist`;
 * - with it: the registration always has `waitlist`; joining a full round puts it at the end of that list, places
 *   count from 1 in order of joining, leaving closes the gap, and a freed seat goes to the first in line.
 * CONTRACT_WAITLIST=offered or =absent says which kind the upstream must be (the test script runs the reference
 * upstream both ways, and absent also means no seat counts); unset, the suite accepts either.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpstreamClient } from "~/upstream/client.server";
import type {
  AvailabilityEntry,
  OrientationDay,
  School,
  Workshop,
} from "#contract";
import {
  answered,
  client,
  config,
  newIdentity,
  ok,
  openDayWithSchool,
  refused,
} from "./upstream";

const expected = process.env.CONTRACT_WAITLIST;
/** A round with at most this many seats left is filled to test joining; more is left alone. */
const MAX_FILL = 40;

describe.runIf(config.write)("upstream contract, waiting list", () => {
  let day: OrientationDay;
  let school: School;
  const created: UpstreamClient[] = [];
  let offered = false;

  /** A new draft registration for the day and school, deleted after the suite. */
  async function draft(): Promise<UpstreamClient> {
    const { hash } = await ok(client().call("registrationHash"));
    const registration = client(newIdentity(hash));
    await ok(
      registration.call("create", {
        body: { school: school.id, orientationDay: day.id },
      }),
    );
    created.push(registration);
    return registration;
  }

  beforeAll(async () => {
    ({ day, school } = await openDayWithSchool("the waiting-list checks need"));
  });

  afterAll(async () => {
    await Promise.all(
      created.map((r) => r.call("delete").catch(() => undefined)),
    );
  });

  it("offers the list or not, the same way in the registration and in the list calls", async () => {
    const registration = await draft();
    const fetched = await ok(registration.call("registration"));
    offered = Array.isArray(fetched.waitlist);
    if (expected) expect(offered).toBe(expected === "offered");
    const round = day.rondes[0]!.number;
    if (offered) {
      const left = await ok(
        registration.call("waitlistLeave", { body: { round } }),
      );
      expect(left.waitlist).toEqual([]);
      return;
    }
    // One call at a time: a second call started beside the first would be refused before anything awaits it.
    for (const call of [
      () => registration.call("waitlistLeave", { body: { round } }),
      () => registration.call("waitlistJoin", { body: { round, workshop: 1 } }),
    ]) {
      const answer = call();
      const error = await refused(answer, 404).catch(() =>
        refused(answer, 501),
      );
      expect([404, 501]).toContain(error.status);
    }
  });

  it("sends seat counts that agree with availability, or none when it has no list", async (context) => {
    const registration = await draft();
    const answer = await answered(registration.call("workshops"));
    if (answer.status !== 200) return context.skip("no workshops");
    const entries = answer.data.flatMap((w) => w.availability);
    if (expected === "absent")
      for (const entry of entries) expect(entry.seatsLeft ?? null).toBeNull();
    // Nothing is chosen yet, so a round is open exactly when it has a seat left.
    for (const entry of entries)
      if (entry.seatsLeft != null)
        expect(entry.available).toBe(entry.seatsLeft > 0);
  });

  it("joins a full round at the end of its list, counts places from 1, closes the gap on leaving and moves the first in line up", async (context) => {
    if (!offered) return context.skip("the upstream offers no waiting list");
    const probe = await draft();
    const workshops = await ok(probe.call("workshops"));
    const seatsLeft = (entry: AvailabilityEntry) =>
      entry.seatsLeft ?? Number.POSITIVE_INFINITY;
    const candidates = workshops.flatMap((w: Workshop) =>
      w.availability
        .filter((entry) => seatsLeft(entry) <= MAX_FILL)
        .map((entry) => ({ workshop: w, entry })),
    );
    candidates.sort((a, b) => seatsLeft(a.entry) - seatsLeft(b.entry));
    const [target] = candidates;
    if (!target)
      return context.skip(`no round with ${MAX_FILL} seats or fewer left`);
    const { workshop, entry } = target;
    const body = { round: entry.round, workshop: workshop.id };

    const fillers: UpstreamClient[] = [];
    for (let i = 0; i < entry.seatsLeft!; i++) {
      const filler = await draft();
      await ok(
        filler.call("update", {
          body: { choices: [{ round: entry.round, workshop: workshop.id }] },
        }),
      );
      fillers.push(filler);
    }
    const [first, second] = [await draft(), await draft()];
    const joined = await ok(first.call("waitlistJoin", { body }));
    const place = joined.waitlist!.find((e) => e.round === entry.round)!;
    expect(place.workshop.id).toBe(workshop.id);
    const behind = await ok(second.call("waitlistJoin", { body }));
    expect(
      behind.waitlist!.find((e) => e.round === entry.round)!.position,
    ).toBe(place.position + 1);

    // A round with a seat left is not a list to join.
    const open = candidates.find(
      (c) => c !== target && (c.entry.seatsLeft ?? 0) > 0,
    );
    if (open)
      await refused(
        first.call("waitlistJoin", {
          body: { round: open.entry.round, workshop: open.workshop.id },
        }),
        409,
      );

    const left = await ok(
      first.call("waitlistLeave", { body: { round: entry.round } }),
    );
    expect(left.waitlist!.some((e) => e.round === entry.round)).toBe(false);
    const moved = await ok(second.call("registration"));
    expect(moved.waitlist!.find((e) => e.round === entry.round)!.position).toBe(
      place.position,
    );

    // Only when nobody else waited before us can we tell who must get the freed seat.
    const filler = fillers[0];
    if (place.position !== 1 || !filler) return;
    await ok(filler.call("delete"));
    const promoted = await ok(second.call("registration"));
    expect(promoted.choices[String(entry.round)]?.workshop.id).toBe(
      workshop.id,
    );
    expect(promoted.waitlist!.some((e) => e.round === entry.round)).toBe(false);
  });
});
