/**
 * The mailed-link routes as the server sees them: /login and /inschrijving-bevestigen never spend a token on a
 * GET by a scanner, move the token out of the address, and spend it only on the person's behalf.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  newSession,
  orientationDay,
  routeArgs,
  routeContext,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import type { Registration } from "#contract";
import { UpstreamError } from "~/upstream/client.server";
import * as confirmRoute from "./confirm";
import * as calendarRoute from "./confirm-calendar";
import * as loginRoute from "./login";

const TOKEN = "t".repeat(43);
const PERSON =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OUTLOOK =
  "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)";

const created: Registration = draftRegistration({
  created: "2026-11-20T10:00:00Z",
  orientationDay: {
    id: 4,
    rondes: orientationDay().rondes,
  },
  choices: {
    "2": { workshop: { id: 9, slug: "robotica", display: "Robotica" } },
  },
  emailadres: "sam@example.com",
});

let session: VisitorSession;
let calls: string[];

beforeEach(async () => {
  session = await newSession();
  calls = [];
});

function statusError(status: number) {
  return new UpstreamError("status", "login", `answered ${status}`, {
    status,
    body: { error: "x" },
  });
}

type Args = {
  request: Request;
  url: URL;
  context: ReturnType<typeof routeContext>;
  params: Record<string, string>;
};

function args(
  request: Request,
  answers: UpstreamAnswers = {},
): Args & { context: ReturnType<typeof routeContext> } {
  return routeArgs(request, routeContext(session, answers, calls));
}

/** The Cookie header a browser sends back for a response's Set-Cookie. */
function cookieFrom(response: Response): string {
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

/** The token cookie a first hop set, for the same site. */
async function heldTokenCookie(path: "/login" | "/inschrijving-bevestigen") {
  const loader = path === "/login" ? loginRoute.loader : confirmRoute.loader;
  const first = await thrown(
    loader(
      args(
        new Request(`http://localhost${path}?token=${TOKEN}`, {
          headers: { "user-agent": OUTLOOK },
        }),
      ) as never,
    ),
  );
  return cookieFrom(first);
}

function expectFirstHop(response: Response, path: string) {
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(path);
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("cache-control")).toBe("no-store");
}

/** 'Ga verder' with the held token's cookie (if any), the upstream answering from `answers`. */
async function proceed(cookie: string | null, answers: UpstreamAnswers = {}) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return loginRoute.action(
    args(
      new Request("http://localhost/login", {
        method: "POST",
        headers,
        body: new FormData(),
      }),
      answers,
    ) as never,
  );
}

type ActionData = { data: { error: string }; init: ResponseInit };

