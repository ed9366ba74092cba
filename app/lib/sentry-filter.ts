/**
 * Error events not worth reporting (spec "Dropped before sending"), shared by the server and the browser SDK:
 * - unhandled promise rejections saying an object was not found matching an id: thrown by the scripts Outlook's
 *   Safe Links scanner runs when it opens links from e-mails, not by this site;
 * - events from mail-link safety scanners, other bots, and Microsoft Office (links opened from Word or Outlook
 *   are first fetched by Office itself).
 */
import type { ErrorEvent, EventHint } from "@sentry/node-core/light";
import { isAutomatedUserAgent } from "./link-scanners";

const OBJECT_NOT_FOUND = /Object Not Found Matching Id:/i;

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
