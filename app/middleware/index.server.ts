/**
 * The root middleware: runs before every loader and action, in this order (spec "Route guard", server side):
 *   security headers → cache headers → host guard → cross-origin refusal → maintenance → session → resource route methods.
 * Each step is a separate function so it reads on its own; createRootMiddleware takes its dependencies so the
 * chain can be tested with any configuration and clock.
 */
import { href, redirect } from "react-router";
import type { MiddlewareFunction } from "react-router";
import { env as processEnv } from "~/env.server";
import type { Env } from "~/env.server";
import { clientAddress } from "~/session/client-ip.server";
import { requestId } from "~/observability/request-id.server";
import { hasMaintenanceBypass } from "~/session/maintenance-bypass.server";
import {
  getRequestState,
  setRequestState,
  siteUpstream,
  visitorUpstream,
} from "~/request/request-state.server";
import {
  FAVOURITES_COOKIE_NAME,
  foldFavourites,
} from "~/session/favourites.server";
import { VisitorSession } from "~/session/session.server";
import { createUpstreamClient } from "~/upstream/client.server";
import { siteName } from "~/lib/site-name";
import { DEFAULT_SETTINGS, getSettings } from "~/upstream/settings.server";
import { applyCachePolicy } from "./caching.server";
import {
  isAllowedHost,
  isCrossOriginWrite,
  requestOrigin,
} from "./host.server";
import {
  methodNotAllowedResponse,
  resourceRouteMethods,
} from "./methods.server";
import {
  MAINTENANCE_PATH,
  isMaintenanceExempt,
  isUnderMaintenance,
  parseMaintenanceEnd,
} from "~/lib/maintenance.server";
import { LAYOUT } from "~/messages";

export interface PipelineDependencies {
  env: () => Env;
  now?: () => Date;
  createUpstream?: typeof createUpstreamClient;
}

const HEALTH_PATH = href("/health");

/** Sets headers on a response, copying it first when its headers are immutable (e.g. a proxied fetch response). */
function withHeaders(
  response: Response,
  change: (headers: Headers) => void,
): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    change(copy.headers);
    return copy;
  }
}

function isRedirectStatus(status: number): boolean {
  return (status >= 300 && status < 400) || status === 202;
}

