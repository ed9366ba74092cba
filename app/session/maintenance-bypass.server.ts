/**
 * The maintenance bypass: a signed cookie set for the one allowed IP address (spec "A permitted user can switch
 * it off locally"). Kept apart from the session so that clearing the visitor's state does not bring the
 * maintenance page back.
 */
import { createCookie } from "react-router";
import type { Cookie } from "react-router";

export const BYPASS_COOKIE_NAME = "maintenance-bypass";
const BYPASS_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const cookies = new Map<string, Cookie>();

function bypassCookie(secrets: string[], secure: boolean): Cookie {
  const key = `${secure}\n${secrets.join("\n")}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(BYPASS_COOKIE_NAME, {
      secrets,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      maxAge: BYPASS_MAX_AGE_SECONDS,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

/** Whether the request carries a valid (signed, unexpired) bypass cookie. */
export async function hasMaintenanceBypass(
  cookieHeader: string | null,
  secrets: string[],
): Promise<boolean> {
  // Parsing does not depend on the Secure flag.
  const value: unknown = await bypassCookie(secrets, false).parse(cookieHeader);
  return value === true;
}

/** The Set-Cookie value that switches maintenance off for this browser. */
export function maintenanceBypassSetCookie(
  secrets: string[],
  secure: boolean,
): Promise<string> {
  return bypassCookie(secrets, secure).serialize(true);
}
