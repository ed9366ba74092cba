/**
 * Favourite workshops (spec "Favourites"): a list of workshop ids in the cookie `favoriteWorkshops`, kept for
 * 10 years. Not signed and not httpOnly: it holds nothing secret, and the spec names it as the visitor's own.
 * The value is the ids joined by commas, so it reads plainly; anything unreadable counts as no favourites.
 */
import { parse, serialize } from "cookie";

export const FAVOURITES_COOKIE_NAME = "favoriteWorkshops";
export const FAVOURITES_MAX_AGE_SECONDS = 10 * 365 * 24 * 60 * 60;
/** Enough for any workshop list; keeps a hand-made cookie from growing the request. */
const MAX_FAVOURITES = 500;

/** The favourite workshop ids from a Cookie header. */
export function readFavourites(cookieHeader: string | null): Set<number> {
  const value = cookieHeader
    ? parse(cookieHeader)[FAVOURITES_COOKIE_NAME]
    : undefined;
  if (!value) return new Set();
  const ids = value
    .split(",")
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .slice(0, MAX_FAVOURITES);
  return new Set(ids);
}

/** Adds the id when absent, removes it when present; tells which happened. */
export function toggleFavourite(
  favourites: Set<number>,
  workshopId: number,
): { favourites: Set<number>; added: boolean } {
  const next = new Set(favourites);
  const added = !next.delete(workshopId);
  if (added) next.add(workshopId);
  return { favourites: next, added };
}

/** The Set-Cookie header that stores the favourites. */
export function favouritesCookie(
  favourites: Set<number>,
  secure: boolean,
): string {
  return serialize(FAVOURITES_COOKIE_NAME, [...favourites].join(","), {
    maxAge: FAVOURITES_MAX_AGE_SECONDS,
    path: "/",
    sameSite: "lax",
    secure,
  });
}
