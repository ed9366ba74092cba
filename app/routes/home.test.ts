import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  newSession,
  orientationDay,
  routeContext,
  routeArgs,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import type { Route } from "./+types/home";
import { action, loader } from "./home";

const registration = draftRegistration();

/** A visitor without a registration id gets one when choosing a day. */
const FRESH_ID = "fresh-registration-id-from-upstream";
/** The days on offer: ids 1 to 5. */
const DAYS = [1, 2, 3, 4, 5].map((id) => orientationDay({ id }));
const DEFAULT_ANSWERS: UpstreamAnswers = {
  registrationHash: async () => ({ status: 200, data: { hash: FRESH_ID } }),
  orientationDays: async () => ({ status: 200, data: DAYS }),
};

let session: VisitorSession;
let calls: string[];

async function choose(
  orientationDayId: string,
  answers: UpstreamAnswers = {},
  confirm?: string,
) {
  const context = routeContext(
    session,
    { ...DEFAULT_ANSWERS, ...answers },
    calls,
  );
  const body = new FormData();
  body.set("orientationDayId", orientationDayId);
  if (confirm !== undefined) body.set("confirm", confirm);
  const request = new Request("http://localhost/?index", {
    method: "POST",
    body,
  });
  return action(routeArgs<Route.ActionArgs>(request, context));
}

function location(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get("Location");
}

