/**
 * Joining and leaving a round's waiting list (decision 0024) against a scripted upstream: what is sent, what is
 * refused before asking, how the upstream's refusals and failures come back, and what the toast says afterwards.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  MESSAGES,
  TOASTS,
  VALIDATION,
  WAITLIST,
  WAITLIST_TOASTS,
} from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  orientationDay,
  registeredSession,
  routeContext,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import { UpstreamError } from "~/upstream/client.server";
import type { Registration, Workshop } from "#contract";
import { joinWaitlist, leaveWaitlist } from "./waitlist.server";

const robotica = { id: 11, slug: "robotica", display: "Robotica" };
const day = orientationDay({ id: 1 });

/** Robotica: round 1 full, round 2 open, not given in round 3. */
const workshop: Pick<Workshop, "id" | "display" | "availability"> = {
  id: robotica.id,
  display: robotica.display,
  availability: [
    { round: 1, available: false, seatsLeft: 0 },
    { round: 2, available: true, seatsLeft: 2 },
    { round: 3, available: false, seatsLeft: null },
  ],
};

function registration(
  fields: Partial<Pick<Registration, "waitlist" | "choices">> = {},
): Registration {
  return draftRegistration({
    orientationDay: { id: 1, rondes: day.rondes },
    waitlist: [],
    ...fields,
  });
}

const off = registration();
const waiting = registration({
  waitlist: [{ round: 1, workshop: robotica, position: 3 }],
});
const movedUp = registration({ choices: { "1": { workshop: robotica } } });

let session: VisitorSession;
let calls: string[];
let sent: unknown[];

beforeEach(async () => {
  session = await registeredSession();
  calls = [];
  sent = [];
});

/**
 * The upstream: a waiting-list call answers `answered`. With `readAgain`, that answer is the kept one of a form sent
 * before (marked replayed, decision 0018), and reading the registration then gives `readAgain`.
 */
function upstream(
  name: "waitlistJoin" | "waitlistLeave",
  answered: Registration,
  readAgain?: Registration,
): UpstreamAnswers {
  return {
    [name]: async (options?: unknown) => {
      sent.push(options);
      return readAgain
        ? { status: 200, data: answered, replayed: true }
        : { status: 200, data: answered };
    },
    registration: async () => ({ status: 200, data: readAgain ?? answered }),
  };
}

const failing = (status: number) => async (): Promise<never> => {
  throw new UpstreamError("status", "waitlistJoin", "refused", { status });
};

function join(
  answers: UpstreamAnswers,
  post: Partial<Parameters<typeof joinWaitlist>[1]> = {},
) {
  return joinWaitlist(routeContext(session, answers, calls), {
    registration: off,
    workshop,
    readonly: false,
    round: 1,
    idempotencyKey: "key-1",
    ...post,
  });
}

function leave(
  answers: UpstreamAnswers,
  post: Partial<Parameters<typeof leaveWaitlist>[1]> = {},
) {
  return leaveWaitlist(routeContext(session, answers, calls), {
    registration: waiting,
    workshop,
    round: 1,
    idempotencyKey: "key-2",
    ...post,
  });
}

