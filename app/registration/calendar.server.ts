/**
 * 'Zet in je agenda' on the thank-you page: an iCalendar file with one event per chosen round, at the day's
 * address, in Dutch time. Written with ical-generator (escaping, line folding and the VTIMEZONE block are easy to
 * get wrong by hand); the time-zone definition comes from a maintained tz database export, so calendars that do
 * not know "Europe/Amsterdam" by name still place the rounds right, also across a change to or from summer time.
 */
import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { OrientationDay } from "#contract";
import { CALENDAR } from "~/messages";

export const CALENDAR_TIME_ZONE = "Europe/Amsterdam";

export interface ChosenRound {
  round: number;
  /** The chosen workshop's title. */
  title: string;
}

/**
 * "2026-12-05" and "09:30" as that moment in Dutch time; null for a date or time no calendar or clock shows
 * ("2026-02-31", "99:99"), which the Date arithmetic would silently move elsewhere.
 */
function dutchTime(isoDate: string, clock: string): Date | null {
  const [year, month, day] = isoDate.split("-").map(Number) as [
    number,
    number,
    number,
  ];
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  const realDate =
    utc.getUTCFullYear() === year &&
    utc.getUTCMonth() === month - 1 &&
    utc.getUTCDate() === day;
  const realTime =
    Number.isInteger(hours) &&
    Number.isInteger(minutes) &&
    hours >= 0 &&
    hours <= 23 &&
    minutes >= 0 &&
    minutes <= 59;
  if (!realDate || !realTime) return null;
  return new TZDate(year, month - 1, day, hours, minutes, CALENDAR_TIME_ZONE);
}

/** "Straat 1, 5911 AA Venlo", or null when the day has no address. */
export function dayLocation(day: OrientationDay): string | null {
  const place = [day.postalCode, day.city].filter(Boolean).join(" ");
  const location = [day.address, place].filter(Boolean).join(", ");
  return location || null;
}

/**
 * The calendar file's text. `host` makes the events' UIDs unique per site, so importing the file again updates
 * the same events instead of adding copies.
 */
export function registrationCalendar(
  day: OrientationDay,
  chosen: ChosenRound[],
  host: string,
): string {
  const calendar = ical({
    name: day.display,
    prodId: { company: host, product: "open-dag-inschrijven", language: "NL" },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (that would write DTSTAMP without its Z); each event names its zone instead.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const location = dayLocation(day);
  for (const { round, title } of [...chosen].sort(
    (a, b) => a.round - b.round,
  )) {
    const ronde = day.rondes.find((candidate) => candidate.number === round);
    if (!ronde) continue;
    const start = dutchTime(day.date, ronde.startTime);
    const end = dutchTime(day.date, ronde.endTime);
    // A round the file cannot place is left out rather than written at a wrong moment.
    if (!start || !end) continue;
    calendar.createEvent({
      id: `${day.id}-${round}@${host}`,
      start,
      end,
      timezone: CALENDAR_TIME_ZONE,
      summary: title,
      description: CALENDAR.round(round, day.display),
      location,
    });
  }
  return calendar.toString();
}