describe("choosing an orientation day on Home", () => {
  beforeEach(async () => {
    session = await newSession();
    calls = [];
  });

  it("stores a first choice, fetches a registration id and goes to school selection", async () => {
    expect(location(await choose("3"))).toBe("/inschrijven");
    expect(session.orientationDayId).toBe(3);
    expect(session.registrationId).toBe(FRESH_ID);
    expect(calls).toEqual(["orientationDays", "registrationHash"]);
  });

  it("keeps the school when the same day is chosen again and goes to the workshops", async () => {
    session.setOrientationDay(3);
    session.setSchool(7);
    session.setRegistrationId("registration-id-of-the-visitor");
    expect(
      location(
        await choose("3", { registration: async () => ({ status: 204 }) }),
      ),
    ).toBe("/workshops");
    expect(session.schoolId).toBe(7);
  });

  it("deletes the registration of another day first, then starts the new day afresh", async () => {
    session.setOrientationDay(1);
    session.setSchool(7);
    session.setRegistrationId("registration-id-of-the-visitor");
    const result = await choose("3", {
      registration: async () => ({ status: 200, data: registration }),
      delete: async () => ({ status: 200, data: { message: "ok" } }),
    });
    expect(location(result)).toBe("/inschrijven");
    expect(calls).toEqual([
      "orientationDays",
      "registration",
      "delete",
      "registrationHash",
    ]);
    expect(session.orientationDayId).toBe(3);
    expect(session.schoolId).toBeNull();
    // The deleted registration's id is not used again.
    expect(session.registrationId).toBe(FRESH_ID);
  });

  it("deletes a registration of another day even when the session has forgotten its day (after 24 h)", async () => {
    session.setRegistrationId("registration-id-of-the-visitor");
    const result = await choose("3", {
      registration: async () => ({ status: 200, data: registration }),
      delete: async () => ({ status: 200, data: { message: "ok" } }),
    });
    expect(location(result)).toBe("/inschrijven");
    expect(calls).toEqual([
      "orientationDays",
      "registration",
      "delete",
      "registrationHash",
    ]);
    expect(session.orientationDayId).toBe(3);
  });

  it("keeps a registration for the chosen day and goes on to its workshops", async () => {
    session.setRegistrationId("registration-id-of-the-visitor");
    const result = await choose("1", {
      registration: async () => ({ status: 200, data: registration }),
    });
    expect(calls).toEqual(["orientationDays", "registration"]);
    expect(location(result)).toBe("/workshops");
    expect(session.orientationDayId).toBe(1);
    // The session takes the school from the registration (spec "Setting a registration").
    expect(session.schoolId).toBe(7);
  });

  it("without a registration (204) switches the day without deleting, and forgets the school", async () => {
    session.setOrientationDay(1);
    session.setSchool(7);
    session.setRegistrationId("registration-id-of-the-visitor");
    const result = await choose("3", {
      registration: async () => ({ status: 204 }),
    });
    expect(location(result)).toBe("/inschrijven");
    expect(calls).toEqual(["orientationDays", "registration"]);
    expect(session.orientationDayId).toBe(3);
    expect(session.schoolId).toBeNull();
  });

  it.each(["999999", "0x3", "3e0", "+3", " 3", "3.0", "-3", "0", ""])(
    "refuses %j, a day not on offer or not a plain number, and changes nothing",
    async (forged) => {
      session.setOrientationDay(1);
      const result = (await choose(forged)) as unknown as {
        init: ResponseInit;
      };
      expect(result.init.status).toBe(400);
      expect(session.orientationDayId).toBe(1);
      expect(calls.filter((call) => call !== "orientationDays")).toEqual([]);
    },
  );

  it("on an upstream failure keeps the old day, flashes the error toast and goes home", async () => {
    session.setOrientationDay(1);
    session.setRegistrationId("registration-id-of-the-visitor");
    const result = await choose("3", {
      registration: async () => ({ status: 200, data: registration }),
      delete: async () => {
        throw Object.assign(new Error("down"), { status: 503 });
      },
    });
    expect(location(result)).toBe("/");
    expect(session.orientationDayId).toBe(1);
    expect(session.takeToasts()).toEqual([
      { kind: "error", message: MESSAGES.genericError, durationMs: 5_000 },
    ]);
  });

  describe("with a confirmed registration for another day", () => {
    const confirmed = draftRegistration({
      created: "2025-05-01T10:00:00+02:00",
    });
    const answers: UpstreamAnswers = {
      registration: async () => ({ status: 200, data: confirmed }),
      delete: async () => ({ status: 200, data: { message: "ok" } }),
    };

    beforeEach(() => {
      session.setOrientationDay(1);
      session.setSchool(7);
      session.setRegistrationId("registration-id-of-the-visitor");
    });

    it("asks first: goes to the question and changes nothing", async () => {
      expect(location(await choose("3", answers))).toBe("/dag-wijzigen?dag=3");
      expect(calls).toEqual(["orientationDays", "registration"]);
      expect(session.orientationDayId).toBe(1);
      expect(session.schoolId).toBe(7);
      expect(session.registrationId).toBe("registration-id-of-the-visitor");
    });

    it("once the visitor agreed, deletes it and starts the new day", async () => {
      expect(location(await choose("3", answers, "1"))).toBe("/inschrijven");
      expect(calls).toEqual([
        "orientationDays",
        "registration",
        "delete",
        "registrationHash",
      ]);
      expect(session.orientationDayId).toBe(3);
      expect(session.registrationId).toBe(FRESH_ID);
    });

    it("asks nothing when the same day is chosen again", async () => {
      expect(location(await choose("1", answers))).toBe("/workshops");
      expect(calls).toEqual(["orientationDays", "registration"]);
    });
  });

  it("refuses an id that is not a number with a 400", async () => {
    const result = (await choose("geen-getal")) as {
      init: ResponseInit | null;
    };
    expect(result.init?.status).toBe(400);
    expect(session.orientationDayId).toBeNull();
  });
});

describe("Home while a sent registration waits for its link (issue 43)", () => {
  beforeEach(async () => {
    session = await newSession();
    calls = [];
  });

  it("has the address masked in its data: the whole address is not in the page's data at all", async () => {
    session.setAwaitingConfirmation("the-registration-sent");
    const pending = draftRegistration({
      emailadres: "sanne.de.vries@example.nl",
      confirmation: {
        linkExpires: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    const context = routeContext(
      session,
      {
        ...DEFAULT_ANSWERS,
        page: async () => ({
          status: 200,
          data: { title: "Welkom", text: "" },
        }),
        schoolLogos: async () => ({ status: 200, data: [] }),
        registration: async () => ({ status: 200, data: pending }),
      },
      calls,
    );
    const result = await loader(
      routeArgs<Route.LoaderArgs>(new Request("http://localhost/"), context),
    );
    const loaderData = JSON.stringify(result);
    expect(loaderData).toContain("s***@example.nl");
    expect(loaderData).not.toContain("sanne");
  });
});
