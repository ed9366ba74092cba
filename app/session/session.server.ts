/**
 * The visitor's state between requests, in cookies (the spec keeps it in local storage; the server needs
 * it to render without JavaScript): the anonymous user id, the registration id, the chosen orientation day and
 * school (forgotten 24 h after they were last saved, spec "Persistence") and flash toasts.
 *
 * Responses write whole cookies and the last one to arrive wins, so state that concurrent requests change lives
 * where their writes commute (decision 0027). Each cookie therefore has a module named for what it holds: the
 * session cookie (its schema, and a commit bounded to 4 KB, decision 0028), the toasts, the registration awaiting
 * its mailed link (decision 0065) and the store generation, all with the secrets (rotation) and attributes of
 * cookie-attributes.server.ts. This class composes them into the one session the rest of the app uses.
 */
import { parseCookie } from "cookie";
import type { Toast } from "~/messages";
import {
  AWAITING_TTL_MS,
  awaitingSetCookie,
  readAwaiting,
} from "./awaiting-cookie.server";
import type { AwaitingConfirmation } from "./awaiting-cookie.server";
import type { SessionOptions } from "./cookie-attributes.server";
import {
  generationSetCookie,
  readGeneration,
} from "./generation-cookie.server";
import {
  boundedConfirmation,
  commitSessionCookie,
  OF_THE_REGISTRATION_ID,
  readSessionCookie,
} from "./session-cookie.server";
import type {
  ConfirmationOutcome,
  CookieSession,
  SessionData,
} from "./session-cookie.server";
import { ToastCookies } from "./toast-cookies.server";

export type { Toast };

/** Spec: the saved orientation day and school expire 24 h after they were saved. */
export const SELECTION_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the thank-you page (and its calendar file) stays available after the link was followed. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

export class VisitorSession {
  readonly #session: CookieSession;
  readonly #toasts: ToastCookies;
  readonly #now: () => number;
  readonly #newId: () => string;
  readonly #options: SessionOptions;
  /** The session cookie must be written again. */
  #changed = false;
  /** The store generation from its own cookie, and whether this response raises it. */
  #generation = 0;
  #generationRaised = false;
  /** The registration waiting for its mailed link, and whether this response changes it. */
  #awaiting: AwaitingConfirmation | null = null;
  #awaitingChanged = false;

  private constructor(
    session: CookieSession,
    toasts: ToastCookies,
    options: SessionOptions,
  ) {
    this.#session = session;
    this.#toasts = toasts;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** Reads the session from the request's cookies, or starts a fresh one, and applies the 24 h expiry. */
  static async load(
    cookieHeader: string | null,
    options: SessionOptions,
  ): Promise<VisitorSession> {
    const { session, fresh } = await readSessionCookie(cookieHeader, options);
    const cookies = cookieHeader ? parseCookie(cookieHeader) : {};
    // Toasts of the earlier versions' session cookie, shown once and then gone with the next write.
    const legacy = session.get("toasts") ?? [];
    const toasts = await ToastCookies.read(
      cookieHeader ?? "",
      cookies,
      legacy,
      options,
    );
    const visitor = new VisitorSession(session, toasts, options);
    if (fresh || legacy.length > 0) visitor.#changed = true;
    visitor.#dropExpiredSelection();
    visitor.#awaiting = await readAwaiting(
      cookieHeader ?? "",
      cookies,
      options,
    );
    visitor.#applyGeneration(readGeneration(cookies));
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
    this.#set(
      "confirmation",
      boundedConfirmation(at, outcome.dayId, outcome.rounds),
    );
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
    if (value !== this.registrationId)
      for (const key of OF_THE_REGISTRATION_ID) this.#set(key, undefined);
    this.#set("registrationId", value ?? undefined);
  }

  /** The upstream now holds a registration for the current id. */
  markRegistrationStarted(): void {
    this.#set("registrationStarted", true);
  }

  /**
   * The registration as this visitor last saw it: its fingerprint, and whether it is the answer of their own change
   * that no page has shown yet (decision 0072).
   */
  get registrationSeen(): { fingerprint: string; changed: boolean } | null {
    const fingerprint = this.#session.get("registrationSeen");
    if (!fingerprint) return null;
    return {
      fingerprint,
      changed: this.#session.get("registrationChanged") ?? false,
    };
  }

  /** The visitor now sees this registration (by its fingerprint); `changed`: it is their own change's answer. */
  setRegistrationSeen(fingerprint: string | null, changed = false): void {
    this.#set("registrationSeen", fingerprint ?? undefined);
    this.#set("registrationChanged", changed && fingerprint ? true : undefined);
  }

  /** A page has shown the visitor's registration since their last change. */
  markRegistrationShown(): void {
    this.#set("registrationChanged", undefined);
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
    for (const key of OF_THE_REGISTRATION_ID) this.#set(key, undefined);
    this.#set("schoolId", undefined);
    this.#set("anonymousUserId", undefined);
  }

  /** A toast shown on the next page this visitor sees (read once), in a cookie of its own. */
  flashToast(toast: Toast): void {
    this.#toasts.flash(toast, this.#now());
  }

  /** The toasts waiting to be shown; taking them removes them. */
  takeToasts(): Toast[] {
    return this.#toasts.take();
  }

  /**
   * Puts the toasts taken in this request back, ahead of any flashed since: the response redirects, so the
   * page that would have shown them is never seen (a loader may redirect while the root loader takes them).
   */
  restoreTakenToasts(): void {
    this.#toasts.restoreTaken();
  }

  /** True once anything must be written: the session cookie, a toast, or the generation. */
  get changed(): boolean {
    return (
      this.#changed ||
      this.#toasts.changed ||
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
    if (this.#changed)
      headers.push(await commitSessionCookie(this.#session, this.#options));
    headers.push(...(await this.#toasts.commit()));
    if (this.#awaitingChanged)
      headers.push(await awaitingSetCookie(this.#awaiting, this.#options));
    if (this.#generationRaised)
      headers.push(generationSetCookie(this.#generation, this.#options.secure));
    return headers;
  }

  #applyGeneration(cleared: number): void {
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
