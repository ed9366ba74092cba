import { parseCookie as parse } from "cookie";
import { describe, expect, it } from "vitest";
import {
  FAVOURITE_ITEM_MAX_AGE_SECONDS,
  FAVOURITES_COOKIE_NAME,
  FAVOURITES_MAX_AGE_SECONDS,
  favouriteToggleCookies,
  favouritesCookie,
  foldFavourites,
  readFavourites,
  toggleFavourite,
} from "./favourites.server";

describe("readFavourites", () => {
  it("reads the ids from the favoriteWorkshops cookie among others", () => {
    expect(
      readFavourites("session=abc; favoriteWorkshops=3%2C12%2C7; other=1"),
    ).toEqual(new Set([3, 12, 7]));
    expect(readFavourites("favoriteWorkshops=3,12")).toEqual(new Set([3, 12]));
  });

  it("counts a missing or unreadable cookie as no favourites", () => {
    expect(readFavourites(null)).toEqual(new Set());
    expect(readFavourites("session=abc")).toEqual(new Set());
    expect(readFavourites("favoriteWorkshops=")).toEqual(new Set());
    expect(readFavourites("favoriteWorkshops=%E0%A4%A")).toEqual(new Set());
  });

  it("skips parts that are not workshop ids", () => {
    expect(
      readFavourites("favoriteWorkshops=1,x,-2,0,03,2.5,99999999999,4"),
    ).toEqual(new Set([1, 4]));
  });

  it("reads at most 500 ids", () => {
    const many = Array.from({ length: 600 }, (_, index) => index + 1).join(",");
    expect(readFavourites(`favoriteWorkshops=${many}`).size).toBe(500);
  });
});

describe("toggleFavourite", () => {
  it("adds an absent id and tells so, without changing the given set", () => {
    const before = new Set([1]);
    const { favourites, added } = toggleFavourite(before, 2);
    expect(added).toBe(true);
    expect(favourites).toEqual(new Set([1, 2]));
    expect(before).toEqual(new Set([1]));
  });

  it("removes a present id", () => {
    const { favourites, added } = toggleFavourite(new Set([1, 2]), 1);
    expect(added).toBe(false);
    expect(favourites).toEqual(new Set([2]));
  });
});

describe("favouritesCookie", () => {
  it("stores the ids for 10 years, readable by the server, site-wide", () => {
    const header = favouritesCookie(new Set([5, 9]), false);
    expect(parse(header)[FAVOURITES_COOKIE_NAME]).toBe("5,9");
    expect(header).toContain(`Max-Age=${10 * 365 * 24 * 60 * 60}`);
    expect(FAVOURITES_MAX_AGE_SECONDS).toBe(315_360_000);
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    expect(header).not.toContain("Secure");
  });

  it("is Secure behind HTTPS", () => {
    expect(favouritesCookie(new Set([1]), true)).toContain("Secure");
  });

  it("round-trips through readFavourites", () => {
    const header = favouritesCookie(new Set([3, 1, 2]), false);
    const value = header.split(";")[0]!;
    expect(readFavourites(value)).toEqual(new Set([3, 1, 2]));
    expect(
      readFavourites(favouritesCookie(new Set(), false).split(";")[0]!),
    ).toEqual(new Set());
  });
});

describe("toggles that cross", () => {
  /** Set-Cookie values applied in arrival order, as a browser does. */
  function apply(header: string, setCookies: string[]): string {
    const jar = new Map(
      header
        .split("; ")
        .filter(Boolean)
        .map((pair) => [pair.split("=")[0]!, pair]),
    );
    for (const setCookie of setCookies) {
      const pair = setCookie.split(";")[0]!;
      jar.set(pair.split("=")[0]!, pair);
    }
    return [...jar.values()].join("; ");
  }

  function toggle(header: string, id: number): string[] {
    const { favourites, added } = toggleFavourite(readFavourites(header), id);
    return favouriteToggleCookies(favourites, id, added, false);
  }

  it("both count when two stars are pressed in one round trip", () => {
    const sent = "favoriteWorkshops=1";
    const first = toggle(sent, 2);
    const second = toggle(sent, 3);
    const header = apply(apply(sent, first), second);
    expect(readFavourites(header)).toEqual(new Set([1, 2, 3]));
    // A later request folds the item cookies into the list.
    const folded = foldFavourites(header, false);
    expect(parse(folded!)[FAVOURITES_COOKIE_NAME]).toBe("1,3,2");
    expect(foldFavourites(apply(header, [folded!]), false)).toBeNull();
  });

  it("a removal and an addition that cross both hold", () => {
    const sent = "favoriteWorkshops=1,2";
    const header = apply(apply(sent, toggle(sent, 2)), toggle(sent, 3));
    expect(readFavourites(header)).toEqual(new Set([1, 3]));
  });

  it("item cookies live minutes, not years", () => {
    const [, item] = favouriteToggleCookies(new Set([4]), 4, true, false);
    expect(item).toMatch(
      new RegExp(
        `^favoriteWorkshops\\.4=1; Max-Age=${FAVOURITE_ITEM_MAX_AGE_SECONDS}`,
      ),
    );
  });
});
