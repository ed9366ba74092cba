/**
 * The workshop page's action against a scripted upstream: adding, and the waiting-list intents (decision 0024).
 * What is sent, what is refused before asking, and how the outcomes come back to the panel or as a redirect.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, VALIDATION, WAITLIST, WAITLIST_TOASTS } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  orientationDay,
  registeredSession,
  routeArgs,
  routeContext,
  workshopFixture,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import type { Registration, Workshop } from "#contract";
import type { Route } from "./+types/workshop";
import { action } from "./workshop";

const robotica = { id: 11, slug: "robotica", display: "Robotica" };
const day = orientationDay({ id: 1 });

/** Robotica: round 1 full, rounds 2 and 3 open. */
const workshop: Workshop = workshopFixture({
  availability: [
    { round: 1, available: false, seatsLeft: 0 },
    { round: 2, available: true, seatsLeft: 2 },
    { round: 3, available: true },
  ],
});

function registration(waitlist: Registration["waitlist"] = []): Registration {
  return draftRegistration({
    orientationDay: { id: 1, rondes: day.rondes },
    waitlist,
  });
}

/** An upstream without a waiting list leaves the field out. */
const withoutList = draftRegistration({
  orientationDay: { id: 1, rondes: day.rondes },
});

const waiting = registration([{ round: 1, workshop: robotica, position: 3 }]);

let session: VisitorSession;
let calls: string[];
let sent: unknown[];

beforeEach(async () => {
  session = await registeredSession();
  calls = [];
  sent = [];
});

const ok = (data: unknown) => async (options?: unknown) => {
  sent.push((options as { body?: unknown } | undefined)?.body);
  return { status: 200, data };
};
const failing = (status: number) => async () => {
  throw Object.assign(new Error("upstream"), { status });
};

/**
 * The upstream's answers: reading the registration gives `current` until a waiting-list call answers with
 * another, which it holds from then on, as a real upstream would. `stale`: the waiting-list calls' answers are
 * kept answers of an earlier post (a replay, marked so), and reading still gives `current`.
 */
function answers(
  current: Registration,
  extra: UpstreamAnswers = {},
  { stale = false } = {},
): UpstreamAnswers {
  let now = current;
  const holding = Object.fromEntries(
    Object.entries(extra).map(([name, answer]) => [
      name,
      async (options?: unknown) => {
        const answered = (await answer!(options)) as {
          status: number;
          data?: Registration;
        };
        if (!stale && name.startsWith("waitlist") && answered.data)
          now = answered.data;
        return stale ? { ...answered, replayed: true } : answered;
      },
    ]),
  );
  return {
    registration: async () => ({ status: 200, data: now }),
    workshop: async () => ({ status: 200, data: workshop }),
    orientationDays: async () => ({ status: 200, data: [day] }),
    ...holding,
  };
}

async function post(
  fields: Record<string, string>,
  upstream: UpstreamAnswers,
  address = "http://localhost/workshop/robotica?q=robot",
): Promise<unknown> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    return await action(
      routeArgs<Route.ActionArgs>(
        new Request(address, {
          method: "POST",
          body,
        }),
        routeContext(session, upstream, calls),
        { slug: "robotica" },
      ),
    );
  } catch (thrown) {
    return thrown;
  }
}

/** A `data()` answer's body and status. */
function answerOf(result: unknown) {
  const { data, init } = result as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { data, status: init?.status ?? 200 };
}

describe("adding the workshop to a round", () => {
  const added = draftRegistration({
    orientationDay: { id: 1, rondes: day.rondes },
    waitlist: [],
    choices: { "2": { workshop: robotica } },
  });

  it("comes back to the page with the visitor's search and the cart open, without JavaScript", async () => {
    const result = await post(
      { round: "2" },
      answers(registration(), { update: ok(added) }),
    );
    expect((result as Response).headers.get("Location")).toBe(
      "/workshop/robotica?q=robot&inschrijving=open",
    );
    expect(sent).toEqual([{ choices: [{ round: 2, workshop: robotica.id }] }]);
    expect(session.takeToasts()).toEqual([]);
  });

  it("answers a fetcher with the round", async () => {
    const result = await post(
      { round: "2", enhanced: "1" },
      answers(registration(), { update: ok(added) }),
    );
    expect(answerOf(result)).toEqual({ data: { added: 2 }, status: 200 });
  });

  it("says a refusal and a failure beside the form, with no toast", async () => {
    expect(
      answerOf(await post({ round: "1" }, answers(registration()))),
    ).toEqual({ data: { warning: MESSAGES.roundFull }, status: 409 });
    expect(
      answerOf(
        await post(
          { round: "2" },
          answers(registration(), { update: failing(500) }),
        ),
      ),
    ).toEqual({ data: { error: MESSAGES.genericError }, status: 502 });
    expect(session.takeToasts()).toEqual([]);
  });

  it("refuses a round that is no round number, and says a page that could not be read as unavailable", async () => {
    expect(
      answerOf(await post({ round: "een" }, answers(registration()))),
    ).toEqual({ data: { error: VALIDATION.invalid("round") }, status: 400 });
    expect(
      answerOf(
        await post(
          { round: "2" },
          {
            ...answers(registration()),
            orientationDays: failing(503),
          },
        ),
      ),
    ).toEqual({ data: { error: MESSAGES.genericError }, status: 503 });
    expect(calls).not.toContain("update");
  });
});

