import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/messages";
import { UpstreamError } from "./client.server";
import {
  formFailureStatus,
  REGISTRATION_EXPIRED_TOAST,
  rethrowResponse,
  toastForUpstreamError,
} from "./user-message";

const statusError = (status: number, detail?: string) =>
  new UpstreamError("status", "pendingConfirmation", `answered ${status}`, {
    status,
    body: { error: "refused", ...(detail ? { detail } : {}) },
  });
const networkError = new UpstreamError("network", "settings", "no response");

describe("toastForUpstreamError", () => {
  it("shows the generic error for 5 s by default and for anything unknown", () => {
    const generic = {
      kind: "error",
      message: MESSAGES.genericError,
      durationMs: 5000,
    };
    expect(toastForUpstreamError(networkError)).toEqual(generic);
    expect(toastForUpstreamError(statusError(500), "generic")).toEqual(generic);
    expect(toastForUpstreamError(new Error("boom"), "generic")).toEqual(
      generic,
    );
    expect(toastForUpstreamError(undefined, "submit")).toEqual(generic);
  });

  it("warns for 6 s when the address is already registered, whatever the case of the detail", () => {
    const toast = toastForUpstreamError(
      statusError(409, "This e-mail is Already Registered for the day"),
      "submit",
    );
    expect(toast).toEqual({
      kind: "warning",
      message: MESSAGES.alreadyRegistered,
      durationMs: 6000,
    });
  });

  it("shows the generic error for other submit failures", () => {
    expect(
      toastForUpstreamError(statusError(409, "no choices"), "submit").message,
    ).toBe(MESSAGES.genericError);
    expect(toastForUpstreamError(networkError, "submit").message).toBe(
      MESSAGES.genericError,
    );
  });

  it("tells a 401 login that the link expired, and any other login failure that something went wrong", () => {
    expect(toastForUpstreamError(statusError(401), "login").message).toBe(
      MESSAGES.loginLinkExpired,
    );
    expect(toastForUpstreamError(statusError(500), "login").message).toBe(
      MESSAGES.loginFailed,
    );
    expect(toastForUpstreamError(networkError, "login").message).toBe(
      MESSAGES.loginFailed,
    );
  });

  it("shows the confirmation failure for a failed confirm", () => {
    expect(toastForUpstreamError(statusError(401), "confirm").message).toBe(
      MESSAGES.confirmationFailed,
    );
  });

  it("treats a 404 on a cart change as an expired registration", () => {
    expect(toastForUpstreamError(statusError(404), "cart")).toBe(
      REGISTRATION_EXPIRED_TOAST,
    );
    expect(toastForUpstreamError(statusError(500), "cart").message).toBe(
      MESSAGES.genericError,
    );
  });

  it("keeps the registration when a cart change's 404 names an unknown round or workshop", () => {
    for (const code of ["unknown round", "unknown workshop"])
      expect(
        toastForUpstreamError(
          Object.assign(statusError(404), { body: { error: code } }),
          "cart",
        ).message,
        code,
      ).toBe(MESSAGES.genericError);
  });

  it("says a round filled up meanwhile for a 409 on a cart change", () => {
    expect(toastForUpstreamError(statusError(409), "cart").message).toBe(
      MESSAGES.roundFull,
    );
  });

  it("on a waiting list: no list for a 404 or 501, a seat again for a 409, else the generic message", () => {
    for (const status of [404, 501])
      expect(
        toastForUpstreamError(statusError(status), "waitlist").message,
      ).toBe(MESSAGES.waitlistUnavailable);
    expect(toastForUpstreamError(statusError(409), "waitlist").message).toBe(
      MESSAGES.waitlistRoundOpen,
    );
    expect(toastForUpstreamError(statusError(500), "waitlist").message).toBe(
      MESSAGES.genericError,
    );
  });

  it("on the contact form: a 429 says too many questions and when to try again, answered 429; else the generic message, 502", () => {
    const refused = toastForUpstreamError(statusError(429), "question");
    expect(refused).toMatchObject({
      kind: "warning",
      message: MESSAGES.tooManyQuestions,
    });
    expect(refused.message).toMatch(/te veel vragen.*over een kwartier/);
    expect(formFailureStatus(refused)).toBe(429);
    for (const error of [statusError(500), statusError(400), networkError]) {
      const toast = toastForUpstreamError(error, "question");
      expect(toast.message).toBe(MESSAGES.genericError);
      expect(formFailureStatus(toast)).toBe(502);
    }
  });

  it("says a change through an id from before 'Versturen' needs the login link (403), wherever it was tried", () => {
    for (const situation of [
      "generic",
      "submit",
      "cart",
      "waitlist",
      "resend",
    ] as const) {
      const toast = toastForUpstreamError(statusError(403), situation);
      expect(toast.message, situation).toBe(MESSAGES.registrationSent);
      expect(formFailureStatus(toast)).toBe(403);
    }
    expect(MESSAGES.registrationSent).toMatch(/al verstuurd.*login link/);
    // A login or confirmation token is another matter.
    expect(toastForUpstreamError(statusError(403), "login").message).toBe(
      MESSAGES.loginFailed,
    );
  });

  it("says 'Versturen' mailed this address enough for now (429), and the form stays", () => {
    const toast = toastForUpstreamError(statusError(429), "submit");
    expect(toast.message).toBe(MESSAGES.confirmationMailLimited);
    expect(toast.message).toMatch(/nog niet verstuurd.*over een kwartier/);
    expect(formFailureStatus(toast)).toBe(429);
  });

  it("warns for 3.5 s that the registration expired", () => {
    expect(REGISTRATION_EXPIRED_TOAST).toEqual({
      kind: "warning",
      message: MESSAGES.registrationExpired,
      durationMs: 3500,
    });
  });
});

describe("rethrowResponse", () => {
  it("throws a response (a guard's redirect) and lets anything else through", () => {
    const redirect = new Response(null, { status: 302 });
    expect(() => rethrowResponse(redirect)).toThrow(redirect);
    expect(() => rethrowResponse(networkError)).not.toThrow();
    expect(() => rethrowResponse(undefined)).not.toThrow();
  });
});
