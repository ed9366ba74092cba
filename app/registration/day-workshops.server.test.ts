/**
 * A day's workshops shared by every visitor of the day and school (decision 0072): one upstream read for many
 * visitors, each shown their own rounds as the upstream would, nothing kept from a read that is not of the day, and
 * the seats read again once they are a few seconds old or a change found them moved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Registration, Workshop } from "#contract";
import {
  draftRegistration,
  newSession,
  routeContext,
  workshopFixture,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import { clearSharedReads } from "~/upstream/shared-reads.server";
import {
  forgetDayWorkshops,
  getDayWorkshop,
  getDayWorkshops,
} from "./day-workshops.server";

const robotica = { id: 11, slug: "robotica", display: "Robotica" };

function workshop(seatsLeft: (number | null | undefined)[]): Workshop {
  return workshopFixture({
    availability: seatsLeft.map((left, index) => ({
      round: index + 1,
      available: typeof left === "number" && left > 0,
      ...(left === undefined ? {} : { seatsLeft: left }),
    })),
  });
}

/** Round 1 full, round 2 with one seat, not held in round 3. */
const list = [workshop([0, 1, null])];

const holdingRound1 = draftRegistration({
  orientationDay: { id: 1, rondes: [] },
  choices: { "1": { workshop: robotica } },
});
const none = draftRegistration({ orientationDay: { id: 1, rondes: [] } });

async function visitor(day = 1, school = 7) {
  const session = await newSession();
  session.setOrientationDay(day);
  session.setSchool(school);
  session.setRegistrationId(`registration-${Math.random()}`);
  session.markRegistrationStarted();
  return session;
}

let calls: string[];

function context(
  session: Awaited<ReturnType<typeof visitor>>,
  registration: Registration | null,
  answers: UpstreamAnswers = {},
) {
  return routeContext(
    session,
    {
      registration: async () =>
        registration ? { status: 200, data: registration } : { status: 204 },
      workshops: async () => ({ status: 200, data: list }),
      ...answers,
    },
    calls,
  );
}

const availableOf = (answer: Awaited<ReturnType<typeof getDayWorkshops>>) =>
  answer.status === 200
    ? answer.data[0]!.availability.map((entry) => entry.available)
    : null;

beforeEach(() => {
  vi.useFakeTimers();
  clearSharedReads();
  calls = [];
});
afterEach(() => vi.useRealTimers());

describe("getDayWorkshops", () => {
  it("reads the day's workshops once for every visitor of the day and school, each seeing their own rounds", async () => {
    const holder = await getDayWorkshops(
      context(await visitor(), holdingRound1),
    );
    const other = await getDayWorkshops(context(await visitor(), none));
    expect(calls.filter((call) => call === "workshops")).toHaveLength(1);
    // The round the holder holds is theirs, full for anyone else.
    expect(availableOf(holder)).toEqual([true, true, false]);
    expect(availableOf(other)).toEqual([false, true, false]);
  });

  it("reads the registration beside the workshops: both calls start together", async () => {
    const started: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held =
      (name: string, answer: unknown) => async (): Promise<unknown> => {
        started.push(name);
        await gate;
        return answer;
      };
    const reading = getDayWorkshops(
      context(await visitor(), none, {
        registration: held("registration", { status: 200, data: none }),
        workshops: held("workshops", { status: 200, data: list }),
      }),
    );
    await vi.waitFor(() => expect(started).toHaveLength(2));
    release();
    expect((await reading).status).toBe(200);
  });

  it("keeps nothing from a read whose registration is not of the visitor's day or school", async () => {
    const ofAnotherDay = draftRegistration({
      orientationDay: { id: 2, rondes: [] },
    });
    await getDayWorkshops(context(await visitor(), ofAnotherDay));
    await getDayWorkshops(context(await visitor(), none));
    expect(calls.filter((call) => call === "workshops")).toHaveLength(2);
  });

  it("keeps nothing from an upstream without seat counts: each visitor asks for their own", async () => {
    const uncounted = [workshop([undefined, undefined])];
    const answers = {
      workshops: async () => ({ status: 200, data: uncounted }),
    };
    await getDayWorkshops(context(await visitor(), holdingRound1, answers));
    const other = await getDayWorkshops(
      context(await visitor(), none, answers),
    );
    expect(calls.filter((call) => call === "workshops")).toHaveLength(2);
    expect(other).toEqual({ status: 200, data: uncounted });
  });

  it("gives a 204 as it came, and keeps nothing of it", async () => {
    const answers = { workshops: async () => ({ status: 204 }) };
    expect(
      await getDayWorkshops(context(await visitor(), null, answers)),
    ).toEqual({ status: 204 });
    await getDayWorkshops(context(await visitor(), none, answers));
    expect(calls.filter((call) => call === "workshops")).toHaveLength(2);
  });

  it("reads again once the answer is SEATS_CACHE_SECONDS (5 s) old, never showing an older one", async () => {
    await getDayWorkshops(context(await visitor(), none));
    vi.advanceTimersByTime(5_001);
    await getDayWorkshops(context(await visitor(), none));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call === "workshops")).toHaveLength(2),
    );
  });

  it("reads again after a change found the seats moved (forgetDayWorkshops)", async () => {
    const session = await visitor();
    await getDayWorkshops(context(session, none));
    forgetDayWorkshops(context(session, none));
    await getDayWorkshops(context(await visitor(), none));
    expect(calls.filter((call) => call === "workshops")).toHaveLength(2);
  });

  it("gives a visitor whose registration moved to another school (elsewhere) its own answer, not the shared one", async () => {
    await getDayWorkshops(context(await visitor(1, 7), none));
    const movedSchool = draftRegistration({
      orientationDay: { id: 1, rondes: [] },
      school: { id: 8, display: "Ander college" },
    });
    // The session still names school 7; the registration says 8.
    await getDayWorkshops(context(await visitor(1, 7), movedSchool));
    expect(calls.filter((call) => call === "workshops")).toHaveLength(2);
  });

  it("keeps answers of another day or school apart", async () => {
    await getDayWorkshops(context(await visitor(1, 7), none));
    await getDayWorkshops(
      context(
        await visitor(1, 8),
        draftRegistration({
          orientationDay: { id: 1, rondes: [] },
          school: { id: 8, display: "Ander college" },
        }),
      ),
    );
    expect(calls.filter((call) => call === "workshops")).toHaveLength(2);
  });
});

describe("getDayWorkshop", () => {
  it("takes the workshop from the day's list, with the visitor's own rounds", async () => {
    const answer = await getDayWorkshop(
      context(await visitor(), holdingRound1),
      "robotica",
    );
    expect(answer.status === 200 && answer.data.availability[0]).toMatchObject({
      round: 1,
      available: true,
    });
    expect(calls).not.toContain("workshop");
  });

  it("asks for a workshop the list does not hold, and gives its refusal", async () => {
    const unknown = Object.assign(new Error("unknown workshop"), {
      status: 404,
    });
    await expect(
      getDayWorkshop(
        context(await visitor(), none, {
          workshop: async () => {
            throw unknown;
          },
        }),
        "onbekend",
      ),
    ).rejects.toBe(unknown);
    expect(calls).toContain("workshop");
  });
});
