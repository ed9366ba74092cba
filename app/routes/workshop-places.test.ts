/**
 * The seats an open workshop page follows: one upstream read shared by every visitor of the same day within a
 * few seconds, nothing of the asker's own in it, and a failure that is told as a status only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  draftRegistration,
  newSession,
  routeContext,
  routeArgs,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import { clearSharedReads } from "~/upstream/shared-reads.server";
import type { Route } from "./+types/workshop-places";
import { loader } from "./workshop-places";

const robotica = { id: 11, slug: "robotica", display: "Robotica" };

async function visitor(day: number | null = 1) {
  const session = await newSession();
  if (day !== null) session.setOrientationDay(day);
  session.setRegistrationId(`registration-${Math.random()}`);
  session.markRegistrationStarted();
  return session;
}

/** The visitor's registration as the upstream holds it: live, on the visitor's day, unless `answers` says otherwise. */
function liveRegistration(session: Awaited<ReturnType<typeof visitor>>) {
  return async () => ({
    status: 200,
    data: draftRegistration({
      orientationDay: { id: session.orientationDayId ?? 1, rondes: [] },
    }),
  });
}

async function read(
  session: Awaited<ReturnType<typeof visitor>>,
  answers: UpstreamAnswers,
  calls: string[] = [],
) {
  const response = (await loader(
    routeArgs<Route.LoaderArgs>(
      new Request("http://localhost/workshop/robotica/plaatsen"),
      routeContext(
        session,
        { registration: liveRegistration(session), ...answers },
        calls,
      ),
      { slug: "robotica" },
    ),
  )) as Response;
  return {
    status: response.status,
    cacheControl: response.headers.get("Cache-Control"),
    body: (await response.json()) as unknown,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  clearSharedReads();
});
afterEach(() => vi.useRealTimers());

describe("GET /workshop/{slug}/plaatsen", () => {
  it("reads the upstream once for every visitor of the day within a few seconds, then again", async () => {
    let seats = 1;
    const calls: string[] = [];
    const answers: UpstreamAnswers = {
      availability: async () => ({
        status: 200,
        data: [{ round: 1, available: seats > 0, seatsLeft: seats }],
      }),
    };
    const first = await Promise.all(
      [1, 2, 3].map(async () => read(await visitor(), answers, calls)),
    );
    seats = 0;
    const cached = await read(await visitor(), answers, calls);
    // One read of the seats, and one of the filler's registration (the day the seats are for).
    expect(calls).toEqual(["availability", "registration"]);
    for (const answer of [...first, cached])
      expect(answer).toEqual({
        status: 200,
        cacheControl: "private, no-store",
        body: { availability: [{ round: 1, available: true, seatsLeft: 1 }] },
      });

    await vi.advanceTimersByTimeAsync(5_000);
    expect((await read(await visitor(), answers, calls)).body).toEqual({
      availability: [{ round: 1, available: false, seatsLeft: 0 }],
    });
    expect(calls.filter((call) => call === "availability")).toHaveLength(2);
  });

  it("keeps the days apart", async () => {
    const calls: string[] = [];
    const answers: UpstreamAnswers = {
      availability: async () => ({
        status: 200,
        data: [{ round: 1, available: true, seatsLeft: 2 }],
      }),
    };
    await read(await visitor(1), answers, calls);
    await read(await visitor(2), answers, calls);
    expect(calls.filter((call) => call === "availability")).toHaveLength(2);
  });

  it("shares no asker's own seat: without seat counts their round is left out", async () => {
    const asker = draftRegistration({
      choices: { "1": { workshop: robotica } },
    });
    const answer = await read(await visitor(), {
      availability: async () => ({
        status: 200,
        data: [
          { round: 1, available: true },
          { round: 2, available: false },
        ],
      }),
      registration: async () => ({ status: 200, data: asker }),
    });
    expect(answer.body).toEqual({
      availability: [{ round: 2, available: false }],
    });
  });

  it("answers a failed read with a status only, and keeps nothing of it", async () => {
    const calls: string[] = [];
    const failing: UpstreamAnswers = {
      availability: async () => {
        throw Object.assign(new Error("upstream down"), { status: 503 });
      },
    };
    expect(await read(await visitor(), failing, calls)).toEqual({
      status: 502,
      cacheControl: "private, no-store",
      body: { availability: null },
    });
    await read(await visitor(), failing, calls);
    expect(calls.filter((call) => call === "availability")).toHaveLength(2);
  });

  it("is never filled by a visitor without a live registration of their day: the upstream answered for another day (issue 34)", async () => {
    // A slug held on two days: without a live registration the upstream answers for its first upcoming day (1).
    const firstDay = [{ round: 1, available: false, seatsLeft: 0 }];
    const secondDay = [{ round: 1, available: true, seatsLeft: 9 }];
    const availability = (data: unknown) => async () => ({ status: 200, data });
    const calls: string[] = [];
    for (const gone of [
      // the draft expired while a tab kept polling
      async () => ({ status: 204 }),
      // a live registration, but of another day than the session names
      async () => ({
        status: 200,
        data: draftRegistration({ orientationDay: { id: 1, rondes: [] } }),
      }),
    ]) {
      const stale = await read(
        await visitor(2),
        { availability: availability(firstDay), registration: gone },
        calls,
      );
      expect(stale).toMatchObject({
        status: 409,
        body: { availability: null },
      });
    }
    // After 'Uitloggen' (the day stays, the registration goes): no registration to read at all.
    const loggedOut = await newSession();
    loggedOut.setOrientationDay(2);
    expect(
      (await read(loggedOut, { availability: availability(firstDay) }, calls))
        .status,
    ).toBe(409);

    // A visitor of day 2 with a live registration gets day 2's seats, and shares them with the others of day 2.
    const live = await read(
      await visitor(2),
      { availability: availability(secondDay) },
      calls,
    );
    expect(live.body).toEqual({ availability: secondDay });
    expect(
      (await read(loggedOut, { availability: availability(firstDay) }, calls))
        .body,
    ).toEqual({ availability: secondDay });
  });

  it("answers 404 for an unknown workshop and without a day", async () => {
    const unknown = await read(await visitor(), {
      availability: async () => {
        throw Object.assign(new Error("unknown workshop"), { status: 404 });
      },
    });
    expect(unknown.status).toBe(404);
    const calls: string[] = [];
    expect((await read(await visitor(null), {}, calls)).status).toBe(404);
    expect(calls).toEqual([]);
  });
});
