import { describe, expect, it } from "vitest";
import { orientationDay } from "../tests/fixtures/app";
import { OrientationDaySchema, RondeSchema } from "./contract";

describe("dates and times in the contract", () => {
  it("accepts real dates, leap days included", () => {
    for (const date of ["2026-12-05", "2028-02-29", "2027-01-01"])
      expect(
        OrientationDaySchema.safeParse(orientationDay({ date })).success,
        date,
      ).toBe(true);
  });

  it("refuses dates no calendar has", () => {
    for (const date of [
      "2026-13-01",
      "2026-02-31",
      "2026-02-29",
      "2026-00-10",
      "2026-04-31",
      "2026-12-5",
    ])
      expect(
        OrientationDaySchema.safeParse(orientationDay({ date })).success,
        date,
      ).toBe(false);
  });

  it("accepts times from 00:00 to 23:59 and refuses the rest", () => {
    const ronde = (startTime: string) => ({
      number: 1,
      startTime,
      endTime: "10:00",
      selection: null,
    });
    for (const time of ["00:00", "09:30", "23:59"])
      expect(RondeSchema.safeParse(ronde(time)).success, time).toBe(true);
    for (const time of ["99:99", "24:00", "12:60", "9:30", "09:30:00"])
      expect(RondeSchema.safeParse(ronde(time)).success, time).toBe(false);
    expect(
      OrientationDaySchema.safeParse(orientationDay({ start_time: "25:00" }))
        .success,
    ).toBe(false);
  });
});