describe("joining a round's waiting list", () => {
  it("asks the upstream for the full round, says so, and comes back to the same page without JavaScript", async () => {
    const result = await post(
      { intent: "join-waitlist", round: "1" },
      answers(registration(), { waitlistJoin: ok(waiting) }),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe(
      "/workshop/robotica?q=robot",
    );
    expect(calls).toContain("waitlistJoin");
    expect(sent).toEqual([{ round: 1, workshop: robotica.id }]);
    expect(session.takeToasts()).toEqual([WAITLIST_TOASTS.waiting(1, 3)]);
    expect(WAITLIST_TOASTS.waiting(1, 3).message).toBe(
      "Je staat op de wachtlijst voor ronde 1. Je bent nummer 3 op de lijst.",
    );
  });

  it("does what the pressed button says when a browser ignored its form= and sent the add form around it", async () => {
    // The add form's fields (round 2 ticked, no intent) and the button's own name and value.
    const result = await post(
      { round: "2", waitlist: "join-waitlist:1" },
      answers(registration(), { waitlistJoin: ok(waiting) }),
    );
    expect((result as Response).headers.get("Location")).toBe(
      "/workshop/robotica?q=robot",
    );
    expect(sent).toEqual([{ round: 1, workshop: robotica.id }]);
    expect(calls).not.toContain("update");
  });

  it("comes back to the page's address, not the data request's, when the post came as one", async () => {
    // React Router 8 hands the action the request as it came (decision 0054): `/workshop/robotica.data?…`.
    const result = await post(
      { intent: "join-waitlist", round: "1" },
      answers(registration(), { waitlistJoin: ok(waiting) }),
      "http://localhost/workshop/robotica.data?q=robot&_routes=routes%2Fworkshop",
    );
    expect((result as Response).headers.get("Location")).toBe(
      "/workshop/robotica?q=robot",
    );
  });

  it("recognises the kept answer of a form sent before: nothing changed, and the toast says the visitor is not on the list", async () => {
    // Joined with this key, left since; the kept tab sends the join again with the same key.
    await post(
      { intent: "join-waitlist", round: "1" },
      answers(registration(), { waitlistJoin: ok(waiting) }, { stale: true }),
    );
    const [toast] = session.takeToasts();
    expect(toast?.message).toBe(
      `${WAITLIST.replayed} ${WAITLIST.notJoined(1)}`,
    );
    expect(toast?.message).not.toContain(WAITLIST.joined(1));
  });

  it("says the visitor moved up when the registration read again after a kept answer holds the workshop", async () => {
    const movedUp = draftRegistration({
      orientationDay: { id: 1, rondes: day.rondes },
      waitlist: [],
      choices: { "1": { workshop: robotica } },
    });
    const upstream = answers(
      registration(),
      { waitlistJoin: ok(waiting) },
      { stale: true },
    );
    // Read before the join, then again after its kept answer, when a seat has come free.
    const reads = [registration(), movedUp];
    upstream.registration = async () => ({ status: 200, data: reads.shift() });
    await post({ intent: "join-waitlist", round: "1" }, upstream);
    expect(session.takeToasts()).toEqual([
      WAITLIST_TOASTS.movedUp("Robotica", 1),
    ]);
  });

  it("refuses a workshop the registration already holds, in this round or another, naming that round", async () => {
    const holding = draftRegistration({
      orientationDay: { id: 1, rondes: day.rondes },
      waitlist: [],
      choices: { "2": { workshop: robotica } },
    });
    for (const round of ["1", "2"])
      expect(
        answerOf(
          await post({ intent: "join-waitlist", round }, answers(holding)),
        ),
      ).toEqual({
        data: { warning: WAITLIST.alreadyChosen(2) },
        status: 409,
      });
    expect(calls).not.toContain("waitlistJoin");
  });

  it("answers a fetcher with data", async () => {
    const result = await post(
      { intent: "join-waitlist", round: "1", enhanced: "1" },
      answers(registration(), { waitlistJoin: ok(waiting) }),
    );
    expect(answerOf(result)).toEqual({ data: { waitlist: 1 }, status: 200 });
  });

  it("refuses an open round, an unknown round and an upstream without a list, without asking it", async () => {
    const upstream = answers(registration());
    expect(
      answerOf(await post({ intent: "join-waitlist", round: "2" }, upstream)),
    ).toEqual({ data: { warning: MESSAGES.waitlistRoundOpen }, status: 409 });
    expect(
      answerOf(await post({ intent: "join-waitlist", round: "9" }, upstream)),
    ).toEqual({ data: { error: VALIDATION.invalid("round") }, status: 400 });
    expect(
      answerOf(
        await post(
          { intent: "join-waitlist", round: "1" },
          answers(withoutList),
        ),
      ),
    ).toEqual({ data: { warning: MESSAGES.waitlistUnavailable }, status: 409 });
    expect(calls).not.toContain("waitlistJoin");
  });

  it("tells the upstream's refusals in the panel: no list (404, 501), a seat again (409), else the generic message", async () => {
    const refused = async (status: number) =>
      answerOf(
        await post(
          { intent: "join-waitlist", round: "1" },
          answers(registration(), { waitlistJoin: failing(status) }),
        ),
      );
    expect(await refused(404)).toEqual({
      data: { warning: MESSAGES.waitlistUnavailable },
      status: 409,
    });
    expect(await refused(501)).toEqual({
      data: { warning: MESSAGES.waitlistUnavailable },
      status: 409,
    });
    expect(await refused(409)).toEqual({
      data: { warning: MESSAGES.waitlistRoundOpen },
      status: 409,
    });
    expect(await refused(500)).toEqual({
      data: { error: MESSAGES.genericError },
      status: 502,
    });
    expect(session.takeToasts()).toEqual([]);
  });

  it("creates the draft of a visitor who has none yet, as adding does", async () => {
    session.setRegistrationId(null);
    const result = await post(
      { intent: "join-waitlist", round: "1" },
      {
        ...answers(registration()),
        registrationHash: async () => ({
          status: 200,
          data: { hash: "new-id" },
        }),
        create: async () => ({ status: 200, data: registration() }),
        waitlistJoin: ok(waiting),
      },
    );
    expect(result).toBeInstanceOf(Response);
    expect(calls).toEqual(
      expect.arrayContaining(["registrationHash", "create", "waitlistJoin"]),
    );
  });

  it("ends at home when the registration expired (204)", async () => {
    const result = await post(
      { intent: "join-waitlist", round: "1" },
      answers(registration(), {
        waitlistJoin: async () => ({ status: 204 }),
      }),
    );
    expect((result as Response).headers.get("Location")).toBe("/");
  });
});

describe("leaving", () => {
  it("takes this workshop's entry off the list and says so", async () => {
    const result = await post(
      { intent: "leave-waitlist", round: "1" },
      answers(waiting, { waitlistLeave: ok(registration()) }),
    );
    expect((result as Response).headers.get("Location")).toBe(
      "/workshop/robotica?q=robot",
    );
    expect(sent).toEqual([{ round: 1 }]);
    expect(session.takeToasts()).toEqual([WAITLIST_TOASTS.left(1)]);
    expect(WAITLIST_TOASTS.left(1).message).toBe(
      "Je staat niet meer op de wachtlijst voor ronde 1.",
    );
  });

  it("says a leave that lost the race to a promotion moved the visitor up, not off the list", async () => {
    const movedUp = draftRegistration({
      orientationDay: { id: 1, rondes: day.rondes },
      waitlist: [],
      choices: { "1": { workshop: robotica } },
    });
    await post(
      { intent: "leave-waitlist", round: "1" },
      answers(waiting, { waitlistLeave: ok(movedUp) }),
    );
    expect(session.takeToasts()).toEqual([
      WAITLIST_TOASTS.movedUp("Robotica", 1),
    ]);
  });

  it("recognises a kept leave answer while the visitor waits again: still on the list, at its place", async () => {
    await post(
      { intent: "leave-waitlist", round: "1" },
      answers(waiting, { waitlistLeave: ok(registration()) }, { stale: true }),
    );
    const [toast] = session.takeToasts();
    expect(toast?.message).toBe(
      `${WAITLIST.replayed} ${WAITLIST.joined(1)} ${WAITLIST.place(3)}`,
    );
  });

  it("leaves another workshop's entry alone", async () => {
    const other = registration([
      {
        round: 1,
        workshop: { id: 99, slug: "horeca", display: "Horeca" },
        position: 1,
      },
    ]);
    await post({ intent: "leave-waitlist", round: "1" }, answers(other));
    expect(calls).not.toContain("waitlistLeave");
  });
});

it("refuses an unknown intent", async () => {
  expect(
    answerOf(await post({ intent: "drop-tables", round: "1" }, {})),
  ).toEqual({ data: { error: VALIDATION.invalid("intent") }, status: 400 });
});
