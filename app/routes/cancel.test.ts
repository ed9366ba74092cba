import { beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES, TOASTS } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  newSession,
  routeContext,
  routeArgs,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import type { Registration } from "#contract";
import type { Route } from "./+types/cancel";
import { action, loader } from "./cancel";

const draft = draftRegistration();
const created: Registration = {
  ...draft,
  created: "2026-11-20T10:00:00Z",
  voornaam: "Sam",
  achternaam: "Tester",
  emailadres: "sam@example.com",
  display: "Sam",
};

type Answers = UpstreamAnswers;

const REGISTRATION_ID = "registration-id-of-the-visitor";
let session: VisitorSession;
let calls: string[];

function contextWith(answers: Answers) {
  return routeContext(session, answers, calls);
}

async function load(answers: Answers, search = "") {
  const request = new Request(
    `http://localhost/inschrijving-annuleren${search}`,
  );
  return loader(routeArgs<Route.LoaderArgs>(request, contextWith(answers)));
}

/** Posts the confirmation; the action's 1 s wait before the deletion passes at once. */
async function cancel(answers: Answers) {
  const request = new Request("http://localhost/inschrijving-annuleren", {
    method: "POST",
    body: new FormData(),
  });
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  try {
    const result = action(
      routeArgs<Route.ActionArgs>(request, contextWith(answers)),
    );
    // Settled here so that a rejection is not left unhandled while the clock runs.
    const settled = result.then(
      (value) => ({ value }),
      (thrown: unknown) => ({ thrown }),
    );
    await vi.runAllTimersAsync();
    const outcome = await settled;
    if ("thrown" in outcome) throw outcome.thrown;
    return outcome.value;
  } finally {
    vi.useRealTimers();
  }
}

/** The loader or action's answer, whether returned or thrown. */
async function settle(run: Promise<unknown>): Promise<unknown> {
  try {
    return await run;
  } catch (thrown) {
    return thrown;
  }
}

function location(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get("Location");
}

const found = (registration: Registration) => async () => ({
  status: 200,
  data: registration,
});
const noContent = async () => ({ status: 204 });
const failing = (status: number) => async () => {
  throw Object.assign(new Error("upstream"), { status });
};

beforeEach(async () => {
  session = await newSession();
  session.setOrientationDay(1);
  session.setSchool(7);
  session.setRegistrationId(REGISTRATION_ID);
  session.markRegistrationStarted();
  calls = [];
});

describe("the confirmation page", () => {
  it("asks a visitor with a created registration, with the way back they came", async () => {
    expect(
      await load(
        { registration: found(created) },
        "?redirectTo=%2Fworkshop%2Fdrones%3Fq%3Dx",
      ),
    ).toEqual({
      returnTo: "/workshop/drones?q=x",
      failed: false,
      idempotencyKey: expect.any(String),
    });
    expect(calls).toEqual(["registration"]);
  });

  it("goes back to the workshops by default, and never to another site", async () => {
    for (const search of [
      "",
      "?redirectTo=https://example.com",
      "?redirectTo=//example.com",
      // Browsers drop a tab or newline from a link: "/<TAB>/evil.example" would be "//evil.example".
      "?redirectTo=%2F%09%2Fevil.example%2Fphish",
      "?redirectTo=%2F%0A%2Fevil.example",
    ]) {
      expect(await load({ registration: found(created) }, search)).toEqual({
        returnTo: "/workshops",
        failed: false,
        idempotencyKey: expect.any(String),
      });
    }
  });

  it("sends a visitor without a day home", async () => {
    session.setOrientationDay(null);
    expect(location(await settle(load({})))).toBe("/");
    expect(calls).toEqual([]);
  });

  it("has nothing to cancel for a draft or no registration: back to the workshops, nothing created", async () => {
    expect(location(await settle(load({ registration: found(draft) })))).toBe(
      "/workshops",
    );
    session.setRegistrationId(null);
    expect(location(await settle(load({})))).toBe("/workshops");
    expect(calls).toEqual(["registration"]);
  });

  it("ends an expired registration at home with the warning", async () => {
    expect(location(await settle(load({ registration: noContent })))).toBe("/");
    expect(session.registrationId).toBeNull();
    expect(session.takeToasts()).toEqual([TOASTS.registrationExpired]);
  });

  it("says so when the registration cannot be read, and offers only the way back", async () => {
    const answer = await load({ registration: failing(503) });
    // The page could not get what it needs: 503, with the page and its message.
    expect(answer).toMatchObject({
      init: { status: 503 },
      data: {
        returnTo: "/workshops",
        failed: true,
        idempotencyKey: expect.any(String),
      },
    });
  });
});

describe("cancelling", () => {
  it("deletes the registration, forgets it and goes home with 'Succesvol uitgeschreven.'", async () => {
    const result = await cancel({
      registration: found(created),
      delete: async () => ({ status: 200, data: { message: "ok" } }),
    });
    expect(location(result)).toBe("/");
    expect(calls).toEqual(["registration", "delete"]);
    expect(session.registrationId).toBeNull();
    expect(session.schoolId).toBeNull();
    // The day stays (spec "Clearing the store").
    expect(session.orientationDayId).toBe(1);
    expect(session.takeToasts()).toEqual([TOASTS.unsubscribed]);
    expect(TOASTS.unsubscribed.message).toBe("Succesvol uitgeschreven.");
  });

  it("sends the deletion 1 s after the confirmation (spec section 9)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const result = action(
        routeArgs<Route.ActionArgs>(
          new Request("http://localhost/inschrijving-annuleren", {
            method: "POST",
            body: new FormData(),
          }),
          contextWith({
            registration: found(created),
            delete: async () => ({ status: 200, data: { message: "ok" } }),
          }),
        ),
      );
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toEqual(["registration"]);
      await vi.advanceTimersByTimeAsync(1);
      expect(location(await result)).toBe("/");
      expect(calls).toEqual(["registration", "delete"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ["204", noContent],
    ["404", failing(404)],
  ])(
    "treats a %s from the deletion as an expired registration",
    async (_, answer) => {
      const result = await settle(
        cancel({ registration: found(created), delete: answer }),
      );
      expect(location(result)).toBe("/");
      expect(session.registrationId).toBeNull();
      expect(session.takeToasts()).toEqual([TOASTS.registrationExpired]);
    },
  );

  it("keeps everything on another upstream failure and says so once", async () => {
    const result = (await cancel({
      registration: found(created),
      delete: failing(503),
    })) as { data: unknown; init: ResponseInit | null };
    expect(result.init?.status).toBe(502);
    expect(result.data).toEqual({ error: MESSAGES.genericError });
    expect(session.registrationId).toBe(REGISTRATION_ID);
    expect(session.takeToasts()).toEqual([]);
  });

  it("refuses to delete a draft (nothing to cancel)", async () => {
    const result = await settle(cancel({ registration: found(draft) }));
    expect(location(result)).toBe("/workshops");
    expect(calls).toEqual(["registration"]);
    expect(session.registrationId).toBe(REGISTRATION_ID);
  });

  it("ends at home with the warning when the registration expired before the post", async () => {
    const result = await settle(cancel({ registration: noContent }));
    expect(location(result)).toBe("/");
    expect(calls).toEqual(["registration"]);
    expect(session.takeToasts()).toEqual([TOASTS.registrationExpired]);
  });
});
