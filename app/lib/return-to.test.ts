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

describe("withSearchParam", () => {
  it("sets one parameter and keeps the others", () => {
    expect(withSearchParam("/workshop/a?q=x", "inschrijving", "open")).toBe(
      "/workshop/a?q=x&inschrijving=open",
    );
  });
});
