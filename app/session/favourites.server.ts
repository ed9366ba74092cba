/**
 * Favourite workshops (spec "Favourites"): a list of workshop ids in the cookie `favoriteWorkshops`, kept for
 * 10 years. Not signed and not httpOnly: it holds nothing secret, and the spec names it as the visitor's own.
 * The value is the ids joined by commas, so it reads plainly; anything unreadable counts as no favourites.
 *
 * Toggles commute (decision 0027): each response writes the whole list, and the last to arrive wins, so two stars
 * pressed at once would lose one. Each toggle therefore also writes a short-lived cookie of its own for the one
 * workshop (`favoriteWorkshops.<id>` = 1 or 0), which wins over the list when read; any later request folds those
 * into the list. A lost write of the list is then mended by the item cookie that outlives it.
 */
import { parseCookie, stringifySetCookie } from "cookie";

export const FAVOURITES_COOKIE_NAME = "favoriteWorkshops";
export const FAVOURITES_MAX_AGE_SECONDS = 10 * 365 * 24 * 60 * 60;
/** Enough for any workshop list; keeps a hand-made cookie from growing the request. */
const MAX_FAVOURITES = 500;
/** `favoriteWorkshops.<id>`: one toggle's outcome, "1" or "0". */
const ITEM_PREFIX = `${FAVOURITES_COOKIE_NAME}.`;
/** Long past any round trip that could have overwritten the list; by then a later request folded it in. */
export const FAVOURITE_ITEM_MAX_AGE_SECONDS = 10 * 60;
/** Item cookies read per request: a page of quick toggles, not a way to grow the request. */
const MAX_ITEMS = 50;

const ID = /^[1-9]\d{0,9}$/;

/** The list as its own cookie says, before item cookies are applied. */
function readList(cookies: Record<string, string | undefined>): Set<number> {
  const value = cookies[FAVOURITES_COOKIE_NAME];
  if (!value) return new Set();
  const ids = value
    .split(",")
    .filter((part) => ID.test(part))
    .map(Number)
    .slice(0, MAX_FAVOURITES);
  return new Set(ids);
}

/** The item cookies' outcomes: workshop id → favourite or not. */
function readItems(
  cookies: Record<string, string | undefined>,
): Map<number, boolean> {
  const items = new Map<number, boolean>();
  for (const [name, value] of Object.entries(cookies)) {
    if (items.size >= MAX_ITEMS) break;
    if (!name.startsWith(ITEM_PREFIX)) continue;
    const id = name.slice(ITEM_PREFIX.length);
    if (ID.test(id) && (value === "1" || value === "0"))
      items.set(Number(id), value === "1");
  }
  return items;
}

/** The favourite workshop ids from a Cookie header: the list, with the item cookies applied. */
export function readFavourites(cookieHeader: string | null): Set<number> {
  const cookies = cookieHeader ? parseCookie(cookieHeader) : {};
  const favourites = readList(cookies);
  for (const [id, favourite] of readItems(cookies)) {
    if (favourite && favourites.size < MAX_FAVOURITES) favourites.add(id);
    else if (!favourite) favourites.delete(id);
  }
  return favourites;
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
  return stringifySetCookie({
    name: FAVOURITES_COOKIE_NAME,
    value: [...favourites].join(","),
    maxAge: FAVOURITES_MAX_AGE_SECONDS,
    path: "/",
    sameSite: "lax",
    secure,
  });
}

/** The Set-Cookie headers of one toggle: the whole list, and the item cookie that makes the toggle commute. */
export function favouriteToggleCookies(
  favourites: Set<number>,
  workshopId: number,
  added: boolean,
  secure: boolean,
): string[] {
  return [
    favouritesCookie(favourites, secure),
    stringifySetCookie({
      name: `${ITEM_PREFIX}${workshopId}`,
      value: added ? "1" : "0",
      maxAge: FAVOURITE_ITEM_MAX_AGE_SECONDS,
      path: "/",
      sameSite: "lax",
      secure,
    }),
  ];
}

/**
 * The list cookie again when the request carries item cookies the list does not agree with (a response that
 * wrote an older list arrived last); null when there is nothing to fold. The item cookies are left to expire,
 * never deleted: a response still under way may yet write an older list.
 */
export function foldFavourites(
  cookieHeader: string | null,
  secure: boolean,
): string | null {
  if (!cookieHeader?.includes(ITEM_PREFIX)) return null;
  const cookies = parseCookie(cookieHeader);
  const list = readList(cookies);
  const merged = readFavourites(cookieHeader);
  const same =
    list.size === merged.size && [...merged].every((id) => list.has(id));
  return same ? null : favouritesCookie(merged, secure);
}
