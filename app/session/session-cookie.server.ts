/**
 * The session cookie itself, `session`: what it may hold, checked on every read (a cookie written by an older
 * version that does not fit, tampered with or unreadable, reads as a fresh session), and a commit that keeps it
 * under the browsers' 4 KB however long the upstream's titles are (decision 0028), rather than fail the response.
 */
import { createCookieSessionStorage } from "react-router";
import type { Session, SessionStorage } from "react-router";
import { z } from "zod";
import type { Toast } from "~/messages";
import { signedCookie } from "./cookie-attributes.server";
import type { SessionOptions } from "./cookie-attributes.server";
import { ToastSchema } from "./toast-cookies.server";

export const SESSION_COOKIE_NAME = "session";
/** What the browsers keep of one cookie, name and attributes included. */
const MAX_COOKIE_BYTES = 4096;
/** The bytes (UTF-8) all titles of a confirmation may take in the cookie together. */
const CONFIRMATION_TITLE_BUDGET_BYTES = 1200;

const id = z.number().int().positive();

/** What the cookie holds. A cookie written by an older version that does not match starts a fresh session. */
const SessionDataSchema = z.object({
  anonymousUserId: z.string().min(1).optional(),
  registrationId: z.string().min(1).optional(),
  /** The upstream holds a registration for the id (created, or logged in): a 204 for it then means expired. */
  registrationStarted: z.boolean().optional(),
  /** The fingerprint of the registration as this visitor last saw it (app/registration/recent-registrations.server.ts). */
  registrationSeen: z.string().max(64).optional(),
  /** That registration is the answer of the visitor's own change, not yet shown on a page. */
  registrationChanged: z.literal(true).optional(),
  orientationDayId: id.optional(),
  schoolId: id.optional(),
  /** When the orientation day or school was last saved (ms since epoch), for the 24 h expiry. */
  selectionSavedAt: z.number().optional(),
  /** The last mailed confirmation link this browser followed, for the thank-you page and its calendar file. */
  confirmation: z
    .object({
      ok: z.boolean(),
      at: z.number(),
      dayId: id.optional(),
      rounds: z
        .array(
          z.object({
            round: z.number().int().positive(),
            title: z.string().max(300),
          }),
        )
        .max(20)
        .optional(),
    })
    .optional(),
  /** The store generation this session belongs to (generation-cookie.server.ts). */
  generation: z.number().int().nonnegative().optional(),
  // Written by versions that kept toasts in the session; read once more, never written.
  __flash_toasts__: z.array(ToastSchema).optional(),
});

/** What the session knows of the registration id it holds: forgotten with it, or when another id replaces it. */
export const OF_THE_REGISTRATION_ID = [
  "registrationStarted",
  "registrationSeen",
  "registrationChanged",
] as const;

export type SessionData = Omit<
  z.infer<typeof SessionDataSchema>,
  "__flash_toasts__"
>;
type FlashData = { toasts: Toast[] };
export type CookieSession = Session<SessionData, FlashData>;
export type ConfirmationOutcome = NonNullable<SessionData["confirmation"]>;

const storages = new Map<string, SessionStorage<SessionData, FlashData>>();

function storageFor({
  secrets,
  secure,
}: SessionOptions): SessionStorage<SessionData, FlashData> {
  const key = `${secure}\n${secrets.join("\n")}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: signedCookie(SESSION_COOKIE_NAME, { secrets, secure }),
    });
    storages.set(key, storage);
  }
  return storage;
}

/** The session the request's cookie holds; `fresh` when there was none that fits, so it must be written. */
export async function readSessionCookie(
  cookieHeader: string | null,
  options: SessionOptions,
): Promise<{ session: CookieSession; fresh: boolean }> {
  const storage = storageFor(options);
  const session = await storage.getSession(cookieHeader);
  if (SessionDataSchema.safeParse(session.data).success)
    return { session, fresh: false };
  return { session: await storage.getSession(), fresh: true };
}

/** The Set-Cookie value for the session, its confirmation's titles shed should it exceed what browsers keep. */
export async function commitSessionCookie(
  session: CookieSession,
  options: SessionOptions,
): Promise<string> {
  const storage = storageFor(options);
  for (;;) {
    try {
      const header = await storage.commitSession(session);
      if (header.length <= MAX_COOKIE_BYTES) return header;
    } catch {
      // React Router refuses a cookie over 4 KB; shed below and try again.
    }
    // Only the confirmation's titles can grow; without them the cookie is a few hundred bytes.
    const confirmation = session.get("confirmation");
    if (confirmation?.rounds?.some(({ title }) => title !== ""))
      session.set("confirmation", {
        ...confirmation,
        rounds: confirmation.rounds.map(({ round }) => ({
          round,
          title: "",
        })),
      });
    else if (confirmation) session.unset("confirmation");
    else return storage.commitSession(session);
  }
}

/**
 * A confirmed outcome as the cookie keeps it: the titles are the upstream's, so together they get a byte budget
 * and twenty long ones keep the cookie under 4 KB.
 */
export function boundedConfirmation(
  at: number,
  dayId: number,
  rounds: { round: number; title: string }[],
): ConfirmationOutcome {
  const chosen = rounds.slice(0, 20);
  const perTitle = Math.floor(
    CONFIRMATION_TITLE_BUDGET_BYTES / Math.max(1, chosen.length),
  );
  return {
    ok: true,
    at,
    dayId,
    rounds: chosen.map(({ round, title }) => ({
      round,
      title: cutToBytes(title.slice(0, 300), perTitle),
    })),
  };
}

/** Cuts a string to at most `bytes` bytes of UTF-8, on a character boundary. */
export function cutToBytes(text: string, bytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= bytes) return text;
  let cut = "";
  let used = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (used + size > bytes - 3) break;
    cut += char;
    used += size;
  }
  return `${cut}…`;
}
