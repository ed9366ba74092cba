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
});

describe("withSearchParam", () => {
  it("sets one parameter and keeps the others", () => {
    expect(withSearchParam("/workshop/a?q=x", "inschrijving", "open")).toBe(
      "/workshop/a?q=x&inschrijving=open",
    );
  });
});
