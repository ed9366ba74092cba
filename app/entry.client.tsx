import * as Sentry from "@sentry/react-router";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { beforeSend } from "~/lib/sentry-filter";

// The server renders <meta name="sentry-dsn"> when error reporting is configured.
const dsn = document.querySelector<HTMLMetaElement>(
  'meta[name="sentry-dsn"]',
)?.content;

if (dsn) {
  // Errors only: no tracing integration or sample rate, no session replay. Errors React Router catches are
  // reported by the root error boundary.
  Sentry.init({ dsn, beforeSend, sendDefaultPii: false });
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
