// First: it configures Zod before any route module builds a schema.
import {
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import "./app.css";
import { FlashToasts } from "~/components/layout/flash-toasts";
import { LoadingOverlay } from "~/components/layout/loading-overlay";
import { MessagePage } from "~/components/layout/message-page";
import { ScriptsAfterLoad } from "~/components/layout/scripts-after-load";
import { navItems } from "~/components/layout/nav-items";
import { SiteFrame, SkipLink } from "~/components/layout/site-frame";
import { rootMiddleware } from "~/middleware/index.server";
import { MESSAGES, METHOD_NOT_ALLOWED, LAYOUT } from "~/messages";
import {
  ERROR_REPORT_PATH,
  errorReportingOn,
} from "~/observability/browser-error-report.server";
import { reportError } from "~/lib/error-reporting.client";
import { useNonce } from "~/lib/nonce";
import { siteName } from "~/lib/site-name";
import { themeCss } from "~/lib/theme";
import { getRegistration } from "~/registration/registration.server";
import { getRequestState } from "~/request/request-state.server";
import { getSettings } from "~/upstream/settings.server";

export const middleware = rootMiddleware;

/** The maintenance page replaces the whole site, so it gets no navigation or footer. */
const BARE_PATHS = [href("/under-construction")];

/** Whether the visitor's registration has been created (confirmed): only then can they log out. */
async function hasCreatedRegistration(
  context: Route.LoaderArgs["context"],
): Promise<boolean> {
  try {
    const lookup = await getRegistration(context);
    return lookup.state === "found" && lookup.registration.created !== null;
  } catch {
    // A failure only hides the logout button; the page itself does not depend on it.
    return false;
  }
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { site, session, siteData } = getRequestState(context);
  const bare = BARE_PATHS.includes(url.pathname);
  const [settings, showLogout] = await Promise.all([
    getSettings(siteData),
    bare ? false : hasCreatedRegistration(context),
  ]);
  return {
    settings,
    siteName: siteName(settings.fullLocationName, site),
    themeCss: themeCss(settings.primaryColor),
    dayChosen: session.orientationDayId !== null,
    showLogout,
    toasts: session
      .takeToasts()
      .map((toast) => ({ ...toast, id: crypto.randomUUID() })),
    // Where the browser posts its error reports, while the server sends them on (decision 0067).
    errorReports: errorReportingOn() ? ERROR_REPORT_PATH : null,
  };
}

/** Flash toasts, the logout button and the Inschrijven tab depend on the session, which any request may change. */
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const bare = BARE_PATHS.includes(pathname);
  const items = navItems(data?.dayChosen ?? false);
  // Once the whole page has hydrated (a parent's effect runs after its children's), say so on <html>: the scripts
  // start only after the page has loaded, and the end-to-end tests wait for this before testing what they do.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);

  return (
    // Dark mode comes from the stylesheet (prefers-color-scheme); a "dark" or "light" class would override it.
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data?.errorReports ? (
          <meta name="error-reports" content={data.errorReports} />
        ) : null}
        <meta
          name="description"
          content={LAYOUT.description(data?.settings.fullLocationName)}
        />
        {/* The site's own logo as its icon; a neutral one where settings give none. */}
        <link rel="icon" href={data?.settings.logo ?? "/favicon.svg"} />
        <Meta />
        <Links />
        {data ? (
          <style
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: data.themeCss }}
          />
        ) : null}
      </head>
      <body className="flex min-h-dvh flex-col">
        <SkipLink />
        <FlashToasts toasts={data?.toasts ?? []} />
        {bare ? (
          children
        ) : (
          <SiteFrame
            settings={data?.settings ?? null}
            siteName={data?.siteName ?? siteName(null, "")}
            items={items}
            showLogout={data?.showLogout ?? false}
          >
            {children}
          </SiteFrame>
        )}
        <LoadingOverlay />
        <ScrollRestoration nonce={nonce} />
        {/* The page paints and works without its scripts; they load after it (decision 0019). */}
        <ScriptsAfterLoad nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MessagePage message={MESSAGES.notFound} />;
  }
  if (isRouteErrorResponse(error) && error.status === 405) {
    return <MessagePage message={METHOD_NOT_ALLOWED.message} />;
  }
  // A page that could not get its data from the upstream (pageStatus): the catalogue's message, no error report.
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <MessagePage message={MESSAGES.genericError} />;
  }
  return <UnexpectedError error={error} />;
}

function UnexpectedError({ error }: { error: unknown }) {
  // The server logs and reports its own errors; this reports those that happen in the browser.
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);
  return <MessagePage message={MESSAGES.unexpectedError} />;
}
