/**
 * Error events not worth reporting (spec "Dropped before sending"), for the server's own errors and the reports
 * browsers post to it (decision 0067):
 * - unhandled promise rejections saying an object was not found matching an id: thrown by the scripts Outlook's
 *   Safe Links scanner runs when it opens links from e-mails, not by this site;
 * - events from mail-link safety scanners, other bots, and Microsoft Office (links opened from Word or Outlook
 *   are first fetched by Office itself);
 * - errors thrown in a browser extension's script (its top frame is an extension's file), not in the site's.
 */
import type {
  ErrorEvent,
  Event,
  EventHint,
  LightNodeClient,
} from "@sentry/node-core/light";
import { isAutomatedUserAgent } from "~/lib/link-scanners";

const OBJECT_NOT_FOUND = /Object Not Found Matching Id:/i;
const EXTENSION_FILE =
  /^(?:chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i;

function isUnhandledRejection(event: ErrorEvent): boolean {
  return (event.exception?.values ?? []).some((exception) =>
    /unhandledrejection/i.test(exception.mechanism?.type ?? ""),
  );
}

function messages(event: ErrorEvent, hint?: EventHint): string[] {
  const found = (event.exception?.values ?? []).map(
    (exception) => exception.value ?? "",
  );
  if (event.message) found.push(event.message);
  const original = hint?.originalException;
  if (typeof original === "string") found.push(original);
  else if (original instanceof Error) found.push(original.message);
  return found;
}

/** Whether an exception was thrown in an extension: the frame that threw (Sentry lists it last) is its file. */
function isFromExtension(event: ErrorEvent): boolean {
  return (event.exception?.values ?? []).some((exception) => {
    const top = exception.stacktrace?.frames?.at(-1);
    return EXTENSION_FILE.test(top?.filename ?? top?.abs_path ?? "");
  });
}

function userAgent(event: ErrorEvent): string | null {
  const headers = event.request?.headers ?? {};
  const key = Object.keys(headers).find(
    (name) => name.toLowerCase() === "user-agent",
  );
  return key ? (headers[key] ?? null) : null;
}

export function shouldDropEvent(event: ErrorEvent, hint?: EventHint): boolean {
  if (
    isUnhandledRejection(event) &&
    messages(event, hint).some((message) => OBJECT_NOT_FOUND.test(message))
  )
    return true;
  if (isFromExtension(event)) return true;
  const agent = userAgent(event);
  if (!agent) return false;
  return isAutomatedUserAgent(agent);
}

/** Sentry's beforeSend: the event, or null to drop it. */
export function beforeSend(
  event: ErrorEvent,
  hint?: EventHint,
): ErrorEvent | null {
  return shouldDropEvent(event, hint) ? null : event;
}

/*
 * Personal data in an event (issue 43): an address or a phone number a student typed can end up in an error's
 * message, a stack, a URL or a breadcrumb, and the error tracker is no place for it. Every text of every event is
 * scrubbed just before it leaves (registered on the client's `beforeSendEvent`, app/entry.server.tsx), the
 * server's own and the browser's reports alike.
 */

const EMAIL_PLACEHOLDER = "[email]";
const PHONE_PLACEHOLDER = "[phone]";

/**
 * An e-mail address, also with its @ percent-encoded (a URL's path or query). It must start where a word starts
 * (not inside one), so a long run of letters costs its length once, never its square.
 */
const EMAIL =
  /(?<![\p{L}\p{N}._%+'-])[\p{L}\p{N}._%+'-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;

/** Between the digits of a phone number: a space, hyphen, dot or slash, once, or a percent-encoded space. */
const SEPARATOR = String.raw`(?:[ \u00A0./-]|%20)?`;
/** A digit, maybe with a parenthesis before or after it: "(020)", "+31 (0)6". */
const DIGIT = String.raw`\(?\d\)?`;
/**
 * A phone number: an international one, "+" (or "%2B", or "00") and 8 to 15 digits ("+31 6 1234 5678",
 * "+44 20 7946 0958", "0031 (0)6-12345678"), or a Dutch one, 0 and nine digits in any grouping ("06-12345678",
 * "(020) 123 45 67", "0612345678", "tel:0612345678"). Not inside a word or a longer number (a file's hash, an id, a
 * version, a decimal: no letter, digit, dot or hyphen right before, no letter, digit or colon right after), so a
 * date and time such as "01-12-2026 10:00" is left alone.
 */
const PHONE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.+%-])(?:(?:\+|%2B|00)${SEPARATOR}\(?[1-9]\)?(?:${SEPARATOR}${DIGIT}){7,14}|\(?0\)?(?:${SEPARATOR}${DIGIT}){9})(?![\p{L}\p{N}_:])`,
  "giu",
);

/** A text without the e-mail addresses and phone numbers in it: each is replaced by what it was. */
export function scrubText(text: string): string {
  const withoutAddresses =
    text.includes("@") || /%40/i.test(text)
      ? text.replace(EMAIL, EMAIL_PLACEHOLDER)
      : text;
  return /\d/.test(withoutAddresses)
    ? withoutAddresses.replace(PHONE, PHONE_PLACEHOLDER)
    : withoutAddresses;
}

/** Identifiers and the SDK's own bookkeeping: never personal, and ids must reach Sentry as they are. */
const UNSCRUBBED_KEYS = new Set([
  "event_id",
  "trace_id",
  "span_id",
  "parent_span_id",
  "sdk",
  "sdkProcessingMetadata",
  "debug_meta",
]);
/** Deeper than any event the SDK builds; what lies below is dropped rather than sent unread. */
const MAX_DEPTH = 32;

function scrubValue(value: unknown, depth: number, seen: WeakSet<object>) {
  if (typeof value === "string") return scrubText(value);
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return value;
  if (depth >= MAX_DEPTH) return undefined;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1)
      value[i] = scrubValue(value[i], depth + 1, seen);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (UNSCRUBBED_KEYS.has(key)) continue;
    record[key] = scrubValue(record[key], depth + 1, seen);
  }
  return value;
}

/**
 * The event without e-mail addresses and phone numbers, in place: every string in it (message, exception values,
 * stack frames, request URL and headers, breadcrumbs, extra data, contexts, tags), whatever field it is in.
 */
export function scrubEvent<Scrubbed extends Event>(event: Scrubbed): Scrubbed {
  scrubValue(event, 0, new WeakSet());
  return event;
}

/**
 * Makes the client scrub every event as the last thing before it is put in an envelope: after event processors
 * and `beforeSend`, for every scope (the browser's reports are captured in one of their own).
 */
export function scrubEveryEvent(client: Pick<LightNodeClient, "on">): void {
  client.on("beforeSendEvent", (event) => void scrubEvent(event));
}