describe("joining a round's waiting list", () => {
  it("asks the upstream with the form's key and says the place its answer gives, reading nothing more", async () => {
    expect(await join(upstream("waitlistJoin", waiting))).toEqual({
      kind: "done",
      registration: waiting,
      toast: WAITLIST_TOASTS.waiting(1, 3),
    });
    expect(sent).toEqual([
      { body: { round: 1, workshop: robotica.id }, idempotencyKey: "key-1" },
    ]);
    expect(calls).toEqual(["waitlistJoin"]);
  });

  it("recognises the kept answer of a form sent before: the registration read again, and the toast says so", async () => {
    // Joined with this key, left since; the kept tab sends the join again.
    const outcome = await join(upstream("waitlistJoin", waiting, off));
    expect(outcome).toMatchObject({ kind: "done", registration: off });
    expect(outcome.kind === "done" && outcome.toast).toEqual(
      WAITLIST_TOASTS.replayed(WAITLIST_TOASTS.notJoined(1)),
    );
  });

  it("says the visitor moved up when the registration read again after a kept answer holds the workshop", async () => {
    expect(await join(upstream("waitlistJoin", waiting, movedUp))).toEqual({
      kind: "done",
      registration: movedUp,
      toast: WAITLIST_TOASTS.movedUp("Robotica", 1),
    });
  });

  it("checks a round the day's shared seats show open again before refusing: it may have filled since", async () => {
    const waitingRound2 = registration({
      waitlist: [{ round: 2, workshop: robotica, position: 1 }],
    });
    const outcome = await join(upstream("waitlistJoin", waitingRound2), {
      round: 2,
      seatsNow: async () => ({
        ...workshop,
        availability: [
          { round: 1, available: false, seatsLeft: 0 },
          { round: 2, available: false, seatsLeft: 0 },
        ],
      }),
    });
    expect(outcome).toMatchObject({
      kind: "done",
      registration: waitingRound2,
    });
    expect(calls).toEqual(["waitlistJoin"]);
  });

  it("refuses a round still open when checked again", async () => {
    const outcome = await join(upstream("waitlistJoin", waiting), {
      round: 2,
      seatsNow: async () => workshop,
    });
    expect(outcome).toMatchObject({ kind: "refused", reason: "roundOpen" });
    expect(calls).toEqual([]);
  });

  it("says what a kept answer shows when reading the registration again fails", async () => {
    const answers = upstream("waitlistJoin", waiting, waiting);
    answers.registration = async () => {
      throw new UpstreamError("status", "registration", "down", {
        status: 503,
      });
    };
    expect(await join(answers)).toEqual({
      kind: "done",
      registration: waiting,
      toast: WAITLIST_TOASTS.waiting(1, 3),
    });
  });

  it.each([
    [
      "an upstream without a list",
      {
        registration: draftRegistration({ orientationDay: off.orientationDay }),
      },
      {
        reason: "noWaitlist",
        severity: "warning",
        message: MESSAGES.waitlistUnavailable,
        status: 409,
      },
    ],
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
      "a round the workshop is not given in",
      { round: 3 },
      {
        reason: "unknownRound",
        severity: "error",
        message: VALIDATION.invalid("round"),
        status: 400,
      },
    ],
    [
      "a round with a seat",
      { round: 2 },
      {
        reason: "roundOpen",
        severity: "warning",
        message: MESSAGES.waitlistRoundOpen,
        status: 409,
      },
    ],
    [
      "a workshop the registration holds in another round, naming that round",
      {
        registration: registration({
          choices: { "2": { workshop: robotica } },
        }),
      },
      {
        reason: "alreadyChosen",
        severity: "warning",
        message: WAITLIST.alreadyChosen(2),
        status: 409,
      },
    ],
  ] as const)(
    "refuses %s without asking the upstream",
    async (_, post, refusal) => {
      expect(await join({}, post)).toEqual({ kind: "refused", ...refusal });
      expect(calls).toEqual([]);
    },
  );

  it.each([
    [404, "noWaitlist", MESSAGES.waitlistUnavailable],
    [501, "noWaitlist", MESSAGES.waitlistUnavailable],
    [409, "roundOpen", MESSAGES.waitlistRoundOpen],
  ])(
    "says the upstream's %i as its refusal (%s)",
    async (status, reason, message) => {
      expect(await join({ waitlistJoin: failing(status) })).toEqual({
        kind: "refused",
        reason,
        severity: "warning",
        message,
        status: 409,
      });
    },
  );

  it("fails with the generic message on a server error, and forgets nothing", async () => {
    expect(await join({ waitlistJoin: failing(500) })).toEqual({
      kind: "failed",
      toast: TOASTS.genericError,
    });
    expect(session.registrationId).toBe("registration-id");
    expect(session.takeToasts()).toEqual([]);
  });

  it("ends at home with the expiry warning when the registration is gone (204)", async () => {
    const thrown = await join({
      waitlistJoin: async () => ({ status: 204 }),
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
    expect(session.registrationId).toBeNull();
    expect(session.takeToasts()).toEqual([TOASTS.registrationExpired]);
  });
});

describe("leaving a round's waiting list", () => {
  it("takes this workshop's entry off the list with the form's key and says so", async () => {
    expect(await leave(upstream("waitlistLeave", off))).toEqual({
      kind: "done",
      registration: off,
      toast: WAITLIST_TOASTS.left(1),
    });
    expect(sent).toEqual([{ body: { round: 1 }, idempotencyKey: "key-2" }]);
  });

  it("says a leave that lost the race to a promotion moved the visitor up", async () => {
    expect(await leave(upstream("waitlistLeave", movedUp))).toMatchObject({
      kind: "done",
      toast: WAITLIST_TOASTS.movedUp("Robotica", 1),
    });
  });

  it("recognises a kept leave answer while the visitor waits again: still on the list, at its place", async () => {
    const outcome = await leave(upstream("waitlistLeave", off, waiting));
    expect(outcome.kind === "done" && outcome.toast).toEqual(
      WAITLIST_TOASTS.replayed(WAITLIST_TOASTS.waiting(1, 3)),
    );
  });

  it("sends nothing without an entry for this workshop: the visitor is off its list already", async () => {
    const other = registration({
      waitlist: [
        {
          round: 1,
          workshop: { id: 99, slug: "horeca", display: "Horeca" },
          position: 1,
        },
      ],
    });
    expect(await leave({}, { registration: other })).toEqual({
      kind: "done",
      registration: other,
      toast: WAITLIST_TOASTS.left(1),
    });
    expect(calls).toEqual([]);
  });

  it("says the upstream's refusal, or fails with the generic message", async () => {
    expect(await leave({ waitlistLeave: failing(501) })).toMatchObject({
      kind: "refused",
      reason: "noWaitlist",
    });
    expect(await leave({ waitlistLeave: failing(500) })).toEqual({
      kind: "failed",
      toast: TOASTS.genericError,
    });
  });
});