describe("/login", () => {
  it.each([
    ["a person", "GET", PERSON],
    ["Outlook's preview", "GET", OUTLOOK],
    ["a HEAD", "HEAD", PERSON],
  ])(
    "a GET of the link by %s moves the token into a cookie and spends nothing",
    async (_, method, agent) => {
      const response = await thrown(
        loginRoute.loader(
          args(
            new Request(`http://localhost/login?token=${TOKEN}`, {
              method,
              headers: { "user-agent": agent },
            }),
          ) as never,
        ),
      );
      expectFirstHop(response, "/login");
      expect(response.headers.get("set-cookie")).toMatch(/^login-token=/);
      expect(response.headers.get("set-cookie")).not.toContain(TOKEN);
      expect(calls).toEqual([]);
    },
  );

  it("shows 'Ga verder' while a token is held", async () => {
    const cookie = await heldTokenCookie("/login");
    const data = await loginRoute.loader(
      args(
        new Request("http://localhost/login", { headers: { cookie } }),
      ) as never,
    );
    expect(data).toEqual({
      hasToken: true,
      idempotencyKey: expect.any(String),
    });
  });

  it("'Ga verder' logs in: the session takes the registration, its day and school", async () => {
    const bodies: unknown[] = [];
    const response = (await proceed(await heldTokenCookie("/login"), {
      login: async (options) => {
        bodies.push(options);
        return {
          status: 200,
          data: { registrationId: "r".repeat(32), registration: created },
        };
      },
    })) as Response;
    // No key posted (a page from before keys): the call gets a fresh one, and goes out as it did without keys.
    expect(bodies).toEqual([
      { body: { token: TOKEN }, idempotencyKey: expect.any(String) },
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/workshops");
    expect(response.headers.get("set-cookie")).toMatch(
      /^login-token=;.*Max-Age=0/,
    );
    expect(session.registrationId).toBe("r".repeat(32));
    expect(session.registrationStarted).toBe(true);
    expect(session.orientationDayId).toBe(4);
    expect(session.schoolId).toBe(created.school!.id);
  });

  it("a refused token says the link is gone and forgets it", async () => {
    const result = (await proceed(await heldTokenCookie("/login"), {
      login: () => Promise.reject(statusError(401)),
    })) as unknown as ActionData;
    expect(result.data).toEqual({ error: MESSAGES.loginLinkExpired });
    expect(result.init.status).toBe(401);
    expect(new Headers(result.init.headers).get("set-cookie")).toContain(
      "Max-Age=0",
    );
    expect(session.registrationId).toBeNull();
  });

  it("another failure says so and keeps the token for another try", async () => {
    const result = (await proceed(await heldTokenCookie("/login"), {
      login: () => Promise.reject(statusError(500)),
    })) as unknown as ActionData;
    expect(result.data).toEqual({ error: MESSAGES.loginFailed });
    expect(result.init.status).toBe(502);
    expect(new Headers(result.init.headers).get("set-cookie")).toBeNull();
  });

  it("'Ga verder' without a held token calls nothing", async () => {
    const result = (await proceed(null)) as unknown as ActionData;
    expect(result.data).toEqual({ error: MESSAGES.loginLinkExpired });
    expect(calls).toEqual([]);
  });
});

describe("/inschrijving-bevestigen", () => {
  const confirmAnswer = {
    confirm: async () => ({ status: 200, data: created }),
  };

  it("a person's GET confirms, keeps the outcome and leaves the token's address", async () => {
    const response = await thrown(
      confirmRoute.loader(
        args(
          new Request(
            `http://localhost/inschrijving-bevestigen?token=${TOKEN}`,
            {
              headers: { "user-agent": PERSON },
            },
          ),
          confirmAnswer,
        ) as never,
      ),
    );
    expectFirstHop(response, "/inschrijving-bevestigen");
    expect(calls).toEqual(["confirm"]);
    expect(session.confirmation).toMatchObject({
      ok: true,
      dayId: 4,
      rounds: [{ round: 2, title: "Robotica" }],
    });
  });

  it.each([
    ["Outlook's preview", "GET", { "user-agent": OUTLOOK }],
    ["a HEAD", "HEAD", { "user-agent": PERSON }],
    ["a prefetch", "GET", { "user-agent": PERSON, "sec-purpose": "prefetch" }],
  ])("%s confirms nothing and gets the button", async (_, method, headers) => {
    const response = await thrown(
      confirmRoute.loader(
        args(
          new Request(
            `http://localhost/inschrijving-bevestigen?token=${TOKEN}`,
            {
              method,
              headers,
            },
          ),
        ) as never,
      ),
    );
    expectFirstHop(response, "/inschrijving-bevestigen");
    expect(calls).toEqual([]);
    const page = await confirmRoute.loader(
      args(
        new Request("http://localhost/inschrijving-bevestigen", {
          headers: { ...headers, cookie: cookieFrom(response) },
        }),
      ) as never,
    );
    expect(page).toEqual({
      state: "pending",
      idempotencyKey: expect.any(String),
    });
  });

  it("'Inschrijving bevestigen' confirms with the held token", async () => {
    const cookie = await heldTokenCookie("/inschrijving-bevestigen");
    const response = await confirmRoute.action(
      args(
        new Request("http://localhost/inschrijving-bevestigen", {
          method: "POST",
          headers: { cookie },
          body: new FormData(),
        }),
        confirmAnswer,
      ) as never,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(calls).toEqual(["confirm"]);
    expect(session.confirmation?.ok).toBe(true);
  });

  it("a failed confirmation shows the failure, whatever the cause", async () => {
    await thrown(
      confirmRoute.loader(
        args(
          new Request(
            `http://localhost/inschrijving-bevestigen?token=${TOKEN}`,
            {
              headers: { "user-agent": PERSON },
            },
          ),
          { confirm: () => Promise.reject(statusError(401)) },
        ) as never,
      ),
    );
    expect(
      await confirmRoute.loader(
        args(new Request("http://localhost/inschrijving-bevestigen")) as never,
      ),
    ).toEqual({ state: "failed" });
  });

  it("the thank-you card uses the upstream's page, sanitised, and offers the calendar", async () => {
    session.setConfirmation({
      ok: true,
      dayId: 4,
      rounds: [{ round: 2, title: "Robotica" }],
    });
    const page = await confirmRoute.loader(
      args(new Request("http://localhost/inschrijving-bevestigen"), {
        page: async () => ({
          status: 200,
          data: {
            title: "Bedankt!",
            intro: "Tot dan.",
            text: "<p>Hoi<script>alert(1)</script></p>",
          },
        }),
      }) as never,
    );
    expect(page).toEqual({
      state: "confirmed",
      title: "Bedankt!",
      intro: "Tot dan.",
      html: "<p>Hoi</p>",
      calendar: true,
    });
  });
});

describe("/inschrijving-bevestigen/agenda.ics", () => {
  it("answers 404 without a confirmation in this browser", async () => {
    const response = (await calendarRoute.loader(
      args(
        new Request("http://localhost/inschrijving-bevestigen/agenda.ics"),
      ) as never,
    )) as Response;
    expect(response.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it("answers the calendar file for the confirmed day", async () => {
    session.setConfirmation({
      ok: true,
      dayId: 4,
      rounds: [{ round: 2, title: "Robotica" }],
    });
    const response = (await calendarRoute.loader(
      args(new Request("http://localhost/inschrijving-bevestigen/agenda.ics"), {
        orientationDays: async () => ({
          status: 200,
          data: [orientationDay()],
        }),
      }) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "text/calendar; charset=utf-8",
    );
    expect(response.headers.get("content-disposition")).toContain("attachment");
    expect(await response.text()).toContain("SUMMARY:Robotica");
  });
});
