import type { Settings } from "~/upstream/contract";

const linkClass =
  "underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-700 rounded-sm dark:focus-visible:ring-primary-300";

/** Location name (linked to its website), street, postal code and city (linked to the map), from settings. */
export function SiteFooter({ settings }: { settings: Settings }) {
  const {
    fullLocationName,
    websiteUrl,
    address,
    postalCode,
    city,
    googleMapsUrl,
  } = settings;
  const place = [postalCode, city].filter(Boolean).join(" ");
  if (!fullLocationName && !address && !place) return null;

  return (
    <footer className="mt-12 border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <address className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-8 text-sm text-gray-800 not-italic sm:flex-row sm:gap-6 dark:text-gray-200">
        {fullLocationName ? (
          <span className="font-semibold">
            {websiteUrl ? (
              <a href={websiteUrl} className={linkClass}>
                {fullLocationName}
              </a>
            ) : (
              fullLocationName
            )}
          </span>
        ) : null}
        {address ? <span>{address}</span> : null}
        {place ? (
          <span>
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
    </footer>
  );
}
