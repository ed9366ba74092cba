/**
 * Dates as the site writes them. Formatted on the server, in UTC, so that the browser shows the same text
 * whatever its time zone, and a calendar date never shifts a day.
 */
/**
 * A formatter made on its first use, then kept: making one (a time zone's data above all) costs a slow phone tens of
 * milliseconds, and at module load that landed in whichever interaction first loaded this module.
 */
function formatter(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
}

const longDate = formatter("nl-NL", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * "2026-12-05" → "zaterdag 5 december 2026". Never throws: a value that is no date (the contract refuses one, but
 * formatting must not take a page down) is shown as it came.
 */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : longDate().format(date);
}

/** The site's events and holds happen in the Netherlands: an instant is told as a Dutch clock reads it. */
const DUTCH_TIME_ZONE = "Europe/Amsterdam";
const clockTime = formatter("nl-NL", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: DUTCH_TIME_ZONE,
});
const dayOfMonth = formatter("nl-NL", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: DUTCH_TIME_ZONE,
});
const calendarDay = formatter("en-CA", {
  timeZone: DUTCH_TIME_ZONE,
});

/**
 * An instant (ISO date-time) as a Dutch clock reads it: "14:35" today, "zaterdag 28 november 14:35" on another
 * day. null for a value that is no date (the contract refuses one; a notice must not take a page down).
 */
export function formatClockTime(
  isoDateTime: string,
  now: Date = new Date(),
): string | null {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return null;
  const time = clockTime().format(instant);
  return calendarDay().format(instant) === calendarDay().format(now)
    ? time
    : `${dayOfMonth().format(instant)} ${time}`;
}
