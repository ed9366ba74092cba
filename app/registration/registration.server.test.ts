import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  newSession,
  routeContext,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import { UpstreamError } from "~/upstream/client.server";
import {
  changeRegistration,
  getRegistration,
  loadRegistration,
  requireDay,
  requireRegistration,
} from "./registration.server";

const draft = draftRegistration({
  orientationDay: {
    id: 1,
    rondes: [
      { number: 1, startTime: "09:00", endTime: "09:45", selection: null },
    ],
  },
});

let session: VisitorSession;
let calls: string[];

function contextWith(answers: UpstreamAnswers) {
  return routeContext(session, answers, calls);
}

/** What a guard threw: the redirect's location. */
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

const found = async () => ({ status: 200, data: draft });

beforeEach(async () => {
  calls = [];
  session = await newSession();
});

describe("getRegistration", () => {
  it("asks nothing without a registration id", async () => {
    const context = contextWith({});
    expect(await getRegistration(context)).toEqual({ state: "none" });
    expect(calls).toEqual([]);
  });

  it("asks the upstream once per request, however many callers", async () => {
    session.setRegistrationId("registration-id-1234567890");
    const context = contextWith({ registration: found });
    await Promise.all([getRegistration(context), getRegistration(context)]);
    await getRegistration(context);
    expect(calls).toEqual(["registration"]);
  });

  it("tells a fresh id (204 before anything was created) from an expired registration", async () => {
    session.setRegistrationId("registration-id-1234567890");
    const noContent = async () => ({ status: 204 });
    expect(
      await getRegistration(contextWith({ registration: noContent })),
    ).toEqual({ state: "none" });
    session.markRegistrationStarted();
    expect(
      await getRegistration(contextWith({ registration: noContent })),
    ).toEqual({ state: "expired" });
  });
});

describe("the guards", () => {
  it("sends a visitor without a day home", async () => {
    const context = contextWith({});
    expect(() => requireDay(context)).toThrow();
    expect(await thrownLocation(requireRegistration(context))).toBe("/");
  });

  it("sends a visitor with a day but no school to /inschrijven", async () => {
    session.setOrientationDay(1);
    expect(await thrownLocation(requireRegistration(contextWith({})))).toBe(
      "/inschrijven",
    );
  });

  it("creates the registration for a day and school without one", async () => {
    session.setOrientationDay(1);
    session.setSchool(7);
    const context = contextWith({
      registrationHash: async () => ({
        status: 200,
        data: { hash: "fresh-registration-id-123456" },
      }),
      create: found,
    });
    expect(await requireRegistration(context)).toBe(draft);
    expect(calls).toEqual(["registrationHash", "create"]);
    expect(session.registrationStarted).toBe(true);
  });

  it("clears the session and warns on Home when the registration expired", async () => {
    session.setOrientationDay(1);
    session.setRegistrationId("registration-id-1234567890");
    session.markRegistrationStarted();
    const context = contextWith({
      registration: async () => ({ status: 204 }),
    });
    expect(await thrownLocation(requireRegistration(context))).toBe("/");
    expect(session.registrationId).toBeNull();
    expect(session.takeToasts().map((toast) => toast.message)).toEqual([
      MESSAGES.registrationExpired,
    ]);
  });

  it("loadRegistration turns an upstream failure into Home with the generic message", async () => {
    session.setOrientationDay(1);
    session.setRegistrationId("registration-id-1234567890");
    const context = contextWith({
      registration: async () => {
        throw new UpstreamError("status", "registration", "down", {
          status: 503,
        });
      },
    });
    expect(await thrownLocation(loadRegistration(context))).toBe("/");
    expect(session.takeToasts().map((toast) => toast.message)).toEqual([
      MESSAGES.genericError,
    ]);
  });
});

describe("the registration kept between a visitor's requests (decision 0072)", () => {
  const changed = draftRegistration({
    orientationDay: { id: 1, rondes: [] },
    choices: {
      "1": { workshop: { id: 11, slug: "robotica", display: "Robotica" } },
    },
  });

  /** The visitor's change: its answer becomes the registration they see. */
  async function change() {
    session.setRegistrationId(`registration-${Math.random()}`);
    session.markRegistrationStarted();
    const post = routeContext(session, {}, calls, { changes: true });
    await changeRegistration(post, async () => ({
      status: 200,
      data: changed,
    }));
  }

  const page = () => routeContext(session, { registration: found }, calls);

  it("the first page after a change shows its answer without asking; the next page asks", async () => {
    await change();
    expect(await getRegistration(page())).toEqual({
      state: "found",
      registration: changed,
    });
    expect(calls).toEqual([]);
    expect(await getRegistration(page())).toEqual({
      state: "found",
      registration: draft,
    });
    expect(calls).toEqual(["registration"]);
  });

  it("a page asks when another process showed the change's answer first (the cookie says so)", async () => {
    await change();
    // The page after the change was served elsewhere: its answer wrote the cookie this request brings.
    session.markRegistrationShown();
    await getRegistration(page());
    expect(calls).toEqual(["registration"]);
  });

  it("a change starts from the registration the visitor last saw, asking nothing", async () => {
    await change();
    const post = routeContext(session, { registration: found }, calls, {
      changes: true,
    });
    expect(await getRegistration(post)).toEqual({
      state: "found",
      registration: changed,
    });
    expect(calls).toEqual([]);
  });
});
