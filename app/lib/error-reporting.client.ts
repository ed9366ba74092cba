/**
 * Error reporting in the browser. The Sentry SDK is the largest part of the site's JavaScript, so it is loaded
 * only where a DSN is configured, and only after the page has become interactive: visitors on slow phones and
 * connections wait for the page, not for the reporter.
 */
import { beforeSend } from "~/lib/sentry-filter";
import type * as SentryBrowser from "./sentry-browser.client";

let sdk: Promise<typeof SentryBrowser | null> | undefined;

/** Starts the SDK when the server rendered <meta name="sentry-dsn">; later calls reuse it. */
export function startErrorReporting() {
  sdk ??= (async () => {
    const dsn = document.querySelector<HTMLMetaElement>(
      'meta[name="sentry-dsn"]',
    )?.content;
    if (!dsn) return null;
    const Sentry = await import("./sentry-browser.client");
    // Errors only: no tracing integration or sample rate, no session replay.
    Sentry.init({ dsn, beforeSend, sendDefaultPii: false });
    return Sentry;
  })();
  return sdk;
}

/** Reports an error the app caught itself (the root error boundary). */
export function reportError(error: unknown) {
  void startErrorReporting().then((Sentry) => Sentry?.captureException(error));
}
