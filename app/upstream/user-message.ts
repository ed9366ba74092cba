/**
 * The spec's error catalogue (section 8) in one place: what the user sees for an upstream failure.
 * Routes pass the error and the situation they were in; they never pick an error message themselves.
 */
import { TOASTS } from "~/messages";
import type { Toast } from "~/messages";

/**
 * generic: any other call (day list, create, workshops, add, login request, contact);
 * submit: the registration form, where a 429 means the upstream mailed this registration or address enough for now;
 * any change but a login or a confirmation: a 403 means the registration was sent and the id is the draft's own; login: exchanging a login token; confirm: confirming by mailed token;
 * cart: adding or removing a workshop, where a 404 means the registration is gone and a 409 a full round;
 * waitlist: joining or leaving a waiting list, where a 404 or 501 means the upstream offers none and a 409 that
 * the round has a seat again (or the day closed); question: the contact form, where a 429 means too many questions
 * from this address for now; resend: mailing the confirmation link again, where a 409 means already confirmed (or
 * nothing waits), a 429 too many mails, and a 404 or 501 that the upstream offers no resend.
 */
export type UpstreamSituation =
  | "generic"
  | "submit"
  | "login"
  | "confirm"
  | "cart"
  | "waitlist"
  | "question"
  | "resend";

/** A 204 where a registration was expected, or a registration that is gone. */
export const REGISTRATION_EXPIRED_TOAST: Toast = TOASTS.registrationExpired;

/** Reads status and error detail from anything thrown, without depending on the server-only client module. */
export function describeUpstreamError(error: unknown): {
  status?: number;
  /** The error body's short code, e.g. "unknown round". */
  code?: string;
  detail?: string;
} {
  if (typeof error !== "object" || error === null) return {};
  const { status, body } = error as {
    status?: unknown;
    body?: { error?: unknown; detail?: unknown };
  };
  return {
    status: typeof status === "number" ? status : undefined,
    code: typeof body?.error === "string" ? body.error : undefined,
    detail: typeof body?.detail === "string" ? body.detail : undefined,
  };
}

/** Anything thrown that is a response (a guard's redirect) is passed on; the rest is an upstream failure. */
export function rethrowResponse(error: unknown) {
  if (error instanceof Response) throw error;
}

/**
 * A cart change's 404 that names the round or workshop it could not find: the registration itself is still there
 * (with its seats), so it must not be forgotten as if it expired.
 */
function isUnknownChoice(code: string | undefined): boolean {
  return code !== undefined && /^unknown (round|workshop)$/i.test(code);
}

export function toastForUpstreamError(
  error: unknown,
  situation: UpstreamSituation = "generic",
): Toast {
  const { status, code, detail } = describeUpstreamError(error);
  // A change through a registration id from before 'Versturen': only the login link gives access (decision 0076).
  if (status === 403 && situation !== "login" && situation !== "confirm")
    return TOASTS.registrationSent;
  switch (situation) {
    case "submit":
      if (detail && /already registered/i.test(detail))
        return TOASTS.alreadyRegistered;
      if (status === 429) return TOASTS.confirmationMailLimited;
      return TOASTS.genericError;
    case "login":
      return status === 401 ? TOASTS.loginLinkExpired : TOASTS.loginFailed;
    case "confirm":
      return TOASTS.confirmationFailed;
    case "cart":
      if (status === 404)
        return isUnknownChoice(code)
          ? TOASTS.genericError
          : TOASTS.registrationExpired;
      if (status === 409) return TOASTS.roundFull;
      return TOASTS.genericError;
    case "waitlist":
      if (status === 404 || status === 501) return TOASTS.waitlistUnavailable;
      if (status === 409) return TOASTS.waitlistRoundOpen;
      return TOASTS.genericError;
    case "resend":
      if (status === 409)
        return code && /confirmed/i.test(code)
          ? TOASTS.alreadyConfirmed
          : TOASTS.nothingToConfirm;
      if (status === 429) return TOASTS.resendLimited;
      if (status === 404 || status === 501) return TOASTS.resendUnavailable;
      return TOASTS.genericError;
    case "question":
      return status === 429 ? TOASTS.tooManyQuestions : TOASTS.genericError;
    case "generic":
      return TOASTS.genericError;
  }
}

/**
 * The status of a form's answer when its write failed upstream: 429 when the upstream said to wait (the visitor
 * can do something about it, and it is no fault of ours for the 5xx alerts), otherwise 502.
 */
export function formFailureStatus(toast: Toast): 403 | 429 | 502 {
  if (toast === TOASTS.registrationSent) return 403;
  return toast === TOASTS.tooManyQuestions ||
    toast === TOASTS.confirmationMailLimited
    ? 429
    : 502;
}

/**
 * The status of a page that could not get the data it needs from the upstream: 503, with the page and its message
 * as they are, so reverse proxies, logs and metrics see the failure that the visitor reads.
 */
export function pageStatus(failed: boolean): ResponseInit | undefined {
  return failed ? { status: 503 } : undefined;
}
