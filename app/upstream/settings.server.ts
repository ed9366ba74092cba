/**
 * Site settings (logo, brand colour, footer address), needed by every page. Settings change rarely, so each
 * site's answer is kept in memory for a minute; a failed load shows the defaults (spec: settings failures are
 * only reported, which the upstream client already does) and is retried after a few seconds.
 */
import type { Settings } from "./contract";
import type { UpstreamAnswer } from "./client.server";

/** The one call this module needs (the request's upstream client, or a fake in tests). */
export interface SettingsSource {
  call(name: "settings"): Promise<UpstreamAnswer<Settings>>;
}

export const SETTINGS_TTL_MS = 60_000;
/** After a failure, try again soon but not on every request while the upstream is down. */
export const SETTINGS_FAILURE_TTL_MS = 5_000;

export const DEFAULT_SETTINGS: Settings = {
  logo: null,
  primaryColor: null,
  fullLocationName: null,
  websiteUrl: null,
  address: null,
  postalCode: null,
  city: null,
  googleMapsUrl: null,
};

interface Entry {
  settings: Promise<Settings>;
  expiresAt: number;
}

const cache = new Map<string, Entry>();

/** The settings of `site`, from the cache or the upstream; never throws. */
export function getSettings(
  site: string,
  upstream: SettingsSource,
  now: () => number = Date.now,
): Promise<Settings> {
  const cached = cache.get(site);
  if (cached && cached.expiresAt > now()) return cached.settings;

  // The pending promise is cached too, so concurrent requests share one upstream call.
  const entry: Entry = {
    expiresAt: now() + SETTINGS_TTL_MS,
    settings: upstream.call("settings").then(
      (answer) => (answer.status === 200 ? answer.data : DEFAULT_SETTINGS),
      () => {
        entry.expiresAt = now() + SETTINGS_FAILURE_TTL_MS;
        return DEFAULT_SETTINGS;
      },
    ),
  };
  cache.set(site, entry);
  return entry.settings;
}

/** For tests. */
export function clearSettingsCache() {
  cache.clear();
}
