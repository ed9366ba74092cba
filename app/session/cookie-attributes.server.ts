/**
 * What every cookie of the visitor's state shares: the secrets and the attributes. Kept apart so the session
 * cookie, the toasts, the waiting registration and the generation cannot drift (a toast cookie with another
 * path would outlive the session it belongs to).
 *
 * The first secret signs and all of them verify, so SESSION_SECRET can be rotated without logging anyone out.
 */
import { createSignedCookie } from "~/lib/signed-cookie.server";
import type { Cookie } from "react-router";

/** Spec: cookies live 7 days by default. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface SessionOptions {
  secrets: string[];
  /** Mark the cookie Secure (the site is served over HTTPS). */
  secure: boolean;
  now?: () => number;
  newId?: () => string;
}

export function cookieOptions(
  secure: boolean,
  maxAge = SESSION_MAX_AGE_SECONDS,
) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure,
    maxAge,
  };
}

/** A signed cookie of the given name; made per name, it is cheap. */
export function signedCookie(
  name: string,
  options: Pick<SessionOptions, "secrets" | "secure">,
  maxAge = SESSION_MAX_AGE_SECONDS,
): Cookie {
  return createSignedCookie(name, {
    secrets: options.secrets,
    ...cookieOptions(options.secure, maxAge),
  });
}
