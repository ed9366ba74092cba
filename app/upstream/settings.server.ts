/**
 * Site settings (logo, brand colour, footer address), needed by every page; they come through the site data
 * cache (site-data.server.ts). A failed load shows the defaults: the spec says settings failures are only
 * reported, which the upstream client already does.
 */
import type { Settings } from "#contract";
import type { UpstreamAnswer } from "./client.server";

/** The one call this module needs (the request's site data, or a fake in tests). */
export interface SettingsSource {
  call(name: "settings"): Promise<UpstreamAnswer<Settings>>;
}

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

/** The settings of the visitor's site; never throws. */
export async function getSettings(source: SettingsSource): Promise<Settings> {
  try {
    const answer = await source.call("settings");
    return answer.status === 200 ? answer.data : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}
