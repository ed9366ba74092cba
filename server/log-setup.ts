// Imported first by server/main.ts: every line the process writes is JSON from its first module on.
import { flush } from "@sentry/node-core/light";
import { logEverythingAsJson } from "./log";

// An uncaught error reported to Sentry (when SENTRY_DSN is set) is sent before the process exits.
logEverythingAsJson(() => flush(2000));
