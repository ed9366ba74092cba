/**
 * The cart's changes against a scripted upstream: what is sent, what is refused before asking, how the upstream's
 * failures come back as outcomes, and a registration that is gone ending at home.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, TOASTS, VALIDATION } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  newSession,
  orientationDay,
  registeredSession,
  routeContext,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import { UpstreamError } from "~/upstream/client.server";
import type { Registration, Workshop } from "#contract";
import { addToRound, removeFromRound } from "./cart.server";
import { getRegistration } from "./registration.server";

const robotica = { id: 11, slug: "robotica", display: "Robotica" };
const horeca = { id: 12, slug: "horeca", display: "Horeca" };
const day = orientationDay({ id: 1 });

/** Robotica: round 1 full, rounds 2 and 3 open. */
const workshop: Pick<Workshop, "id" | "availability"> = {
  id: robotica.id,
  availability: [
    { round: 1, available: false, seatsLeft: 0 },
    { round: 2, available: true, seatsLeft: 2 },
    { round: 3, available: true },
  ],
};

function registration(choices: Registration["choices"] = {}): Registration {
  return draftRegistration({
    orientationDay: { id: 1, rondes: day.rondes },
    choices,
  });
}

const empty = registration();
/** Robotica in round 3, Horeca in round 2. */
const holding = registration({
  "2": { workshop: horeca },
  "3": { workshop: robotica },
});

let session: VisitorSession;
let calls: string[];
let sent: unknown[];

beforeEach(async () => {
  session = await registeredSession();
  calls = [];
  sent = [];
});

function contextWith(answers: UpstreamAnswers) {
  return routeContext(session, answers, calls);
}

/** An upstream call that answers `data`, keeping what it was sent. */
const answering = (data: unknown) => async (options?: unknown) => {
  sent.push(options);
  return { status: 200, data };
};
const failing =
  (status: number, body?: { error: string }) => async (): Promise<never> => {
    throw new UpstreamError("status", "update", "refused", { status, body });
  };

/** What an operation threw: the redirect's location. */
async function thrownLocation(promise: Promise<unknown>): Promise<string> {
  const thrown: unknown = await promise.then(
    () => {
      throw new Error("expected a redirect");
    },
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).headers.get("Location") ?? "";
}

function add(
  upstream: UpstreamAnswers,
  post: Partial<Parameters<typeof addToRound>[1]> = {},
) {
  return addToRound(contextWith(upstream), {
    registration: empty,
    workshop,
    readonly: false,
    round: 2,
    idempotencyKey: "key-1",
    ...post,
  });
}

