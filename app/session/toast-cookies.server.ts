/**
 * Flash toasts, one signed cookie each (decision 0027): a response writes whole cookies and the last to arrive
 * wins, so toasts kept together would lose all but one of sixteen posts sent at once. Each is deleted once shown;
 * at most MAX_TOASTS wait, the newest, so a client posting without ever viewing a page cannot grow the request.
 */
import { z } from "zod";
import type { Toast } from "~/messages";
import { signedCookie } from "./cookie-attributes.server";
import type { SessionOptions } from "./cookie-attributes.server";

/** One cookie per waiting toast: `toast-<time><random>`, so names sort by when they were flashed. */
export const TOAST_COOKIE_PREFIX = "toast-";
/** At most this many toasts wait; a newer one pushes out the oldest (a client posting without viewing a page). */
export const MAX_TOASTS = 20;

/** A toast cookie as it comes back: checked against the shape the messages build (app/messages/toast.ts). */
export const ToastSchema = z.object({
  kind: z.enum(["success", "info", "warning", "error"]),
  message: z.string(),
  durationMs: z.number().int().positive(),
  presentation: z.literal("dialog").optional(),
}) satisfies z.ZodType<Toast>;

interface ToastCookie {
  /** The cookie's name; empty for a toast of an earlier version's session cookie. */
  name: string;
  toast: Toast;
  /** It came with the request (rather than flashed while handling it). */
  brought: boolean;
}

let toastCounter = 0;

/** The toast cookies of one request and its response. */
export class ToastCookies {
  readonly #options: SessionOptions;
  /** Toasts the request brought (oldest first), and those flashed while handling it. */
  #waiting: ToastCookie[] = [];
  #flashed: ToastCookie[] = [];
  /** Toast cookies to delete: taken for this response, unreadable, or pushed out by newer ones. */
  #spent = new Set<string>();
  /** Toasts taken for this response, given back if it turns out not to show them (a redirect). */
  #taken: ToastCookie[] = [];

  private constructor(options: SessionOptions) {
    this.#options = options;
  }

  /** Reads the request's toast cookies, after the `legacy` toasts an earlier version's session cookie held. */
  static async read(
    header: string,
    cookies: Record<string, string | undefined>,
    legacy: Toast[],
    options: SessionOptions,
  ): Promise<ToastCookies> {
    const toasts = new ToastCookies(options);
    const names = Object.keys(cookies)
      .filter((name) => name.startsWith(TOAST_COOKIE_PREFIX))
      .sort();
    const waiting: ToastCookie[] = [];
    for (const name of names) {
      const value: unknown = await signedCookie(name, options).parse(header);
      const toast = ToastSchema.safeParse(value);
      if (toast.success)
        waiting.push({ name, toast: toast.data, brought: true });
      else toasts.#spent.add(name);
    }
    toasts.#waiting = [
      ...legacy.map((toast) => ({ name: "", toast, brought: true })),
      ...waiting,
    ];
    return toasts;
  }

  /** A toast shown on the next page this visitor sees (read once), in a cookie of its own. */
  flash(toast: Toast, now: number): void {
    // Time, then a counter (toasts of one request keep their order), then randomness (other instances).
    toastCounter = (toastCounter + 1) % 36 ** 4;
    const name = [
      TOAST_COOKIE_PREFIX,
      now.toString(36).padStart(9, "0"),
      toastCounter.toString(36).padStart(4, "0"),
      crypto.randomUUID().slice(0, 6),
    ].join("");
    this.#flashed.push({ name, toast, brought: false });
  }

  /** The toasts waiting to be shown; taking them removes them. */
  take(): Toast[] {
    const taken = [...this.#waiting, ...this.#flashed];
    for (const { name } of this.#waiting) if (name) this.#spent.add(name);
    this.#waiting = [];
    this.#flashed = [];
    this.#taken.push(...taken);
    return taken.map(({ toast }) => toast);
  }

  /** Puts the toasts taken back, ahead of any flashed since (the response redirects, so shows none). */
  restoreTaken(): void {
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

  /** A toast cookie must be written or deleted. */
  get changed(): boolean {
    return this.#flashed.length > 0 || this.#spent.size > 0;
  }

  /** The Set-Cookie values for the toasts flashed (the newest MAX_TOASTS of all waiting) and those spent. */
  async commit(): Promise<string[]> {
    const headers: string[] = [];
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
    return headers;
  }
}
