import { describe, expect, it } from "vitest";
import { orientationDay } from "../../tests/fixtures/app";
import { dayLocation, registrationCalendar } from "./calendar.server";

/** The file's lines with folded continuation lines joined again (RFC 5545 §3.1). */
function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, "").split("\r\n");
}

describe("registrationCalendar", () => {
  const chosen = [
    { round: 3, title: "Zorg & welzijn: EHBO in de praktijk" },
    { round: 1, title: "Robotica, programmeren; en meer" },
  ];

  it("has one event per chosen round, in round order, with the workshop's title", () => {
    const lines = unfold(
      registrationCalendar(orientationDay(), chosen, "venlo.example.nl"),
    );
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith("SUMMARY:"))).toEqual([
      "SUMMARY:Robotica\\, programmeren\\; en meer",
      "SUMMARY:Zorg & welzijn: EHBO in de praktijk",
    ]);
    expect(lines).toContain("UID:4-1@venlo.example.nl");
    expect(lines).toContain("DESCRIPTION:Ronde 1 van Open dag Venlo");
  });

  it("places each round at its Dutch clock time, with the zone defined in the file", () => {
    const lines = unfold(
      registrationCalendar(orientationDay(), chosen, "localhost"),
    );
    expect(lines).toContain("DTSTART;TZID=Europe/Amsterdam:20261124T093000");
    expect(lines).toContain("DTEND;TZID=Europe/Amsterdam:20261124T101500");
    expect(lines).toContain("DTSTART;TZID=Europe/Amsterdam:20261124T113000");
    expect(lines).toContain("BEGIN:VTIMEZONE");
    expect(lines).toContain("TZID:Europe/Amsterdam");
    expect(lines.find((line) => line.startsWith("DTSTAMP:"))).toMatch(/Z$/);
  });

  it("keeps summer time in summer", () => {
    const summer = orientationDay({ date: "2027-06-12" });
    const lines = unfold(
      registrationCalendar(summer, [chosen[1]!], "localhost"),
    );
    expect(lines).toContain("DTSTART;TZID=Europe/Amsterdam:20270612T093000");
  });

  it("uses the day's address as the location", () => {
    const lines = unfold(
      registrationCalendar(orientationDay(), chosen, "localhost"),
    );
    expect(lines).toContain("LOCATION:Laan van Europa 2\\, 5911 AA Venlo");
  });

  it("leaves out rounds the day does not have", () => {
    const text = registrationCalendar(
      orientationDay(),
      [{ round: 9, title: "Weg" }],
      "localhost",
    );
    expect(text).not.toContain("BEGIN:VEVENT");
  });
});

describe("registrationCalendar with values no calendar shows", () => {
  it("leaves out a round whose time or date is not real, rather than writing 1970 or another day", () => {
    const day = orientationDay();
    const badTime = {
      ...day,
      rondes: day.rondes.map((ronde) =>
        ronde.number === 1 ? { ...ronde, startTime: "99:99" } : ronde,
      ),
    };
    const lines = unfold(
      registrationCalendar(badTime, [{ round: 1, title: "Weg" }], "localhost"),
    );
    expect(lines).not.toContain("BEGIN:VEVENT");
    const badDate = unfold(
      registrationCalendar(
        orientationDay({ date: "2026-02-31" }),
        [{ round: 1, title: "Weg" }],
        "localhost",
      ),
    );
    expect(badDate).not.toContain("BEGIN:VEVENT");
  });
});

describe("dayLocation", () => {
  it("joins what the day has", () => {
    expect(dayLocation(orientationDay({ address: null }))).toBe(
      "5911 AA Venlo",
    );
    expect(
      dayLocation(
        orientationDay({ address: null, postalCode: null, city: null }),
      ),
    ).toBeNull();
  });
});
