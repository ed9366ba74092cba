/**
 * The visitor's state between requests, in a signed cookie (the spec keeps it in local storage; the server needs
 * it to render without JavaScript): the anonymous user id, the registration id, the chosen orientation day and
 * school (forgotten 24 h after they were last saved, spec "Persistence") and flash toasts.
 *
 * The cookie is signed with SESSION_SECRET (the first secret signs, all of them verify, so secrets can be rotated).
 * A cookie that is expired, tampered with or unreadable reads as an empty session, which then starts afresh.
 *
 * Responses write whole cookies and the last one to arrive wins, so state that concurrent requests change lives
 * where their writes commute (decision 0027): each toast is a cookie of its own (so sixteen posts at once flash
 * sixteen toasts, not one), and clearing the store raises a session generation kept in a cookie of its own, so a
 * response to a request sent before 'Uitloggen' cannot bring the old registration back. What the session cookie
 * holds is bounded (decision 0028): it stays under the browsers' 4 KB however long the upstream's titles are.
 */
import { parseCookie, stringifySetCookie } from "cookie";
import { createCookieSessionStorage } from "react-router";
import { createSignedCookie } from "~/lib/signed-cookie.server";
import type { Cookie, Session, SessionStorage } from "react-router";
import { z } from "zod";
import type { Toast } from "~/messages";

export const SESSION_COOKIE_NAME = "session";
/** One cookie per waiting toast: `toast-<time><random>`, so names sort by when they were flashed. */
export const TOAST_COOKIE_PREFIX = "toast-";
/** At most this many toasts wait; a newer one pushes out the oldest (a client posting without viewing a page). */
export const MAX_TOASTS = 20;
/** The generation the store was last cleared at; a session cookie from an earlier one holds no registration. */
export const GENERATION_COOKIE_NAME = "session-generation";
/** What the browsers keep of one cookie, name and attributes included. */
const MAX_COOKIE_BYTES = 4096;
/** The bytes (UTF-8) all titles of a confirmation may take in the cookie together. */
const CONFIRMATION_TITLE_BUDGET_BYTES = 1200;
/**
 * The registration that waits for its mailed confirmation link after 'Versturen' (decision 0065), in a signed
 * cookie of its own: only 'Versturen', the resend and choosing a day write it, so a response to a request sent
 * before 'Versturen' (which writes the session cookie it read) cannot lose it.
 */
export const AWAITING_COOKIE_NAME = "awaiting-confirmation";
/** A notice of a registration that was never confirmed is of no use after a day. */
export const AWAITING_TTL_MS = 24 * 60 * 60 * 1000;
const AwaitingSchema = z.object({
  id: z.string().min(1).max(200),
  at: z.number(),
});
export type AwaitingConfirmation = z.infer<typeof AwaitingSchema>;
/** Spec: cookies live 7 days by default. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Spec: the saved orientation day and school expire 24 h after they were saved. */
export const SELECTION_TTL_MS = 24 * 60 * 60 * 1000;

export type { Toast };

/** A toast cookie as it comes back: checked against the shape the messages build (app/messages/toast.ts). */
const ToastSchema = z.object({
  kind: z.enum(["success", "info", "warning", "error"]),
  message: z.string(),
  durationMs: z.number().int().positive(),
  presentation: z.literal("dialog").optional(),
}) satisfies z.ZodType<Toast>;

const id = z.number().int().positive();

/** What the cookie holds. A cookie written by an older version that does not match starts a fresh session. */
const SessionDataSchema = z.object({
  anonymousUserId: z.string().min(1).optional(),
  registrationId: z.string().min(1).optional(),
  /** The upstream holds a registration for the id (created, or logged in): a 204 for it then means expired. */
  registrationStarted: z.boolean().optional(),
  /** The fingerprint of the registration as this visitor last saw it (app/registration/recent-registrations.server.ts). */
  registrationSeen: z.string().max(64).optional(),
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
  /** The store generation this session belongs to (see GENERATION_COOKIE_NAME). */
  generation: z.number().int().nonnegative().optional(),
  // Written by versions that kept toasts in the session; read once more, never written.
  __flash_toasts__: z.array(ToastSchema).optional(),
});