describe("adding a workshop to a round", () => {
  it("sends the update with the form's key, and the answer becomes the request's registration", async () => {
    const added = registration({ "2": { workshop: robotica } });
    const context = contextWith({ update: answering(added) });
    const outcome = await addToRound(context, {
      registration: empty,
      workshop,
      readonly: false,
      round: 2,
      idempotencyKey: "key-1",
    });
    expect(outcome).toEqual({ kind: "done", registration: added });
    expect(sent).toEqual([
      {
        body: { choices: [{ round: 2, workshop: robotica.id }] },
        idempotencyKey: "key-1",
      },
    ]);
    expect(await getRegistration(context)).toEqual({
      state: "found",
      registration: added,
    });
  });

  it("checks a round the day's shared seats show full again before refusing: a seat may have come free", async () => {
    const added = registration({ "1": { workshop: robotica } });
    let checked = 0;
    const outcome = await add(
      { update: answering(added) },
      {
        round: 1,
        seatsNow: async () => {
          checked += 1;
          return {
            id: robotica.id,
            availability: [{ round: 1, available: true, seatsLeft: 1 }],
          };
        },
      },
    );
    expect(checked).toBe(1);
    expect(outcome).toEqual({ kind: "done", registration: added });
  });

  it("refuses a round still full when checked again, asking nothing more", async () => {
    const outcome = await add({}, { round: 1, seatsNow: async () => workshop });
    expect(outcome).toMatchObject({ kind: "refused", reason: "roundFull" });
    expect(calls).toEqual([]);
  });

  it("checks nothing again for an open round", async () => {
    const added = registration({ "2": { workshop: robotica } });
    await add(
      { update: answering(added) },
      {
        seatsNow: () => {
          throw new Error("not asked");
        },
      },
    );
    expect(calls).toEqual(["update"]);
  });

  it("moves the workshop out of the round it was in, in the same call", async () => {
    await add(
      { update: answering(registration({ "2": { workshop: robotica } })) },
      { registration: holding, round: 2 },
    );
    expect(sent).toEqual([
      {
        body: {
          choices: [
            { round: 3, workshop: null },
            { round: 2, workshop: robotica.id },
          ],
        },
        idempotencyKey: "key-1",
      },
    ]);
  });

  it("is done without asking when the round holds the workshop already", async () => {
    expect(await add({}, { registration: holding, round: 3 })).toEqual({
      kind: "done",
      registration: holding,
    });
    expect(calls).toEqual([]);
  });

  it.each([
    [
      "a read-only day",
      { readonly: true },
      {
        reason: "cannotRegisterYet",
        severity: "error",
        message: MESSAGES.cannotRegisterYet,
        status: 409,
      },
    ],
    [
      "a round the day does not have",
      { round: 9 },
      {
        reason: "unknownRound",
        severity: "error",
        message: VALIDATION.invalid("round"),
        status: 400,
      },
    ],
    [
      "a full round",
      { round: 1 },
      {
        reason: "roundFull",
        severity: "warning",
        message: MESSAGES.roundFull,
        status: 409,
      },
    ],
  ] as const)(
    "refuses %s without asking the upstream",
    async (_, post, refusal) => {
      expect(await add({}, post)).toEqual({ kind: "refused", ...refusal });
      expect(calls).toEqual([]);
    },
  );

  it("says a round that filled after the page was read (409) as a full round, and keeps the registration", async () => {
    expect(await add({ update: failing(409) })).toEqual({
      kind: "refused",
      reason: "roundFull",
      severity: "warning",
      message: MESSAGES.roundFull,
      status: 409,
    });
    expect(session.registrationId).toBe("registration-id");
    expect(session.takeToasts()).toEqual([]);
  });

  it.each([
    ["a server error", failing(500)],
    ["a 404 naming an unknown round", failing(404, { error: "unknown round" })],
    [
      "a 404 naming an unknown workshop",
      failing(404, { error: "unknown workshop" }),
    ],
  ])(
    "fails on %s with the generic message, and forgets nothing",
    async (_, update) => {
      expect(await add({ update })).toEqual({
        kind: "failed",
        toast: TOASTS.genericError,
      });
      expect(session.registrationId).toBe("registration-id");
    },
  );

  it.each([
    ["a 204", async () => ({ status: 204 })],
    ["a 404", failing(404)],
  ])(
    "ends at home with the expiry warning on %s: the registration is gone",
    async (_, update) => {
      expect(await thrownLocation(add({ update }))).toBe("/");
      expect(session.registrationId).toBeNull();
      expect(session.takeToasts()).toEqual([TOASTS.registrationExpired]);
    },
  );
});

describe("removing a workshop from a round", () => {
  const remove = (upstream: UpstreamAnswers) =>
    removeFromRound(contextWith(upstream), {
      round: 3,
      idempotencyKey: "key-2",
    });

  it("reads the registration, empties the round with the form's key, and is done with the answer", async () => {
    expect(
      await remove({
        registration: async () => ({ status: 200, data: holding }),
        update: answering(empty),
      }),
    ).toEqual({ kind: "done", registration: empty });
    expect(calls).toEqual(["registration", "update"]);
    expect(sent).toEqual([
      {
        body: { choices: [{ round: 3, workshop: null }] },
        idempotencyKey: "key-2",
      },
    ]);
  });

  it.each([
    ["the update", { update: failing(500) }],
    [
      "reading the registration",
      {
        registration: async () => {
          throw new UpstreamError("status", "registration", "down", {
            status: 503,
          });
        },
      },
    ],
  ])("fails with the generic message when %s fails", async (_, answers) => {
    expect(
      await remove({
        registration: async () => ({ status: 200, data: holding }),
        ...answers,
      }),
    ).toEqual({ kind: "failed", toast: TOASTS.genericError });
    expect(session.registrationId).toBe("registration-id");
  });

  it("fails with the full-round message on a 409, as the cart always said it", async () => {
    expect(
      await remove({
        registration: async () => ({ status: 200, data: holding }),
        update: failing(409),
      }),
    ).toEqual({ kind: "failed", toast: TOASTS.roundFull });
  });

  it.each([
    ["a 204", async () => ({ status: 204 })],
    ["a 404 on removal", failing(404)],
  ])("ends at home with the expiry warning on %s", async (_, update) => {
    expect(
      await thrownLocation(
        remove({
          registration: async () => ({ status: 200, data: holding }),
          update,
        }),
      ),
    ).toBe("/");
    expect(session.registrationId).toBeNull();
    expect(session.takeToasts()).toEqual([TOASTS.registrationExpired]);
  });

  it("passes the guards' redirects on, and sends nothing: no day is home", async () => {
    session = await newSession();
    expect(await thrownLocation(remove({}))).toBe("/");
    expect(calls).toEqual([]);
  });
});
