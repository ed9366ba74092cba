/**
 * Error events not worth reporting (spec "Dropped before sending"), for the server's own errors and the reports
 * browsers post to it (decision 0067):
 * - unhandled promise rejections saying an object was not found matching an id: thrown by the scripts Outlook's
 *   Safe Links scanner runs when it opens links from e-mails, not by this site;
 * - events from mail-link safety scanners, other bots, and Microsoft Office (links opened from Word or Outlook
 *   are first fetched by Office itself);
 * - errors thrown in a browser extension's script (its top frame is an extension's file), not in the site's.
 */
import type { ErrorEvent, EventHint } from "@sentry/node-core/light";
import { isAutomatedUserAgent } from "./link-scanners";

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
