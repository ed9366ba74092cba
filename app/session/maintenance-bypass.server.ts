/**
 * The maintenance bypass: a signed cookie for the one allowed IP address (spec "A permitted user can switch it
 * off locally"). Kept apart from the session so that clearing the visitor's state does not bring the
 * maintenance page back.
 *
 * The cookie names the address it was granted to and when it ends. It lets a request through only from that
 * address, while that address is still the configured MAINTENANCE_BYPASS_IP, and until it ends: a copied cookie
 * is useless elsewhere, and changing or removing the setting revokes every cookie at once.
 */
import { createSignedCookie } from "~/lib/signed-cookie.server";
import type { Cookie } from "react-router";
import { z } from "zod";
import { normalizeIp } from "./client-ip.server";

export const BYPASS_COOKIE_NAME = "maintenance-bypass";
/** A working day; after that the permitted person presses 'Doorgaan naar website' again. */
export const BYPASS_MAX_AGE_SECONDS = 12 * 60 * 60;

const BypassSchema = z.object({
  address: z.string().min(1),
  /** Ms since epoch. */
  until: z.number(),
});

export interface BypassOptions {
  secrets: string[];
  /** The request's client address (server/app.ts), or null when unknown. */
  clientIp: string | null;
  /** MAINTENANCE_BYPASS_IP as configured now. */
  allowedIp: string | undefined;
  now?: () => number;
}

const cookies = new Map<string, Cookie>();

function bypassCookie(secrets: string[], secure: boolean): Cookie {
  const key = `${secure}\n${secrets.join("\n")}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createSignedCookie(BYPASS_COOKIE_NAME, {
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

/** Whether this client address is the configured one that may switch maintenance off. */
export function mayBypassMaintenance(
  clientIp: string | null,
  allowedIp: string | undefined,
): boolean {
  return Boolean(allowedIp && clientIp && normalizeIp(allowedIp) === clientIp);
}

/** Whether the request carries a bypass cookie that is signed, unexpired and granted to this very address. */
export async function hasMaintenanceBypass(
  cookieHeader: string | null,
  { secrets, clientIp, allowedIp, now = Date.now }: BypassOptions,
): Promise<boolean> {
  if (!mayBypassMaintenance(clientIp, allowedIp)) return false;
  // Parsing does not depend on the Secure flag.
  const parsed = BypassSchema.safeParse(
    await bypassCookie(secrets, false).parse(cookieHeader),
  );
  return (
    parsed.success &&
    parsed.data.address === clientIp &&
    parsed.data.until > now()
  );
}

/** The Set-Cookie value that switches maintenance off for this browser, at this address, for a while. */
export function maintenanceBypassSetCookie(
  secrets: string[],
  secure: boolean,
  clientIp: string,
  now: () => number = Date.now,
): Promise<string> {
  return bypassCookie(secrets, secure).serialize({
    address: clientIp,
    until: now() + BYPASS_MAX_AGE_SECONDS * 1000,
  });
}
