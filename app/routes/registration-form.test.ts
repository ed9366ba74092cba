import { beforeEach, describe, expect, it } from "vitest";
import { TOASTS } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import { UpstreamError } from "~/upstream/client.server";
import {
  draftRegistration,
  orientationDay,
  registeredSession,
  routeArgs,
  routeContext,
} from "../../tests/fixtures/app";
import type { Route } from "./+types/registration-form";
import { action } from "./registration-form";

const day = orientationDay({ id: 1 });
const registration = draftRegistration({
  orientationDay: { id: 1, rondes: day.rondes },
  choices: {
    "1": {
      workshop: {
        id: 3,
        slug: "koken",
        display: "Koken",
        image: null,
      } as never,
    },
  },
});

const details = {
  geslacht: "vrouw",
  display: "Sanne",
  voornaam: "Sanne",
  achternaam: "de Vries",
  klas: "4b",
  aantalPersonen: "1",
  emailadres: "sanne@example.nl",
  repeatEmail: "sanne@example.nl",
  idempotencyKey: "0b0c7d7e-6b86-4d4c-9d3b-7f6f1c2b2a11",
};

let session: VisitorSession;
beforeEach(async () => {
  session = await registeredSession();
});

/** 'Versturen' answered by the upstream with `status`. */
async function versturen(status: number) {
  const body = new FormData();
  for (const [name, value] of Object.entries(details)) body.set(name, value);
  const request = new Request("http://localhost/inschrijving-afronden", {
    method: "POST",
    body,
  });
  const context = routeContext(session, {
    registration: async () => ({ status: 200, data: registration }),
    orientationDays: async () => ({ status: 200, data: [day] }),
    pendingConfirmation: async () => {
      throw new UpstreamError(
        "status",
        "pendingConfirmation",
        `answered ${status}`,
        { status, body: { error: "refused" } },
      );
    },
  });
  try {
    return await action(routeArgs<Route.ActionArgs>(request, context));
  } catch (thrown) {
    return thrown;
  }
}

describe("'Versturen' refused by the upstream", () => {
  it("keeps the form as typed when the upstream mailed this address enough for now (429), and says so", async () => {
    const result = (await versturen(429)) as {
      data: { result: { initialValue?: Record<string, unknown> } };
      init: { status: number };
    };
    expect(result.init.status).toBe(429);
    expect(session.takeToasts()).toEqual([TOASTS.confirmationMailLimited]);
    // Nothing was sent: the registration stays the visitor's.
    expect(session.registrationId).toBe("registration-id");
  });

  it("forgets a registration sent before (403: the id is from before 'Versturen') and goes home, saying a change needs the login link", async () => {
    const result = await versturen(403);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/");
    expect(session.takeToasts()).toEqual([TOASTS.registrationSent]);
    expect(session.registrationId).toBeNull();
  });
});
