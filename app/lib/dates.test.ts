import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates";

describe("formatLongDate", () => {
  it("writes the long Dutch date with the weekday", () => {
    expect(formatLongDate("2026-12-05")).toBe("zaterdag 5 december 2026");
  });

  it("keeps the calendar date whatever the time zone", () => {
    expect(formatLongDate("2027-01-01")).toBe("vrijdag 1 januari 2027");
  });
});
