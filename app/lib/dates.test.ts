import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates";

describe("formatLongDate", () => {
  it("writes the long Dutch date with the weekday", () => {
    expect(formatLongDate("2026-12-05")).toBe("zaterdag 5 december 2026");
  });

  it("keeps the calendar date whatever the time zone", () => {
    expect(formatLongDate("2027-01-01")).toBe("vrijdag 1 januari 2027");
  });

  it("never throws: a value that is no date is shown as it came", () => {
    expect(formatLongDate("2026-13-01")).toBe("2026-13-01");
    expect(formatLongDate("")).toBe("");
  });
});
