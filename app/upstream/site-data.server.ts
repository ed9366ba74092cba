/**
 * What every visitor of a site sees alike (settings, page texts, school logos, locations, the day list, a day's
 * schools, a workshop's gallery), kept in memory per site for a short time: fresh for `freshMs`, then served stale for up to
 * twice that while one call refreshes it in the background. Concurrent misses share one upstream call. Errors are never kept: a
 * failed call fails the request that made it, and the next request tries again. Nothing that holds seats
 * (workshops, availability, a registration) is in here: a day's workshops are kept far shorter
 * (app/registration/day-workshops.server.ts). Why and how long: docs/decisions/0021-site-data-cache.md.
 */
import { cachified, isExpired } from "@epic-web/cachified";
import type { CacheEntry } from "@epic-web/cachified";
import { LRUCache } from "lru-cache";
import { siteCacheRequests } from "~/observability/metrics.server";
import type {
  AnswerOf,
  UpstreamAnswer,
  UpstreamCallInput,
  UpstreamClient,
} from "./client.server";

/** The calls whose answers are the same for every visitor of a site. */
export type SiteDataName =
  | "settings"
  | "page"
  | "orientationDays"
  | "schools"
  | "schoolLogos"
  | "locations"
  | "workshopImages";

export interface SiteData {
  call<N extends SiteDataName>(
    name: N,
    input?: UpstreamCallInput<N>,
  ): Promise<UpstreamAnswer<AnswerOf<N>>>;
}

/** Sites × calls × page slugs stay far below this; the bound only keeps a misbehaving host list from growing it. */
const store = new LRUCache<string, CacheEntry>({ max: 2000 });

/**
 * `upstream` should speak for the site, not for a visitor (no registration id), so no visitor's answer is
 * shared with another. `freshMs` 0 turns the cache off.
 */
export function siteData(
  site: string,
  upstream: Pick<UpstreamClient, "call">,
  freshMs: number,
): SiteData {
  return {
    call(name, input = {}) {
      if (freshMs <= 0) return upstream.call(name, input);
      // The query (a day's schools) and the body (a workshop's gallery, a read sent as a post) are part of the question.
      const key = `${site}|${name}|${JSON.stringify(input.params ?? {})}|${JSON.stringify(input.query ?? {})}|${JSON.stringify(input.body ?? {})}`;
      siteCacheRequests.inc({ result: lookUp(key) });
      return cachified({
        cache: store,
        key,
        ttl: freshMs,
        staleWhileRevalidate: 2 * freshMs,
        getFreshValue: () => upstream.call(name, input),
      });
    },
  };
}

/** What a look-up will find: a fresh answer, one shown while it is refreshed, or none (an upstream call). */
function lookUp(key: string): "hit" | "stale" | "miss" {
  const entry = store.get(key);
  if (!entry) return "miss";
  const expired = isExpired(entry.metadata);
  return expired === "stale" ? "stale" : expired ? "miss" : "hit";
}

/** For tests. */
export function clearSiteData(): void {
  store.clear();
}
