/**
 * The registration that waits for its mailed confirmation link after 'Versturen' (decision 0065), in a signed
 * cookie of its own, `awaiting-confirmation`: only 'Versturen', the resend and choosing a day write it, so a
 * response to a request sent before 'Versturen' (which writes the session cookie it read) cannot lose it.
 * A cookie that is tampered with or unreadable reads as none.
 */
import { z } from "zod";
import { signedCookie } from "./cookie-attributes.server";
import type { SessionOptions } from "./cookie-attributes.server";

export const AWAITING_COOKIE_NAME = "awaiting-confirmation";
/** A notice of a registration that was never confirmed is of no use after a day. */
export const AWAITING_TTL_MS = 24 * 60 * 60 * 1000;

const AwaitingSchema = z.object({
  id: z.string().min(1).max(200),
  at: z.number(),
});
export type AwaitingConfirmation = z.infer<typeof AwaitingSchema>;

/** The waiting registration the request brought, or null. */
export async function readAwaiting(
  header: string,
  cookies: Record<string, string | undefined>,
  options: SessionOptions,
): Promise<AwaitingConfirmation | null> {
  if (!cookies[AWAITING_COOKIE_NAME]) return null;
  const cookie = signedCookie(AWAITING_COOKIE_NAME, options);
  const parsed = AwaitingSchema.safeParse(await cookie.parse(header));
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie value that writes the waiting registration, or deletes the cookie for null. */
export async function awaitingSetCookie(
  awaiting: AwaitingConfirmation | null,
  options: SessionOptions,
): Promise<string> {
  const cookie = signedCookie(
    AWAITING_COOKIE_NAME,
    options,
    AWAITING_TTL_MS / 1000,
  );
  return awaiting
    ? cookie.serialize(awaiting)
    : cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}
