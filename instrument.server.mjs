// Error reporting for the server, loaded before the app: node --import ./instrument.server.mjs …
// Active only when SENTRY_DSN is set. No tracing (no tracesSampleRate) and no personal data. The filter of
// events not worth reporting is registered by app/entry.server.tsx.
// Sentry's light Node SDK: error reporting without OpenTelemetry. The app imports the same SDK, and sends the
// browser's error reports with it too (decision 0067).
import * as Sentry from "@sentry/node-core/light";

const dsn = process.env.SENTRY_DSN;

if (dsn) {
  Sentry.init({
    dsn,
    environment: process.env.SENTRY_ENVIRONMENT,
    sendDefaultPii: false,
  });
}
