/**
 * The maintenance page (spec "Maintenance page"): the site's logo and name (the page has no header of its own),
 * the reopening date and a countdown that the server renders and
 * JavaScript keeps ticking; the page reloads itself at the end (a meta refresh does it without JavaScript). The
 * one allowed IP address gets a button that switches maintenance off for that browser.
 */
import { useEffect, useState } from "react";
import { Form, data, redirect } from "react-router";
import type { Route } from "./+types/under-construction";
import { Button } from "~/components/ui/button";
import { env } from "~/env.server";
import { MAINTENANCE, LAYOUT } from "~/messages";
import {
  MAINTENANCE_TIME_ZONE,
  parseMaintenanceEnd,
} from "~/lib/maintenance.server";
import { siteName } from "~/lib/site-name";
import {
  maintenanceBypassSetCookie,
  mayBypassMaintenance,
} from "~/session/maintenance-bypass.server";
import { getRequestState } from "~/request/request-state.server";
import { getSettings } from "~/upstream/settings.server";

/**
 * The longest wait of the no-JavaScript reload, so a changed end time is picked up within a day. A timed refresh
 * under 20 hours is an accessibility failure unless it is the real-time event itself (WCAG 2.2.1); so the page
 * refreshes once, at the end time, never periodically. See docs/decisions on the maintenance page.
 */
const MAX_REFRESH_SECONDS = 24 * 60 * 60;

export async function loader({ context }: Route.LoaderArgs) {
  const end = parseMaintenanceEnd(env().MAINTENANCE_END);
  const { clientIp, site, siteData } = getRequestState(context);
  // Shared with the root loader through the site data cache; a failure gives the defaults, never an error.
  const settings = await getSettings(siteData);
  return {
    logo: settings.logo,
    siteName: siteName(settings.fullLocationName, site),
    // Spec: day and month in the Indonesian locale format, e.g. "1 Oktober".
    reopening: new Intl.DateTimeFormat("id-ID", {
      day: "numeric",
      month: "long",
      timeZone: MAINTENANCE_TIME_ZONE,
    }).format(end),
    remainingMs: Math.max(0, end.getTime() - Date.now()),
    mayBypass: mayBypassMaintenance(clientIp, env().MAINTENANCE_BYPASS_IP),
  };
}

export async function action({ context }: Route.ActionArgs) {
  const { clientIp, origin } = getRequestState(context);
  if (!clientIp || !mayBypassMaintenance(clientIp, env().MAINTENANCE_BYPASS_IP))
    throw data(LAYOUT.refused, { status: 403 });
  const cookie = await maintenanceBypassSetCookie(
    env().SESSION_SECRET,
    origin.startsWith("https:"),
    clientIp,
  );
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

export function meta() {
  return [{ title: MAINTENANCE.title }];
}

/**
 * Milliseconds left, counted down every second from the server's value (not the browser's clock, which may be
 * off and would otherwise reload the page too early, again and again). Reloads the page at zero.
 */
function useCountdown(initialMs: number): number {
  const [remainingMs, setRemainingMs] = useState(initialMs);
  useEffect(() => {
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, initialMs - (Date.now() - startedAt));
      setRemainingMs(left);
      if (left === 0) {
        clearInterval(timer);
        window.location.reload();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [initialMs]);
  return remainingMs;
}

function parts(ms: number) {
  const total = Math.floor(ms / 1000);
  return [
    { value: Math.floor(total / 86_400), label: MAINTENANCE.units.days },
    {
      value: Math.floor((total % 86_400) / 3600),
      label: MAINTENANCE.units.hours,
    },
    {
      value: Math.floor((total % 3600) / 60),
      label: MAINTENANCE.units.minutes,
    },
    { value: total % 60, label: MAINTENANCE.units.seconds },
  ];
}

export default function UnderConstruction({
  loaderData,
}: Route.ComponentProps) {
  const remainingMs = useCountdown(loaderData.remainingMs);
  const refreshSeconds = Math.min(
    Math.ceil(loaderData.remainingMs / 1000) + 1,
    MAX_REFRESH_SECONDS,
  );
  return (
    <main
      id="inhoud"
      className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-8 p-6 text-center"
    >
      {/* Without JavaScript the browser reloads the page at the end time; with it, useCountdown does. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(refreshSeconds)} />
      </noscript>
      <div className="flex flex-col items-center gap-3">
        {loaderData.logo ? (
          <img
            src={loaderData.logo}
            // The name follows as text.
            alt=""
            className="h-16 w-auto max-w-full object-contain dark:rounded-md dark:bg-gray-100 dark:px-1"
          />
        ) : null}
        <p className="text-lg font-semibold">{loaderData.siteName}</p>
      </div>
      <h1
        lang="en"
        className="text-primary-800 dark:text-primary-200 text-3xl font-bold sm:text-4xl"
      >
        {MAINTENANCE.title}
      </h1>
      <p className="text-lg">{MAINTENANCE.reopens(loaderData.reopening)}</p>
      <section aria-labelledby="resterende-tijd" className="w-full">
        <h2 id="resterende-tijd" className="sr-only">
          {MAINTENANCE.remaining}
        </h2>
        <div role="timer" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {parts(remainingMs).map(({ value, label }) => (
            <p
              key={label}
              className="bg-primary-50 dark:bg-primary-950 flex flex-col items-center rounded-lg px-4 py-3"
            >
              <span className="text-3xl font-bold tabular-nums sm:text-4xl">
                {value}
              </span>
              <span>{label}</span>
            </p>
          ))}
        </div>
      </section>
      {loaderData.mayBypass ? (
        <Form method="post">
          <Button type="submit">{MAINTENANCE.bypass}</Button>
        </Form>
      ) : null}
    </main>
  );
}
