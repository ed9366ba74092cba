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
} from "~/testing/fixtures";
import type { UpstreamAnswers } from "~/testing/fixtures";
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

async function read(
  session: Awaited<ReturnType<typeof visitor>>,
  answers: UpstreamAnswers,
  calls: string[] = [],
) {
  const response = (await loader(
    routeArgs<Route.LoaderArgs>(
      new Request("http://localhost/workshop/robotica/plaatsen"),
      routeContext(session, answers, calls),
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
    expect(calls).toEqual(["availability"]);
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
    expect(calls).toEqual(["availability", "availability"]);
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
    expect(calls).toEqual(["availability", "availability"]);
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
    expect(calls).toEqual(["availability", "availability"]);
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
