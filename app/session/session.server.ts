/**
 * The visitor's state between requests, in a signed cookie (the spec keeps it in local storage; the server needs
 * it to render without JavaScript): the anonymous user id, the registration id, the chosen orientation day and
 * school (forgotten 24 h after they were last saved, spec "Persistence") and flash toasts.
 *
 * The cookie is signed with SESSION_SECRET (the first secret signs, all of them verify, so secrets can be rotated).
 * A cookie that is expired, tampered with or unreadable reads as an empty session, which then starts afresh.
 */
import { createCookieSessionStorage } from "react-router";
import type { Session, SessionStorage } from "react-router";
import { z } from "zod";
import type { Toast } from "~/messages";

export const SESSION_COOKIE_NAME = "session";
/** Spec: cookies live 7 days by default. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Spec: the saved orientation day and school expire 24 h after they were saved. */
export const SELECTION_TTL_MS = 24 * 60 * 60 * 1000;

export type { Toast };

const ToastSchema = z.object({
  kind: z.enum(["success", "info", "warning", "error"]),
  message: z.string(),
  durationMs: z.number().int().positive(),
  presentation: z.literal("dialog").optional(),
});

const id = z.number().int().positive();

/** What the cookie holds. A cookie written by an older version that does not match starts a fresh session. */
const SessionDataSchema = z.object({
  anonymousUserId: z.string().min(1).optional(),
  registrationId: z.string().min(1).optional(),
  /** The upstream holds a registration for the id (created, or logged in): a 204 for it then means expired. */
  registrationStarted: z.boolean().optional(),
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
  // React Router stores flash values under "__flash_<name>__".
  __flash_toasts__: z.array(ToastSchema).optional(),
});

type SessionData = Omit<z.infer<typeof SessionDataSchema>, "__flash_toasts__">;
type FlashData = { toasts: Toast[] };
type CookieSession = Session<SessionData, FlashData>;

export interface SessionOptions {
  secrets: string[];
  /** Mark the cookie Secure (the site is served over HTTPS). */
  secure: boolean;
  now?: () => number;
  newId?: () => string;
}

const storages = new Map<string, SessionStorage<SessionData, FlashData>>();

