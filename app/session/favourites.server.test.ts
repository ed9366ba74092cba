import { parse } from "cookie";
import { describe, expect, it } from "vitest";
import {
  FAVOURITES_COOKIE_NAME,
  FAVOURITES_MAX_AGE_SECONDS,
  favouritesCookie,
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
