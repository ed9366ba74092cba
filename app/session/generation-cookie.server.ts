/**
 * The store generation, `session-generation` (decision 0027): clearing the store raises it, in a cookie of its
 * own, so a response to a request sent before 'Uitloggen' (which writes back the session cookie it read) cannot
 * bring the old registration back: a session cookie from an earlier generation holds no registration.
 *
 * A plain number, not signed: raising it by hand only makes the visitor's own session forget its registration,
 * as deleting the session cookie would; anything that is not a number reads as 0.
 */
import { stringifySetCookie } from "cookie";
import { cookieOptions } from "./cookie-attributes.server";

/** The generation the store was last cleared at; a session cookie from an earlier one holds no registration. */
export const GENERATION_COOKIE_NAME = "session-generation";

/** The generation the request's cookies name, 0 when none or unreadable. */
export function readGeneration(
  cookies: Record<string, string | undefined>,
): number {
  const value = cookies[GENERATION_COOKIE_NAME];
  return /^\d{1,9}$/.test(value ?? "") ? Number(value) : 0;
}

export function generationSetCookie(generation: number, secure: boolean) {
  return stringifySetCookie({
    ...cookieOptions(secure),
    name: GENERATION_COOKIE_NAME,
    value: String(generation),
  });
}
