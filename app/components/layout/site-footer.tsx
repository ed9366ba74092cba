import { href, Link } from "react-router";
import { LAYOUT } from "~/messages";
import type { Settings } from "#contract";

// Each link stands on its own, not in a sentence: 24 px tall at least (WCAG 2.2 SC 2.5.8).
const linkClass =
  "inline-flex min-h-6 items-center underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-700 rounded-sm dark:focus-visible:ring-primary-300";

/** The parts' separator where the layout sets them apart: read without styles they would run together. */
function Comma() {
  return <span className="sr-only">, </span>;
}

/**
 * Location name (linked to its website), street, postal code and city (linked to the map), from settings; what
 * the settings cannot say (the upstream is down) is left out, and the site's name stands in for the location.
 * Under 768 px the footer reaches under the floating tab bar, with room below its text so the bar never covers it.
 */
export function SiteFooter({
  settings,
  siteName,
}: {
  settings: Settings;
  siteName: string;
}) {
  const { websiteUrl, address, postalCode, city, googleMapsUrl } = settings;
  const fullLocationName = settings.fullLocationName ?? siteName;
  const place = [postalCode, city].filter(Boolean).join(" ");

  return (
    <footer className="mt-12 border-t border-gray-200 bg-gray-50 pb-20 md:pb-0 dark:border-gray-800 dark:bg-gray-900">
      <address className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-8 text-sm text-gray-800 not-italic sm:flex-row sm:gap-6 dark:text-gray-200">
        <span className="font-semibold">
          {websiteUrl ? (
            <a href={websiteUrl} className={linkClass}>
              {fullLocationName}
            </a>
          ) : (
            fullLocationName
          )}
        </span>
        {address ? (
          <span>
            <Comma />
            {address}
          </span>
        ) : null}
        {place ? (
          <span>
            <Comma />
            {googleMapsUrl ? (
              <a href={googleMapsUrl} className={linkClass}>
                {place}
              </a>
            ) : (
              place
            )}
          </span>
        ) : null}
      </address>
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 pb-8 text-sm text-gray-800 dark:text-gray-200">
        <li>
          <Link to={href("/privacy")} className={linkClass}>
            {LAYOUT.footerLinks.privacy}
          </Link>
        </li>
        <li>
          <Link to={href("/toegankelijkheid")} className={linkClass}>
            {LAYOUT.footerLinks.accessibility}
          </Link>
        </li>
      </ul>
    </footer>
  );
}
