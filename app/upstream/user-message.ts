/**
 * The spec's error catalogue (section 8) in one place: what the user sees for an upstream failure.
 * Routes pass the error and the situation they were in; they never pick an error message themselves.
 */
import { MESSAGES, TOAST_DURATION } from "~/messages";
import type { ToastKind } from "~/messages";

export interface UserToast {
  kind: ToastKind;
  message: string;
  durationMs: number;
}

/**
 * generic: any other call (day list, create, workshops, add, login request, contact);
 * submit: the registration form; login: exchanging a login token; confirm: confirming by mailed token;
 * cart: adding or removing a workshop, where a 404 means the registration is gone.
 */
export type UpstreamSituation =
  "generic" | "submit" | "login" | "confirm" | "cart";

/** A 204 where a registration was expected, or a registration that is gone. */
export const REGISTRATION_EXPIRED_TOAST: UserToast = {
  kind: "warning",
  message: MESSAGES.registrationExpired,
  durationMs: TOAST_DURATION.expired,
};

const GENERIC_TOAST: UserToast = {
  kind: "error",
  message: MESSAGES.genericError,
  durationMs: TOAST_DURATION.error,
};

/** Reads status and error detail from anything thrown, without depending on the server-only client module. */
function describe(error: unknown): { status?: number; detail?: string } {
  if (typeof error !== "object" || error === null) return {};
  const { status, body } = error as {
    status?: unknown;
    body?: { detail?: unknown };
  };
  return {
    status: typeof status === "number" ? status : undefined,
    detail: typeof body?.detail === "string" ? body.detail : undefined,
  };
}

export function toastForUpstreamError(
  error: unknown,
  situation: UpstreamSituation = "generic",
): UserToast {
  const { status, detail } = describe(error);
  switch (situation) {
    case "submit":
      if (detail && /already registered/i.test(detail)) {
        return {
          kind: "warning",
          message: MESSAGES.alreadyRegistered,
          durationMs: TOAST_DURATION.alreadyRegistered,
        };
      }
      return GENERIC_TOAST;
    case "login":
      return {
        kind: "error",
        message:
          status === 401 ? MESSAGES.loginLinkExpired : MESSAGES.loginFailed,
        durationMs: TOAST_DURATION.error,
      };
    case "confirm":
      return {
        kind: "error",
        message: MESSAGES.confirmationFailed,
        durationMs: TOAST_DURATION.error,
      };
    case "cart":
      return status === 404 ? REGISTRATION_EXPIRED_TOAST : GENERIC_TOAST;
    case "generic":
      return GENERIC_TOAST;
  }
}
