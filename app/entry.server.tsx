import { randomBytes } from "node:crypto";
import * as Sentry from "@sentry/node-core/light";
import type { ErrorEvent } from "@sentry/node-core/light";
import type { EntryContext, HandleErrorFunction } from "react-router";
import {
  isRouteErrorResponse,
  RouterContextProvider,
  ServerRouter,
} from "react-router";
import { env } from "~/env.server";
import { NonceProvider } from "~/lib/nonce";
import { renderDocument } from "~/lib/render-document.server";
import { requestId } from "~/observability/request-id.server";
import {
  scrubEveryEvent,
  shouldDropEvent,
} from "~/observability/sentry-filter.server";
import { requestOrigin } from "~/middleware/host.server";

// React Router's bound on the loader data's encoding (a promise in the data still pending after it is rejected), so
// the data a page renders from is read to its end in time (decision 0079).
export const streamTimeout = 5_000;

// Read the configuration when the server loads this build, so bad or missing settings stop the start with a
// message naming the variable, rather than failing every request afterwards.
env();

// Sentry is initialised by instrument.server.mjs (loaded with node --import) when SENTRY_DSN is set. That file is
// plain JavaScript outside the build, so the event filter, written in TypeScript, is registered here instead.
Sentry.addEventProcessor((event, hint) =>
  event.type === undefined && shouldDropEvent(event as ErrorEvent, hint)
    ? null
    : event,
);
// E-mail addresses and phone numbers are taken out of every event just before it leaves, whichever scope made it
// (the browser's reports are captured in a scope of their own): issue 43.
const client = Sentry.getClient();
if (client) scrubEveryEvent(client);

/**
 * The Content-Security-Policy of every HTML page. Scripts run only with this response's nonce; 'strict-dynamic'
 * lets those scripts load the app's modules. Styles allow 'unsafe-inline' because style attributes (React style
 * props: a toast's lifetime, a domain label's colours) cannot carry a nonce; styles cannot run code.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { https: boolean },
): string {
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // Images come from the site itself (/media proxies the upstream's), data: for inline icons.
    "img-src 'self' data:",
    // The browser's error reports go to the site itself too (decision 0067).
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Fresh for every response, so a nonce seen in one page is worthless in the next.
  const nonce = randomBytes(16).toString("base64");
  const html = await renderDocument(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    routerContext,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, {
      // The server builds the request URL with the public scheme (decision 0013).
      https: requestOrigin(request).protocol === "https",
    }),
  );
  return new Response(html, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/** Every error React Router catches on the server (loaders, actions, rendering) is logged and reported. */
export const handleError: HandleErrorFunction = (
  error,
  { request, context },
) => {
  // A visitor who navigated away aborts the request; that is not a fault.
  if (request.signal.aborted) return;
  // The router's own answers to a request it cannot serve (a POST to a page without a form: 405) are the
  // visitor's doing, not faults; they get their page without filling the log and the error reports.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A page that could not get its data from the upstream (a thrown pageStatus 503) is an outage, not a fault of
  // ours: the request's own line says it as a warning (server/app.ts), with the failed calls' lines before it.
  if (isRouteErrorResponse(error) && error.status === 503) return;
  console.error(error);
  const id =
    context instanceof RouterContextProvider ? requestId(context) : null;
  Sentry.captureException(error, id ? { tags: { request_id: id } } : undefined);
};
