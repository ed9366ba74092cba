import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startErrorReporting } from "~/lib/error-reporting.client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// After hydration, so the reporter never delays the page; errors React Router catches are reported by the root
// error boundary.
startErrorReporting();
