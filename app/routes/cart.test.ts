/**
 * POST /winkelwagen against a scripted upstream: a removal comes back to the page it came from with the cart open,
 * or answers a fetcher; a failure is said beside the round with JavaScript and by a toast without (decision 0045).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, TOASTS, VALIDATION } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  registeredSession,
  routeArgs,
  routeContext,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import type { Route } from "./+types/cart";
import { action } from "./cart";

const registration = draftRegistration({
  choices: {
    "1": { workshop: { id: 11, slug: "robotica", display: "Robotica" } },
  },
});

let session: VisitorSession;
let calls: string[];

beforeEach(async () => {
  session = await registeredSession();
  calls = [];
});

function answers(update: UpstreamAnswers[string]): UpstreamAnswers {
  return {
    registration: async () => ({ status: 200, data: registration }),
    update,
  };
}
const removed = async () => ({
  status: 200,
  data: { ...registration, choices: {} },
});
const failing = (status: number) => async (): Promise<never> => {
  throw Object.assign(new Error("upstream"), { status });
};

async function post(
  fields: Record<string, string>,
  upstream: UpstreamAnswers,
): Promise<unknown> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    return await action(
      routeArgs<Route.ActionArgs>(
        new Request("http://localhost/winkelwagen", { method: "POST", body }),
        routeContext(session, upstream, calls),
      ),
    );
  } catch (thrown) {
    return thrown;
  }
}

function answerOf(result: unknown) {
  const { data, init } = result as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { data, status: init?.status ?? 200 };
}

const removal = {
  intent: "remove",
  round: "1",
  redirectTo: "/workshop/robotica?q=robot",
};

describe("removing a workshop", () => {
  it("comes back to the page it came from with the cart open, without JavaScript", async () => {
    const result = await post(removal, answers(removed));
    expect((result as Response).headers.get("Location")).toBe(
      "/workshop/robotica?q=robot&inschrijving=open",
    );
    expect(calls).toEqual(["registration", "update"]);
  });

  it("answers a fetcher with data", async () => {
    expect(
      answerOf(await post({ ...removal, enhanced: "1" }, answers(removed))),
    ).toEqual({ data: { ok: true }, status: 200 });
  });

  it("says a failure beside the round with JavaScript, with no toast", async () => {
    expect(
      answerOf(
        await post({ ...removal, enhanced: "1" }, answers(failing(500))),
      ),
    ).toEqual({ data: { error: MESSAGES.genericError }, status: 502 });
    expect(session.takeToasts()).toEqual([]);
  });

  it("says a failure by a toast on the page it comes back to, without JavaScript", async () => {
    const result = await post(removal, answers(failing(500)));
    expect((result as Response).headers.get("Location")).toBe(
      "/workshop/robotica?q=robot&inschrijving=open",
    );
    expect(session.takeToasts()).toEqual([TOASTS.genericError]);
  });

  it("ends at home when the registration is gone (404)", async () => {
    const result = await post(removal, answers(failing(404)));
    expect((result as Response).headers.get("Location")).toBe("/");
    expect(session.takeToasts()).toEqual([TOASTS.registrationExpired]);
  });

  it("refuses a post that names no round", async () => {
    expect(
      answerOf(await post({ intent: "remove" }, answers(removed))),
    ).toEqual({ data: { error: VALIDATION.invalid("round") }, status: 400 });
    expect(calls).toEqual([]);
  });
});