function forbidden(): Response {
  return new Response(LAYOUT.refused, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export function createRootMiddleware(
  deps: PipelineDependencies,
): MiddlewareFunction<Response>[] {
  const now = deps.now ?? (() => new Date());
  const createUpstream = deps.createUpstream ?? createUpstreamClient;

  /** Headers every response carries. The CSP is set on HTML documents in entry.server.tsx. */
  const securityHeaders: MiddlewareFunction<Response> = async (_args, next) => {
    const response = await next();
    return withHeaders(response, (headers) => {
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("X-Frame-Options", "DENY");
      // A route may choose a stricter policy (no-referrer on pages with tokens in the address); keep it.
      if (!headers.has("Referrer-Policy"))
        headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    });
  };

  /** Who may keep the answer (caching.server.ts); outside the session step, so it sees the session's cookie. */
  const cacheHeaders: MiddlewareFunction<Response> = async (
    { request, url },
    next,
  ) => {
    const response = await next();
    return withHeaders(response, (headers) =>
      applyCachePolicy(headers, {
        pathname: url.pathname,
        cookie: request.headers.get("cookie"),
      }),
    );
  };

  /** Spec: a host that is not one of the sites goes to the provider's main site. */
  const hostGuard: MiddlewareFunction<Response> = ({ request, url }, next) => {
    // Reverse-proxy health checks use any Host.
    if (url.pathname === HEALTH_PATH) return next();
    const config = deps.env();
    const { host } = requestOrigin(request);
    if (!isAllowedHost(host, config.ALLOWED_HOSTS, config.SITE_DOMAIN))
      return redirect(config.PROVIDER_SITE_URL, 302);
    return next();
  };

  /** No form can be posted from another site (decided in host.server.ts). */
  const crossOriginGuard: MiddlewareFunction<Response> = (
    { request },
    next,
  ) => {
    const crossOrigin = isCrossOriginWrite({
      method: request.method,
      fetchSite: request.headers.get("sec-fetch-site"),
      origin: request.headers.get("origin"),
      publicOrigin: requestOrigin(request).origin,
    });
    return crossOrigin ? forbidden() : next();
  };

  const maintenance: MiddlewareFunction<Response> = async (
    { request, url, context },
    next,
  ) => {
    const config = deps.env();
    const on =
      isUnderMaintenance(
        config.MAINTENANCE,
        parseMaintenanceEnd(config.MAINTENANCE_END),
        now(),
      ) &&
      !(await hasMaintenanceBypass(request.headers.get("cookie"), {
        secrets: config.SESSION_SECRET,
        clientIp: clientAddress(context),
        allowedIp: config.MAINTENANCE_BYPASS_IP,
        now: () => now().getTime(),
      }));
    if (url.pathname === MAINTENANCE_PATH && !on) return redirect(href("/"));
    if (on && !isMaintenanceExempt(url.pathname))
      return redirect(MAINTENANCE_PATH);
    return next();
  };

  const session: MiddlewareFunction<Response> = async (
    { request, url, context },
    next,
  ) => {
    const config = deps.env();
    const { site, host, origin, protocol } = requestOrigin(request);
    const visitor = await VisitorSession.load(request.headers.get("cookie"), {
      secrets: config.SESSION_SECRET,
      secure: protocol === "https",
    });
    const upstreamOptions = {
      baseUrl: config.UPSTREAM_URL,
      apiKey: config.UPSTREAM_API_KEY,
      deadline: AbortSignal.timeout(config.REQUEST_DEADLINE_MS),
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      requestId: requestId(context),
    };
    const upstream = visitorUpstream(
      host,
      visitor,
      upstreamOptions,
      createUpstream,
    );
    setRequestState(context, {
      site,
      host,
      origin,
      clientIp: clientAddress(context),
      session: visitor,
      changes: request.method !== "GET" && request.method !== "HEAD",
      upstream,
      siteData: siteUpstream(
        host,
        site,
        visitor,
        config.SITE_CACHE_SECONDS * 1000,
        upstreamOptions,
        createUpstream,
      ),
    });

    const response = await next();
    // A redirect (202 is React Router's redirect of a data request) shows no page, so no toast was seen.
    if (isRedirectStatus(response.status)) visitor.restoreTakenToasts();
    // The health check gets the session too: its data request (`/health.data`, whose `url` reads "/health" as
    // well) runs the root loader, which needs it. It never writes a cookie.
    if (url.pathname === HEALTH_PATH) return response;
    const setCookies = visitor.changed ? await visitor.commit() : [];
    // Favourites toggled in responses that crossed: their item cookies go into the list (unless this response
    // writes the list itself).
    const folded = foldFavourites(
      request.headers.get("cookie"),
      protocol === "https",
    );
    if (
      folded &&
      !response.headers
        .getSetCookie()
        .some((setCookie) => setCookie.startsWith(`${FAVOURITES_COOKIE_NAME}=`))
    )
      setCookies.push(folded);
    if (setCookies.length === 0) return response;
    return withHeaders(response, (headers) => {
      for (const setCookie of setCookies)
        headers.append("Set-Cookie", setCookie);
    });
  };

  /** A resource route asked with a method it does not answer gets the site's 405 page (methods.server.tsx). */
  const resourceMethods: MiddlewareFunction<Response> = async (
    { request, url, pattern, context },
    next,
  ) => {
    const allow = resourceRouteMethods(pattern);
    if (!allow || allow.includes(request.method)) return next();
    const { site } = requestOrigin(request);
    // The health check runs without a session, and so without settings.
    const state =
      url.pathname === HEALTH_PATH ? null : getRequestState(context);
    const settings = state
      ? await getSettings(state.siteData)
      : DEFAULT_SETTINGS;
    return methodNotAllowedResponse({
      allow,
      path: url.pathname,
      settings,
      siteName: siteName(settings.fullLocationName, site),
      dayChosen: state?.session.orientationDayId != null,
    });
  };

  return [
    securityHeaders,
    cacheHeaders,
    hostGuard,
    crossOriginGuard,
    maintenance,
    session,
    resourceMethods,
  ];
}

export const rootMiddleware: MiddlewareFunction<Response>[] =
  createRootMiddleware({ env: processEnv });
