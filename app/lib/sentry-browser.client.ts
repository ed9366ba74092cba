// The two parts of the Sentry SDK the browser uses, named so the lazily loaded chunk holds only what they need.
export { captureException, init } from "@sentry/react-router";
