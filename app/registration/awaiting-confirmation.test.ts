import { beforeEach, describe, expect, it } from "vitest";
import { TOASTS } from "~/messages";
import type { VisitorSession } from "~/session/session.server";
import {
  draftRegistration,
  newSession,
  routeContext,
} from "../../tests/fixtures/app";
import type { UpstreamAnswers } from "../../tests/fixtures/app";
import { maskEmail, noticeFor } from "./awaiting-confirmation";
import {
  awaitingNotice,
  resendConfirmation,
} from "./awaiting-confirmation.server";

const NOW = new Date("2026-11-27T13:00:00Z"); // 14:00 in Amsterdam
const pending = draftRegistration({
  emailadres: "sanne@example.com",
  voornaam: "Sanne",
  expires: "2026-11-27T13:35:00Z",
  confirmation: { linkExpires: "2026-11-27T13:35:00Z" },
});

describe("maskEmail", () => {
  it.each([
    ["sanne@example.nl", "s***@example.nl"],
    ["s.de.vries+open-dag@school.example.nl", "s***@school.example.nl"],
    // Short local parts: still three asterisks, so the length is not told.
    ["jo@example.nl", "j***@example.nl"],
    ["a@example.nl", "a***@example.nl"],
    // What the contract lets through without being an address.
    ["@example.nl", "***@example.nl"],
    ["geen-adres", "g***"],
    ["", "***"],
    ["😀x@example.nl", "😀***@example.nl"],
  ])("shows %j as %j", (address, masked) => {
    expect(maskEmail(address)).toBe(masked);
  });
});

describe("noticeFor", () => {
  it("says where the link went, until when it works and when the seats go, and offers the resend", () => {
    expect(noticeFor(pending, NOW)).toEqual({
      state: "waiting",
      maskedEmail: "s***@example.com",
      linkUntil: "14:35",
      linkExpired: false,
      releasedAt: "14:35",
      resend: true,
    });
  });

  it("names the day of a time that is not today", () => {
    expect(
      noticeFor({ ...pending, expires: "2026-11-28T08:00:00Z" }, NOW),
    ).toMatchObject({ releasedAt: "zaterdag 28 november 09:00" });
  });

  it("says the link expired while the registration still waits", () => {
    expect(noticeFor(pending, new Date("2026-11-27T13:40:00Z"))).toMatchObject({
      state: "waiting",
      linkExpired: true,
    });
  });

  it("offers no resend and names no time for an upstream that does not say", () => {
    const { confirmation: _c, expires: _e, ...plain } = pending;
    expect(noticeFor(plain, NOW)).toEqual({
      state: "waiting",
      maskedEmail: "s***@example.com",
      linkUntil: null,
      linkExpired: false,
      releasedAt: null,
      resend: false,
    });
  });

  it("needs nothing once confirmed, or for a draft without an address", () => {
    expect(
      noticeFor(
        { ...pending, created: "2026-11-27T13:10:00Z", confirmation: null },
        NOW,
      ),
    ).toBeNull();
    expect(noticeFor(draftRegistration(), NOW)).toBeNull();
  });
});

describe("the registration waiting for its mailed link", () => {
  let session: VisitorSession;
  let calls: string[];
  let sent: unknown[];
  const context = (answers: UpstreamAnswers) =>
    routeContext(
      session,
      Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          async (options?: unknown) => {
            sent.push(options);
            return answer!(options);
          },
        ]),
      ),
      calls,
    );

  beforeEach(async () => {
    session = await newSession();
    calls = [];
    sent = [];
  });

  it("is not asked for when none waits", async () => {
    expect(await awaitingNotice(context({}))).toBeNull();
    expect(await resendConfirmation(context({}), "key")).toBe(
      TOASTS.nothingToConfirm,
    );
    expect(calls).toEqual([]);
  });

  it("is asked for by its own id, not the visitor's", async () => {
    session.setRegistrationId("a-new-draft-of-the-visitor");
    session.setAwaitingConfirmation("the-registration-sent");
    const notice = await awaitingNotice(
      context({
        registration: async () => ({ status: 200, data: pending }),
      }),
    );
    expect(notice).toMatchObject({
      state: "waiting",
      maskedEmail: "s***@example.com",
    });
    expect(sent).toEqual([{ registrationId: "the-registration-sent" }]);
  });

  it("is forgotten once confirmed, and said to be gone once the upstream no longer knows it", async () => {
    session.setAwaitingConfirmation("the-registration-sent");
    expect(
      await awaitingNotice(
        context({ registration: async () => ({ status: 204 }) }),
      ),
    ).toEqual({ state: "expired" });
    expect(session.awaitingConfirmation).not.toBeNull();
    expect(
      await awaitingNotice(
        context({
          registration: async () => ({
            status: 200,
            data: { ...pending, created: "2026-11-27T13:10:00Z" },
          }),
        }),
      ),
    ).toBeNull();
    expect(session.awaitingConfirmation).toBeNull();
  });

  it("says nothing when the upstream cannot say", async () => {
    session.setAwaitingConfirmation("the-registration-sent");
    expect(
      await awaitingNotice(
        context({
          registration: async () => {
            throw Object.assign(new Error("down"), { kind: "network" });
          },
        }),
      ),
    ).toBeNull();
    expect(session.awaitingConfirmation).not.toBeNull();
  });

  it("resends with the form's key and tells how it went", async () => {
    session.setAwaitingConfirmation("the-registration-sent");
    expect(
      await resendConfirmation(
        context({
          resendConfirmation: async () => ({ status: 200, data: pending }),
        }),
        "form-key",
      ),
    ).toBe(TOASTS.confirmationResent);
    expect(sent).toEqual([
      { registrationId: "the-registration-sent", idempotencyKey: "form-key" },
    ]);
    const refusal = (status: number, error = "x") => ({
      resendConfirmation: async () => {
        throw Object.assign(new Error("refused"), {
          status,
          body: { error },
        });
      },
    });
    expect(
      await resendConfirmation(context(refusal(409, "already confirmed")), "k"),
    ).toBe(TOASTS.alreadyConfirmed);
    expect(
      await resendConfirmation(context(refusal(409, "not pending")), "k"),
    ).toBe(TOASTS.nothingToConfirm);
    expect(await resendConfirmation(context(refusal(429)), "k")).toBe(
      TOASTS.resendLimited,
    );
    expect(await resendConfirmation(context(refusal(501)), "k")).toBe(
      TOASTS.resendUnavailable,
    );
    expect(await resendConfirmation(context(refusal(500)), "k")).toBe(
      TOASTS.genericError,
    );
    // Gone: Home's notice says so; no toast.
    expect(
      await resendConfirmation(
        context({ resendConfirmation: async () => ({ status: 204 }) }),
        "k",
      ),
    ).toBeNull();
  });
});
