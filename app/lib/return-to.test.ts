import { describe, expect, it } from "vitest";
import { safeReturnPath, withSearchParam } from "./return-to";

describe("safeReturnPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeReturnPath("/workshop/robotica?q=bot", "/")).toBe(
      "/workshop/robotica?q=bot",
    );
  });

  it("refuses other sites, protocol-relative and backslash tricks, and non-strings", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "workshops",
      null,
    ])
      expect(safeReturnPath(value, "/workshops")).toBe("/workshops");
  });

  it("refuses any control character: browsers drop tabs and newlines, and CR/LF cannot go in a header", () => {
    for (const value of [
      "/\t/evil.example/phish",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/work\nshops",
      "/workshops\u0000",
      "/workshops?q=\u001b",
      "/\u007f",
    ])
      expect(safeReturnPath(value, "/workshops")).toBe("/workshops");
    expect(safeReturnPath("/work\nshops", "/")).toBe("/");
  });
});

/**
 * Return paths that come in with one leading slash but resolve to another site: dot segments, written plainly
 * or percent-encoded, climb above the root and leave "//evil.example" (an open redirect, issue 34).
 */
const DOT_SEGMENT_PROBES = [
  "/..//evil.example/phish",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example/phish",
  "/.%2e//evil.example",
  "/%2e//evil.example",
  "/.././/evil.example",
  "/./../..//evil.example",
  "/a/../..//evil.example",
  "/workshops/../..//evil.example/phish?x=1",
  "/../\\evil.example",
];

describe("safeReturnPath: what it returns", () => {
  it("never returns a path that leaves the site, whatever dot segments resolve to", () => {
    for (const value of DOT_SEGMENT_PROBES) {
      const path = safeReturnPath(value, "/workshops");
      expect(path, value).toBe("/workshops");
    }
  });

  it("keeps dot segments that stay on the site, resolved", () => {
    expect(safeReturnPath("/workshops/../contact", "/")).toBe("/contact");
    expect(safeReturnPath("/%2e%2e/workshops?q=a", "/")).toBe("/workshops?q=a");
    expect(safeReturnPath("/a/./b", "/")).toBe("/a/b");
  });
});

describe("withSearchParam", () => {
  it("sets one parameter and keeps the others", () => {
    expect(withSearchParam("/workshop/a?q=x", "inschrijving", "open")).toBe(
      "/workshop/a?q=x&inschrijving=open",
    );
  });
});
