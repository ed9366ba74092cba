/**
 * When the maintenance page replaces the site (spec "Maintenance"): while the flag is on and now is before the
 * end time. The end time is written as local time in Europe/Amsterdam, as the people who set it think of it.
 */
import { href } from "react-router";
import { TZDate } from "@date-fns/tz";

export const MAINTENANCE_TIME_ZONE = "Europe/Amsterdam";
export const MAINTENANCE_PATH = href("/under-construction");

const LOCAL_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const WITH_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

function invalid(value: string): Error {
  return new Error(`MAINTENANCE_END is not a valid date-time: "${value}"`);
}

/**
 * "2025-10-01T00:00" (or "2025-10-01", "2025-10-01 00:00:00") as Amsterdam local time; an ISO date-time with
 * "Z" or an offset as written. Throws on anything else, so a typo in MAINTENANCE_END is noticed.
 */
/** The last value read and its time: the setting is read on every request and changes only with a restart. */
let parsed: { value: string; time: number } | null = null;

export function parseMaintenanceEnd(value: string): Date {
  if (parsed?.value !== value)
    parsed = { value, time: parseEnd(value).getTime() };
  return new Date(parsed.time);
}

function parseEnd(value: string): Date {
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) throw invalid(value);
    return date;
  }
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) throw invalid(value);
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const date = new TZDate(
    year!,
    month! - 1,
    day!,
    hour,
    minute,
    second,
    MAINTENANCE_TIME_ZONE,
  );
  // TZDate rolls over out-of-range fields (month 13, hour 25); such input is a typo, not a date.
  if (
    date.getMonth() !== month! - 1 ||
    date.getDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw invalid(value);
  }
  return new Date(date.getTime());
}

export function isUnderMaintenance(
  flag: boolean,
  end: Date,
  now: Date,
): boolean {
  return flag && now.getTime() < end.getTime();
}

/**
 * Paths that stay reachable during maintenance: the maintenance page itself, the health check, images and static
 * files (which the HTTP server normally answers before the app sees them).
 */
export function isMaintenanceExempt(pathname: string): boolean {
  return (
    pathname === MAINTENANCE_PATH ||
    pathname === href("/health") ||
    pathname.startsWith("/media/") ||
    pathname.startsWith("/assets/") ||
    /^\/[^/]+\.(?:ico|png|svg|txt|webmanifest|xml)$/i.test(pathname)
  );
}
