/**
 * The registration as each visitor last saw it, kept briefly in this process between requests (decision 0072), so
 * that a change needs no read of what the visitor's page just showed, and the page after a change does not ask the
 * upstream again for what the change answered.
 *
 * Every entry carries a fingerprint of its content, and the visitor's session cookie carries the fingerprint of the
 * registration their last request saw. An entry is used only when the two match: a change made through another
 * process or replica moves the cookie on, so this process's older entry no longer matches and the upstream is asked.
 *
 * - A change (any request but GET and HEAD) may start from an entry up to CHANGE_REUSE_MS old: the upstream's answer
 *   to the change is the truth, and an expired or deleted registration answers it with 204 or 404.
 * - A page may use only the answer of the visitor's own change, once, up to PAGE_REUSE_MS after it: that answer has
 *   just shown the registration live (or, for a fresh id, that there is none yet). Any other page reads it from the upstream, so an expiry or a cancellation
 *   elsewhere is found at once.
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Registration } from "#contract";

/** How long a change may start from the registration as the visitor's page showed it. */
export const CHANGE_REUSE_MS = 5 * 60_000;
/** How long after a change the next page may show the change's answer instead of reading again. */
export const PAGE_REUSE_MS = 5_000;

/** page: a page's read (takes a change's answer once); peek: a read beside a page that leaves it for the page. */
export type ReuseFor = "page" | "peek" | "change";

interface Entry {
  fingerprint: string;
  /** null: none yet (a fresh id). */
  registration: Registration | null;
  /** The answer of a change (rather than of a read). */
  fromChange: boolean;
  at: number;
}

/** A few KB each; the bound keeps a flood of new visitors from growing memory past a few tens of MB. */
const store = new LRUCache<string, Entry>({ max: 10_000 });

/** A short fingerprint of the registration's content under its id (null: none yet). */
export function fingerprintOf(
  id: string,
  registration: Registration | null,
): string {
  return createHash("sha256")
    .update(id)
    .update("\n")
    .update(JSON.stringify(registration))
    .digest("base64url")
    .slice(0, 22);
}

/** Keeps the registration the visitor now sees; returns its fingerprint for the visitor's cookie. */
export function rememberRegistration(
  id: string,
  registration: Registration | null,
  fromChange: boolean,
  now = Date.now(),
): string {
  const fingerprint = fingerprintOf(id, registration);
  store.set(id, { fingerprint, registration, fromChange, at: now });
  return fingerprint;
}

/**
 * The registration as the visitor last saw it (null: none yet), when this process still holds it and may use it
 * for `use`; null when the upstream must be asked.
 */
export function recallRegistration(
  id: string,
  seen: string | null,
  use: ReuseFor,
  now = Date.now(),
): { registration: Registration | null } | null {
  if (!seen) return null;
  const entry = store.get(id);
  if (!entry || entry.fingerprint !== seen) return null;
  const age = now - entry.at;
  if (use === "change") {
    // A change on a fresh id asks: a registration for it may have been made since, elsewhere.
    if (age > CHANGE_REUSE_MS || entry.registration === null) return null;
    return { registration: entry.registration };
  }
  if (!entry.fromChange || age > PAGE_REUSE_MS) return null;
  // Once: the page after the change shows its answer, any later page reads again.
  if (use === "page") entry.fromChange = false;
  return { registration: entry.registration };
}

/** The registration is gone (expired, cancelled, sent) or unknown: nothing of it is reused. */
export function forgetRegistration(id: string): void {
  store.delete(id);
}

/** For tests. */
export function clearRecentRegistrations(): void {
  store.clear();
}
