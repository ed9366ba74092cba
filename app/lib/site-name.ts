/**
 * The name the site goes by when its settings cannot say (the upstream is down, or gives no name): made from the
 * host's first label, so a visitor still sees whose site this is rather than a generic word.
 */
import { LAYOUT } from "~/messages";

export function siteNameFromHost(site: string): string {
  const words = site
    .replace(/^\[.*\]$/, "")
    .split(/[-_]+/)
    .filter(Boolean);
  const name = words.join(" ");
  return name
    ? name.charAt(0).toUpperCase() + name.slice(1)
    : LAYOUT.siteNameFallback;
}

/** The settings' full location name, or the name made from the host. */
export function siteName(
  fullLocationName: string | null | undefined,
  site: string,
): string {
  return fullLocationName?.trim() || siteNameFromHost(site);
}
