import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cookieLifetime } from "~/messages";
import { NAME_VARIES, SITE_COOKIES } from "./privacy.server";

/**
 * Every `export const …_COOKIE_NAME = "…"` and `…_COOKIE_PREFIX = "…"` in the app's code: the cookies it sets by
 * a name of their own, and the families of cookies (a prefix, listed with NAME_VARIES after it).
 */
function cookieNamesInCode(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cookieNamesInCode(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
      return [];
    return [
      ...readFileSync(path, "utf8").matchAll(
        /export const \w*COOKIE_(NAME|PREFIX)\w*\s*=\s*"([^"]+)"/g,
      ),
    ].map((match) =>
      match[1] === "PREFIX" ? `${match[2]!}${NAME_VARIES}` : match[2]!,
    );
  });
}

describe("the cookie list on /privacy", () => {
  it("names every cookie the code names", () => {
    const listed = SITE_COOKIES.map((cookie) => cookie.name);
    const named = cookieNamesInCode();
    expect(named.length).toBeGreaterThan(2);
    for (const name of named) expect(listed).toContain(name);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("gives each a purpose", () => {
    for (const cookie of SITE_COOKIES) expect(cookie.purpose).not.toBe("");
  });
});

describe("cookieLifetime", () => {
  it("says a lifetime in the largest whole unit", () => {
    expect(cookieLifetime(30 * 60)).toBe("30 minuten");
    expect(cookieLifetime(60)).toBe("1 minuut");
    expect(cookieLifetime(12 * 60 * 60)).toBe("12 uur");
    expect(cookieLifetime(24 * 60 * 60)).toBe("1 dag");
    expect(cookieLifetime(7 * 24 * 60 * 60)).toBe("7 dagen");
    expect(cookieLifetime(10 * 365 * 24 * 60 * 60)).toBe("10 jaar");
    expect(cookieLifetime(90)).toBe("90 seconden");
  });

  it("says a cookie without Max-Age lasts until the browser closes", () => {
    expect(cookieLifetime(null)).toBe("tot je de browser sluit");
    expect(cookieLifetime(0)).toBe("tot je de browser sluit");
  });
});
