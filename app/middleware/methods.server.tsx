/**
 * Resource routes (no page of their own: logout, cart, favourites, health, media, the calendar file, a workshop's
 * seats) answer only the methods they were written for. React Router answers any other method there with a JSON
 * error; this answers it with the site's own page instead: status 405, an Allow header, the layout and a Dutch
 * message.
 *
 * The page is rendered here, outside React Router's document, because React Router renders no page for a
 * resource route. One table lists every resource route's methods; methods.server.test.ts checks it against the
 * route table and the modules, so a new resource route cannot be left out.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import stylesheet from "~/app.css?url";
import { MessagePage } from "~/components/layout/message-page";
import { navItems } from "~/components/layout/nav-items";
import { SiteFrame, SkipLink } from "~/components/layout/site-frame";
import { themeCss } from "~/lib/theme";
import { METHOD_NOT_ALLOWED } from "~/messages";
import type { Settings } from "#contract";

/** Route path (as in app/routes.ts) → the methods it answers. */
export const RESOURCE_ROUTE_METHODS: Record<string, readonly string[]> = {
  uitloggen: ["POST"],
  winkelwagen: ["POST"],
  favorieten: ["GET", "HEAD", "POST"],
  health: ["GET", "HEAD"],
  "media/*": ["GET", "HEAD"],
  "inschrijving-bevestigen/agenda.ics": ["GET", "HEAD"],
  "inschrijving-bevestigen/opnieuw": ["POST"],
  "workshop/:slug/plaatsen": ["GET", "HEAD"],
};

/** The methods a matched route pattern answers, when it is a resource route; null for pages. */
export function resourceRouteMethods(
  pattern: string,
): readonly string[] | null {
  return RESOURCE_ROUTE_METHODS[pattern.replace(/^\/+/, "")] ?? null;
}

/** No scripts at all on this page; styles and pictures from the site itself. */
const CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function MethodNotAllowedDocument({
  settings,
  siteName,
  dayChosen,
}: {
  settings: Settings;
  siteName: string;
  dayChosen: boolean;
}) {
  const items = navItems(dayChosen);
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{METHOD_NOT_ALLOWED.title}</title>
        <link rel="icon" href={settings.logo ?? "/favicon.svg"} />
        <link rel="stylesheet" href={stylesheet} />
        <style
          dangerouslySetInnerHTML={{ __html: themeCss(settings.primaryColor) }}
        />
      </head>
      <body className="flex min-h-dvh flex-col">
        <SkipLink />
        <SiteFrame
          settings={settings}
          siteName={siteName}
          items={items}
          showLogout={false}
        >
          <MessagePage message={METHOD_NOT_ALLOWED.message} />
        </SiteFrame>
      </body>
    </html>
  );
}

export function methodNotAllowedResponse(options: {
  allow: readonly string[];
  path: string;
  settings: Settings;
  siteName: string;
  dayChosen: boolean;
}): Response {
  const html = renderToStaticMarkup(
    <StaticRouter location={options.path}>
      <MethodNotAllowedDocument
        settings={options.settings}
        siteName={options.siteName}
        dayChosen={options.dayChosen}
      />
    </StaticRouter>,
  );
  return new Response(`<!DOCTYPE html>${html}`, {
    status: 405,
    headers: {
      Allow: options.allow.join(", "),
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CSP,
      "Cache-Control": "no-store",
    },
  });
}