function storageFor(
  secrets: string[],
  secure: boolean,
): SessionStorage<SessionData, FlashData> {
  const key = `${secure}\n${secrets.join("\n")}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        name: SESSION_COOKIE_NAME,
        secrets,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure,
        maxAge: SESSION_MAX_AGE_SECONDS,
      },
    });
    storages.set(key, storage);
  }
  return storage;
}

export type ConfirmationOutcome = NonNullable<SessionData["confirmation"]>;

/** How long the thank-you page (and its calendar file) stays available after the link was followed. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

export class VisitorSession {
  readonly #storage: SessionStorage<SessionData, FlashData>;
  readonly #session: CookieSession;
  readonly #now: () => number;
  readonly #newId: () => string;
  #changed = false;
  /** Toasts taken for this response, given back if it turns out not to show them (a redirect). */
  #taken: Toast[] = [];

  private constructor(
    storage: SessionStorage<SessionData, FlashData>,
    session: CookieSession,
    options: SessionOptions,
  ) {
    this.#storage = storage;
    this.#session = session;
    this.#now = options.now ?? Date.now;
    this.#newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** Reads the session from the request's cookie, or starts a fresh one, and applies the 24 h expiry. */
  static async load(
    cookieHeader: string | null,
    options: SessionOptions,
  ): Promise<VisitorSession> {
    const storage = storageFor(options.secrets, options.secure);
    let session = await storage.getSession(cookieHeader);
    let fresh = false;
    if (!SessionDataSchema.safeParse(session.data).success) {
      session = await storage.getSession();
      fresh = true;
    }
    const visitor = new VisitorSession(storage, session, options);
    if (fresh) visitor.#changed = true;
    visitor.#dropExpiredSelection();
    return visitor;
  }

  get anonymousUserId(): string {
    let value = this.#session.get("anonymousUserId");
    if (!value) {
      value = this.#newId();
      this.#set("anonymousUserId", value);
    }
    return value;
  }

  get registrationId(): string | null {
    return this.#session.get("registrationId") ?? null;
  }

  /** Whether the upstream was asked to create a registration for the id (or it came from a login). */
  get registrationStarted(): boolean {
    return this.#session.get("registrationStarted") ?? false;
  }

  get orientationDayId(): number | null {
    return this.#session.get("orientationDayId") ?? null;
  }

  get schoolId(): number | null {
    return this.#session.get("schoolId") ?? null;
  }

  /** The outcome of the last confirmation link followed in this browser, within CONFIRMATION_TTL_MS. */
  get confirmation(): ConfirmationOutcome | null {
    const outcome = this.#session.get("confirmation");
    if (!outcome || this.#now() - outcome.at > CONFIRMATION_TTL_MS) return null;
    return outcome;
  }

  /** Records a confirmation: confirmed (with the day and the chosen workshops per round) or failed. */
  setConfirmation(
    outcome:
      | { ok: true; dayId: number; rounds: { round: number; title: string }[] }
      | { ok: false },
  ): void {
    const at = this.#now();
    if (!outcome.ok) return this.#set("confirmation", { ok: false, at });
    // Titles are the upstream's; cut to keep the cookie well under the browsers' 4 KB.
    const rounds = outcome.rounds
      .slice(0, 20)
      .map(({ round, title }) => ({ round, title: title.slice(0, 300) }));
    this.#set("confirmation", { ok: true, at, dayId: outcome.dayId, rounds });
  }

  /** True once anything in the session changed in this request: the cookie must be written again. */
  get changed(): boolean {
    return this.#changed;
  }

  /** A new registration id forgets whether one was started under the previous id. */
  setRegistrationId(value: string | null): void {
    if (value !== this.registrationId)
      this.#set("registrationStarted", undefined);
    this.#set("registrationId", value ?? undefined);
  }

  /** The upstream now holds a registration for the current id. */
  markRegistrationStarted(): void {
    this.#set("registrationStarted", true);
  }

  setOrientationDay(value: number | null): void {
    this.#set("orientationDayId", value ?? undefined);
    this.#set("selectionSavedAt", this.#now());
  }

  setSchool(value: number | null): void {
    this.#set("schoolId", value ?? undefined);
    this.#set("selectionSavedAt", this.#now());
  }

  /**
   * Spec "Clearing the store": forgets the registration, the school and the anonymous id (a new one is made when
   * next needed). The chosen orientation day stays.
   */
  clear(): void {
    this.#set("registrationId", undefined);
    this.#set("registrationStarted", undefined);
    this.#set("schoolId", undefined);
    this.#set("anonymousUserId", undefined);
  }

  /** A toast shown on the next page this visitor sees (flash: read once). */
  flashToast(toast: Toast): void {
    const pending = this.#session.get("toasts") ?? [];
    this.#session.flash("toasts", [...pending, toast]);
    this.#changed = true;
  }

  /** The toasts waiting to be shown; taking them removes them from the session. */
  takeToasts(): Toast[] {
    const toasts = this.#session.get("toasts") ?? [];
    if (toasts.length > 0) this.#changed = true;
    this.#taken.push(...toasts);
    return toasts;
  }

  /**
   * Puts the toasts taken in this request back, ahead of any flashed since: the response redirects, so the
   * page that would have shown them is never seen (a loader may redirect while the root loader takes them).
   */
  restoreTakenToasts(): void {
    if (this.#taken.length === 0) return;
    const flashed = this.#session.get("toasts") ?? [];
    this.#session.flash("toasts", [...this.#taken, ...flashed]);
    this.#taken = [];
    this.#changed = true;
  }

  /** The Set-Cookie value that stores this session. */
  commit(): Promise<string> {
    return this.#storage.commitSession(this.#session);
  }

  #set<K extends keyof SessionData>(
    key: K,
    value: SessionData[K] | undefined,
  ): void {
    if (this.#session.get(key) === value) return;
    if (value === undefined) this.#session.unset(key);
    else this.#session.set(key, value);
    this.#changed = true;
  }

  #dropExpiredSelection(): void {
    const savedAt = this.#session.get("selectionSavedAt");
    if (savedAt === undefined) return;
    if (this.#now() - savedAt < SELECTION_TTL_MS) return;
    this.#set("orientationDayId", undefined);
    this.#set("schoolId", undefined);
    this.#set("selectionSavedAt", undefined);
  }
}
