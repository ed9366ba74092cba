// Error reporting for the server, loaded before the app: node --import ./instrument.server.mjs …
// Active only when SENTRY_DSN is set. No tracing (no tracesSampleRate) and no personal data. The filter of
// events not worth reporting is registered by app/entry.server.tsx.
import * as Sentry from "@sentry/react-router";

const dsn = process.env.SENTRY_DSN;

if (dsn) {
  Sentry.init({
    dsn,
    environment: process.env.SENTRY_ENVIRONMENT,
    sendDefaultPii: false,
  });
}
