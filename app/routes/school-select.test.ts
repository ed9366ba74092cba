/**
 * The login request on /inschrijven (spec "Login request"): the same answer after the same time, whether or not
 * the address is known, and whether or not the upstream managed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES, TOASTS } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import { newSession, routeContext, routeArgs } from "../../tests/fixtures/app";
import { UpstreamError } from "~/upstream/client.server";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import type { Route } from "./+types/school-select";
import { action } from "./school-select";

let session: VisitorSession;
let calls: string[];
/** The key the login box was rendered with. */
const KEY = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

beforeEach(async () => {
  session = await newSession();
  session.setOrientationDay(3);
  calls = [];
  vi.useFakeTimers({ toFake: ["setTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Posts the login box and reports whether the answer came before and after the clock passed 1 s. */
async function requestLogin(email: string, answers: UpstreamAnswers) {
  const body = new FormData();
  body.set("intent", "login");
  body.set("email", email);
  body.set("idempotencyKey", KEY);
  const result = action(
    routeArgs<Route.ActionArgs>(
      new Request("http://localhost/inschrijven", {
        method: "POST",
        body,
      }),
      routeContext(session, answers, calls),
    ),
  );
  let settled = false;
  const answer = result.then((value) => {
    settled = true;
    return value;
  });
  await vi.advanceTimersByTimeAsync(999);
  const early = settled;
  await vi.advanceTimersByTimeAsync(1);
  return { early, value: await answer };
}

describe("the login request", () => {
  it("answers a valid address after 1 s with the neutral message and an empty box", async () => {
    const bodies: unknown[] = [];
    const { early, value } = await requestLogin("sam@example.com", {
      requestLogin: async (options) => {
        bodies.push(options);
        return { status: 200, data: { message: "x" } };
      },
    });
    expect(early).toBe(false);
    expect(bodies).toEqual([
      {
        body: { email: "sam@example.com", orientationDayId: 3 },
        // The page's key, bound to the visitor (request/idempotency.server.ts).
        idempotencyKey: expect.stringMatching(/^[\w-]{43}$/),
      },
    ]);
    expect((value as Response).status).toBe(302);
    expect(session.takeToasts()).toEqual([TOASTS.loginRequested]);
  });

  it("takes the same second when the upstream fails, and says so beside the box", async () => {
    const { early, value } = await requestLogin("sam@example.com", {
      requestLogin: () => Promise.reject(new Error("down")),
    });
    expect(early).toBe(false);
    const { data, init } = value as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(init.status).toBe(502);
    expect(data.result.error[""]).toEqual([MESSAGES.genericError]);
  });

  it("answers a limited request like any other: the neutral message, never an error", async () => {
    const { early, value } = await requestLogin("sam@example.com", {
      requestLogin: () =>
        Promise.reject(
          new UpstreamError("status", "requestLogin", "answered 429", {
            status: 429,
            body: { error: "too many requests" },
          }),
        ),
    });
    expect(early).toBe(false);
    expect((value as Response).status).toBe(302);
    expect(session.takeToasts()).toEqual([TOASTS.loginRequested]);
  });

  it("refuses an invalid address at once, without asking the upstream", async () => {
    const { early, value } = await requestLogin("geen-adres", {});
    expect(early).toBe(true);
    expect(calls).toEqual([]);
    const { init } = value as unknown as { init: ResponseInit };
    expect(init.status).toBe(400);
  });
});
