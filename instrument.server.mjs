// Error reporting for the server, loaded before the app: node --import ./instrument.server.mjs …
// Active only when SENTRY_DSN is set. No tracing (no tracesSampleRate) and no personal data. The filter of
// events not worth reporting is registered by app/entry.server.tsx.
// Sentry's light Node SDK: error reporting without OpenTelemetry. The app imports the same SDK.
import * as Sentry from "@sentry/node-core/light";

const dsn = process.env.SENTRY_DSN;

if (dsn) {
  Sentry.init({
    dsn,
    environment: process.env.SENTRY_ENVIRONMENT,
    sendDefaultPii: false,
  });
}
