/**
 * What caches may keep of an answer (decision 0025). Pages and data are rendered per visitor once they carry a
 * cookie (the session: cart, favourites, toasts, the logout button), and school networks and CDNs put shared caches
 * in front of sites. So:
 * - every answer says `Vary: Cookie`: a cache that keeps the cookie-less page never hands it to a visitor who has
 *   cookies;
 * - an answer to a request with cookies, or one that sets a cookie, is `private, no-cache`: only the visitor's own
 *   browser keeps it, and asks again before reusing it (history navigation and the back/forward cache still may);
 * - the pages that hold a token or someone's personal details are `no-store`: kept nowhere, not even in the
 *   browser's history cache.
 * An answer whose route chose its own Cache-Control (media, health, the calendar file) keeps it.
 */
import { href } from "react-router";

/** Pages kept in no cache at all: the mailed links' pages (the thank-you page is the confirm page), the filled form. */
export const NO_STORE_PATHS: readonly string[] = [
  href("/login"),
  href("/inschrijving-bevestigen"),
  href("/inschrijving-afronden"),
];

export const PRIVATE = "private, no-cache";
export const NO_STORE = "private, no-store";

/**
 * The page a request reaches, spelled one way: React Router matches paths case-insensitively and after decoding
 * (`/Login`, `/%6cogin` and `/login/` are the login page). The path is the page's, also for its data request: the
 * middleware passes React Router's `url`, from which `.data` (`/login.data`, `/login/_.data`) is gone.
 */
function pagePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape reaches no page of ours; compare it as it came.
  }
  return decoded.toLowerCase().replace(/\/+$/, "") || "/";
}

/** The Cache-Control an answer gets, or null when it may stay as it is (the same for everyone). */
export function cacheControlFor({
  pathname,
  requestHasCookies,
  setsCookies,
}: {
  pathname: string;
  requestHasCookies: boolean;
  setsCookies: boolean;
}): string | null {
  if (NO_STORE_PATHS.includes(pagePath(pathname))) return NO_STORE;
  if (requestHasCookies || setsCookies) return PRIVATE;
  return null;
}

/** Sets the answer's cache headers, unless its route chose them. */
export function applyCachePolicy(
  headers: Headers,
  request: { pathname: string; cookie: string | null },
): void {
  if (headers.has("Cache-Control")) return;
  const value = cacheControlFor({
    pathname: request.pathname,
    requestHasCookies: Boolean(request.cookie?.trim()),
    setsCookies: headers.getSetCookie().length > 0,
  });
  if (value) headers.set("Cache-Control", value);
  const vary = headers.get("Vary");
  if (!vary?.split(",").some((name) => /^\s*(cookie|\*)\s*$/i.test(name)))
    headers.append("Vary", "Cookie");
}
