/**
 * Every request's id: the one a trusted reverse proxy sent in X-Request-Id, or one made here. It is sent back as
 * a response header, written in the request's log line, sent to the upstream with every call the request makes,
 * and attached to error reports, so one visitor's failure can be followed through proxy, app and upstream logs.
 * The HTTP server (server/app.ts) decides it and hands it to the app in the router context.
 */
import { randomUUID } from "node:crypto";
import { createContext } from "react-router";
import type { RouterContextProvider } from "react-router";

export const REQUEST_ID_HEADER = "X-Request-Id";

export const requestIdContext = createContext<string | null>(null);

/**
 * Only ids that are safe in a header and a log line, and short: a proxy's id is a UUID or alike, and anything else
 * (from a proxy passing a visitor's header on) is replaced rather than trusted.
 */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The proxy's id when the request came from a trusted proxy and the id is well-formed; otherwise a new one. */
export function requestIdFor(
  received: string | undefined,
  fromTrustedProxy: boolean,
): string {
  if (fromTrustedProxy && received !== undefined && REQUEST_ID.test(received))
    return received;
  return randomUUID();
}

/** The id the server put in this request's context, or null (the development server, unit tests). */
export function requestId(
  context: Readonly<RouterContextProvider>,
): string | null {
  return context.get(requestIdContext);
}
