/**
 * Answers that change by the minute but are the same for every visitor who asks within a few seconds: the seats
 * of a workshop's rounds that every open workshop page follows (decision 0053), a day's workshops (decision 0072).
 * Kept in memory per replica for `freshMs`, never served older; concurrent misses share one upstream call and a failure is never kept, as in the site-data cache (decision 0021). The caller
 * makes the key and the answer visitor-neutral.
 */
import { cachified } from "@epic-web/cachified";
import type { CacheEntry } from "@epic-web/cachified";
import { LRUCache } from "lru-cache";

/** Sites × days × workshops stay far below this; the bound only keeps a flood of made-up slugs from growing it. */
const store = new LRUCache<string, CacheEntry>({ max: 5000 });

/** `read`'s answer under `key`, at most `freshMs` old; `freshMs` 0 reads every time. */
export function sharedRead<T>(
  key: string,
  freshMs: number,
  read: () => Promise<T>,
): Promise<T> {
  if (freshMs <= 0) return read();
  return cachified({ cache: store, key, ttl: freshMs, getFreshValue: read });
}

/** Drops the answer under `key`: the next ask reads. */
export function dropSharedRead(key: string): void {
  store.delete(key);
}

/** For tests. */
export function clearSharedReads(): void {
  store.clear();
}
