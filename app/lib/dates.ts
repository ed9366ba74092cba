/**
 * Dates as the site writes them. Formatted on the server, in UTC, so that the browser shows the same text
 * whatever its time zone, and a calendar date never shifts a day.
 */
const longDate = new Intl.DateTimeFormat("nl-NL", {
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
  return Number.isNaN(date.getTime()) ? isoDate : longDate.format(date);
}
