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

/**
 * A text kept by the value it was made from: formatting a date costs several microseconds, and a page writes the
 * same few dates (a day, a hold's end) on every view. null (no date) is made again. A plain Map, emptied when it is
 * full, rather than lru-cache: this module is in the browser's bundle too.
 */
function remembered<Value extends object | string>(
  make: (key: string) => Value | null,
): (key: string) => Value | null {
  const kept = new Map<string, Value>();
  return (key) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const value = make(key);
    if (value === null) return null;
    if (kept.size >= 500) kept.clear();
    kept.set(key, value);
    return value;
  };
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
  return longDateOf(isoDate) ?? isoDate;
}

const longDateOf = remembered((isoDate) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : longDate().format(date);
});

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
  const parts = clockParts(isoDateTime);
  if (parts === null) return null;
  return parts.day === calendarDay().format(now)
    ? parts.time
    : `${parts.dayOfMonth} ${parts.time}`;
}

/** The texts of an instant that formatClockTime chooses from; null for a value that is no date. */
const clockParts = remembered((isoDateTime) => {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return null;
  return {
    time: clockTime().format(instant),
    day: calendarDay().format(instant),
    dayOfMonth: dayOfMonth().format(instant),
  };
});