type SessionData = Omit<z.infer<typeof SessionDataSchema>, "__flash_toasts__">;
type FlashData = { toasts: Toast[] };

interface ToastCookie {
  /** The cookie's name; empty for a toast of an earlier version's session cookie. */
  name: string;
  toast: Toast;
  /** It came with the request (rather than flashed while handling it). */
  brought: boolean;
}
type CookieSession = Session<SessionData, FlashData>;

export interface SessionOptions {
  secrets: string[];
  /** Mark the cookie Secure (the site is served over HTTPS). */
  secure: boolean;
  now?: () => number;
  newId?: () => string;
}

const storages = new Map<string, SessionStorage<SessionData, FlashData>>();

function cookieOptions(secure: boolean, maxAge = SESSION_MAX_AGE_SECONDS) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure,
    maxAge,
  };
}

/** A signed cookie of the given name (toasts); made per name, it is cheap. */
function signedCookie(name: string, options: SessionOptions): Cookie {
  return createSignedCookie(name, {
    secrets: options.secrets,
    ...cookieOptions(options.secure),
  });
}

/** Cuts a string to at most `bytes` bytes of UTF-8, on a character boundary. */
function cutToBytes(text: string, bytes: number): string {
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

function storageFor(
  secrets: string[],
  secure: boolean,
): SessionStorage<SessionData, FlashData> {
  const key = `${secure}\n${secrets.join("\n")}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: createSignedCookie(SESSION_COOKIE_NAME, {
        secrets,
        ...cookieOptions(secure),
      }),
    });
    storages.set(key, storage);
  }
  return storage;
}

export type ConfirmationOutcome = NonNullable<SessionData["confirmation"]>;

/** How long the thank-you page (and its calendar file) stays available after the link was followed. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

let toastCounter = 0;

export class VisitorSession {
  readonly #storage: SessionStorage<SessionData, FlashData>;
  readonly #session: CookieSession;
  readonly #now: () => number;
  readonly #newId: () => string;
  readonly #options: SessionOptions;
  /** The session cookie must be written again. */
  #changed = false;
  /** Toasts the request brought (oldest first), and those flashed while handling it. */
  #waiting: ToastCookie[] = [];
  #flashed: ToastCookie[] = [];
  /** Toast cookies to delete: taken for this response, unreadable, or pushed out by newer ones. */
  #spent = new Set<string>();
  /** Toasts taken for this response, given back if it turns out not to show them (a redirect). */
  #taken: ToastCookie[] = [];
  /** The store generation from its own cookie, and whether this response raises it. */
  #generation = 0;
  #generationRaised = false;
  /** The registration waiting for its mailed link, and whether this response changes it. */
  #awaiting: AwaitingConfirmation | null = null;
  #awaitingChanged = false;

  private constructor(
    storage: SessionStorage<SessionData, FlashData>,
    session: CookieSession,
    options: SessionOptions,
  ) {
    this.#storage = storage;
    this.#session = session;
    this.#options = options;
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
    const cookies = cookieHeader ? parseCookie(cookieHeader) : {};
    await visitor.#readToasts(cookieHeader ?? "", cookies);
    if (cookies[AWAITING_COOKIE_NAME])
      await visitor.#readAwaiting(cookieHeader ?? "");
    visitor.#applyGeneration(cookies[GENERATION_COOKIE_NAME]);
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
    // Titles are the upstream's: together they get a byte budget, so twenty long ones keep the cookie under 4 KB.
    const chosen = outcome.rounds.slice(0, 20);
    const perTitle = Math.floor(
      CONFIRMATION_TITLE_BUDGET_BYTES / Math.max(1, chosen.length),
    );
    const rounds = chosen.map(({ round, title }) => ({
      round,
      title: cutToBytes(title.slice(0, 300), perTitle),
    }));
    this.#set("confirmation", { ok: true, at, dayId: outcome.dayId, rounds });
  }

  /** The registration sent with 'Versturen' that may still wait for its mailed link, within AWAITING_TTL_MS. */
  get awaitingConfirmation(): AwaitingConfirmation | null {
    const awaiting = this.#awaiting;
    if (!awaiting || this.#now() - awaiting.at > AWAITING_TTL_MS) return null;
    return awaiting;
  }

  /** Remembers the registration id that waits for its mailed link (null: forget it). */
  setAwaitingConfirmation(registrationId: string | null): void {
    if (registrationId === null && this.#awaiting === null) return;
    this.#awaiting =
      registrationId === null ? null : { id: registrationId, at: this.#now() };
    this.#awaitingChanged = true;
  }

  /** A new registration id forgets whether one was started under the previous id. */
  setRegistrationId(value: string | null): void {
    if (value !== this.registrationId) {
      this.#set("registrationStarted", undefined);
      this.#set("registrationSeen", undefined);
    }
    this.#set("registrationId", value ?? undefined);
  }

  /** The upstream now holds a registration for the current id. */
  markRegistrationStarted(): void {
    this.#set("registrationStarted", true);
  }

  /** The fingerprint of the registration as this visitor last saw it, or null. */
  get registrationSeen(): string | null {
    return this.#session.get("registrationSeen") ?? null;
  }

  setRegistrationSeen(fingerprint: string | null): void {
    this.#set("registrationSeen", fingerprint ?? undefined);
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
    this.#forgetRegistration();
    // A response to a request sent before this one carries the old session cookie; the raised generation, in a
    // cookie that response does not write, makes that cookie forget its registration when it comes back.
    this.#generation += 1;
    this.#generationRaised = true;
    this.#set("generation", this.#generation);
  }

  #forgetRegistration(): void {
    this.#set("registrationId", undefined);
    this.#set("registrationStarted", undefined);
    this.#set("registrationSeen", undefined);
    this.#set("schoolId", undefined);
    this.#set("anonymousUserId", undefined);
  }

  /** A toast shown on the next page this visitor sees (read once), in a cookie of its own. */
  flashToast(toast: Toast): void {
    // Time, then a counter (toasts of one request keep their order), then randomness (other instances).
    toastCounter = (toastCounter + 1) % 36 ** 4;
    const name = [
      TOAST_COOKIE_PREFIX,
      this.#now().toString(36).padStart(9, "0"),
      toastCounter.toString(36).padStart(4, "0"),
      crypto.randomUUID().slice(0, 6),
    ].join("");
    this.#flashed.push({ name, toast, brought: false });
  }

  /** The toasts waiting to be shown; taking them removes them. */
  takeToasts(): Toast[] {
    const taken = [...this.#waiting, ...this.#flashed];
    for (const { name } of this.#waiting) if (name) this.#spent.add(name);
    this.#waiting = [];
    this.#flashed = [];
    this.#taken.push(...taken);
    return taken.map(({ toast }) => toast);
  }

  /**
   * Puts the toasts taken in this request back, ahead of any flashed since: the response redirects, so the
   * page that would have shown them is never seen (a loader may redirect while the root loader takes them).
   */
  restoreTakenToasts(): void {
    if (this.#taken.length === 0) return;
    for (const { name } of this.#taken) this.#spent.delete(name);
    this.#waiting = [
      ...this.#taken.filter(({ brought }) => brought),
      ...this.#waiting,
    ];
    this.#flashed = [
      ...this.#taken.filter(({ brought }) => !brought),
      ...this.#flashed,
    ];
    this.#taken = [];
  }

  /** True once anything must be written: the session cookie, a toast, or the generation. */
  get changed(): boolean {
    return (
      this.#changed ||
      this.#flashed.length > 0 ||
      this.#spent.size > 0 ||
      this.#generationRaised ||
      this.#awaitingChanged
    );
  }

  /**
   * The Set-Cookie values this response must send: the session cookie when it changed (cut down should it ever
   * exceed what browsers keep, rather than fail the response), the toasts flashed or spent, and the generation.
   */
  async commit(): Promise<string[]> {
    const headers: string[] = [];
    if (this.#changed) headers.push(await this.#commitSession());
    // Newest last; beyond MAX_TOASTS the oldest waiting ones go.
    const live = [...this.#waiting, ...this.#flashed];
    for (const { name } of live.slice(0, Math.max(0, live.length - MAX_TOASTS)))
      if (name) this.#spent.add(name);
    const written = new Set(live.slice(-MAX_TOASTS).map(({ name }) => name));
    for (const { name, toast } of this.#flashed)
      if (written.has(name))
        headers.push(await signedCookie(name, this.#options).serialize(toast));
    for (const name of this.#spent)
      headers.push(
        await signedCookie(name, this.#options).serialize("", {
          maxAge: 0,
          expires: new Date(0),
        }),
      );
    if (this.#awaitingChanged) {
      const cookie = createSignedCookie(AWAITING_COOKIE_NAME, {
        secrets: this.#options.secrets,
        ...cookieOptions(this.#options.secure, AWAITING_TTL_MS / 1000),
      });
      headers.push(
        this.#awaiting
          ? await cookie.serialize(this.#awaiting)
          : await cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
      );
    }
    if (this.#generationRaised)
      headers.push(
        stringifySetCookie({
          ...cookieOptions(this.#options.secure),
          name: GENERATION_COOKIE_NAME,
          value: String(this.#generation),
        }),
      );
    return headers;
  }

  async #commitSession(): Promise<string> {
    for (;;) {
      try {
        const header = await this.#storage.commitSession(this.#session);
        if (header.length <= MAX_COOKIE_BYTES) return header;
      } catch {
        // React Router refuses a cookie over 4 KB; shed below and try again.
      }
      // Only the confirmation's titles can grow; without them the cookie is a few hundred bytes.
      const confirmation = this.#session.get("confirmation");
      if (confirmation?.rounds?.some(({ title }) => title !== ""))
        this.#session.set("confirmation", {
          ...confirmation,
          rounds: confirmation.rounds.map(({ round }) => ({
            round,
            title: "",
          })),
        });
      else if (confirmation) this.#session.unset("confirmation");
      else return this.#storage.commitSession(this.#session);
    }
  }

  async #readToasts(
    header: string,
    cookies: Record<string, string | undefined>,
  ): Promise<void> {
    const names = Object.keys(cookies)
      .filter((name) => name.startsWith(TOAST_COOKIE_PREFIX))
      .sort();
    const waiting: ToastCookie[] = [];
    for (const name of names) {
      const value: unknown = await signedCookie(name, this.#options).parse(
        header,
      );
      const toast = ToastSchema.safeParse(value);
      if (toast.success)
        waiting.push({ name, toast: toast.data, brought: true });
      else this.#spent.add(name);
    }
    // Toasts of the earlier versions' session cookie, shown once and then gone with the next write.
    const legacy = this.#session.get("toasts") ?? [];
    if (legacy.length > 0) this.#changed = true;
    this.#waiting = [
      ...legacy.map((toast) => ({ name: "", toast, brought: true })),
      ...waiting,
    ];
  }

  async #readAwaiting(header: string): Promise<void> {
    const cookie = createSignedCookie(AWAITING_COOKIE_NAME, {
      secrets: this.#options.secrets,
      ...cookieOptions(this.#options.secure),
    });
    const parsed = AwaitingSchema.safeParse(await cookie.parse(header));
    this.#awaiting = parsed.success ? parsed.data : null;
  }

  #applyGeneration(value: string | undefined): void {
    const cleared = /^\d{1,9}$/.test(value ?? "") ? Number(value) : 0;
    const own = this.#session.get("generation") ?? 0;
    this.#generation = Math.max(cleared, own);
    // The store was cleared after this cookie was written: what it says about a registration is stale.
    if (own < cleared) {
      this.#forgetRegistration();
      this.#set("generation", cleared);
    }
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
