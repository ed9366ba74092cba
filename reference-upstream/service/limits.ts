/**
 * Hits counted in a sliding window (the table rate_limit_hits): the mail a visitor can make us send and the
 * questions an address can ask.
 */
import type { DbAccess } from "./db-access";
import { HttpError, MINUTE } from "./db-access";

export function createLimits(d: DbAccess) {
  const { config, now, get, run } = d;

  /** Counts a hit for the key unless the window already holds `max`; tells whether it was within the limit. */
  function withinLimit(key: string, max: number): boolean {
    const since = now() - config.rateLimit.windowMinutes * MINUTE;
    run("DELETE FROM rate_limit_hits WHERE at <= ?", since);
    const hits = get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM rate_limit_hits WHERE key = ?",
      key,
    )!.n;
    if (hits >= max) return false;
    run("INSERT INTO rate_limit_hits (key, at) VALUES (?, ?)", key, now());
    return true;
  }

  /** Counts a hit for the key, refusing (429) when the window already holds the configured maximum. */
  function rateLimit(key: string): void {
    if (!withinLimit(key, config.rateLimit.max))
      throw new HttpError(429, "too many requests", "try again later");
  }

  return { rateLimit, withinLimit };
}

export type Limits = ReturnType<typeof createLimits>;
