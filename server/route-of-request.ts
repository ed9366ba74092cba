/**
 * Which of the app's routes a request reaches, decided the way React Router decides it: its own route table
 * (the build's `routes`) and its `matchRoutes`, after the same `.data` normalisation. The server's rate limits
 * classify posts by the route they reach, so `/contact/`, `/CONTACT`, `/%63ontact` and `/contact.data` all count
 * as the contact form; comparing raw paths let every other spelling through at the general rate.
 */
import { LRUCache } from "lru-cache";
import { matchRoutes } from "react-router";
import type { RouteMatch, RouteObject } from "react-router";

/** The part of a route manifest (ServerBuild["routes"]) that matching needs. */
export type RouteTable = Record<
  string,
  | {
      id: string;
      parentId?: string;
      path?: string;
      index?: boolean;
      caseSensitive?: boolean;
    }
  | undefined
>;

/** 'Versturen': the registration form, whose post mails the confirmation link (or the summary of a change). */
export const REGISTRATION_FORM_ROUTE_ID = "routes/registration-form";

/** The route ids whose posts send mail or reach people, and which of their posts do. */
const MESSAGE_ROUTES: Record<string, (form: FormData | undefined) => boolean> =
  {
    // A question to the organisers.
    "routes/contact": () => true,
    // The school choice page's login request (app/routes/school-select.tsx posts intent=login).
    "routes/school-select": (form) => form?.get("intent") === "login",
    // The confirmation mail sent again (Home's notice after 'Versturen').
    "routes/resend-confirmation": () => true,
    // 'Versturen' itself.
    [REGISTRATION_FORM_ROUTE_ID]: () => true,
  };

export const MESSAGE_ROUTE_IDS = Object.keys(MESSAGE_ROUTES);

function childrenOf(table: RouteTable, parentId: string | undefined) {
  const children: RouteObject[] = [];
  for (const route of Object.values(table)) {
    if (!route || route.parentId !== parentId) continue;
    const shared = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
    };
    children.push(
      route.index
        ? { ...shared, index: true }
        : { ...shared, children: childrenOf(table, route.id) },
    );
  }
  return children;
}

/**
 * React Router's path for a data request (trailing-slash aware since v8, decision 0054): `/x.data` is `/x`,
 * `/x/_.data` is `/x/` and `/_.data` is `/`. Matching ignores a trailing slash, so both reach route `x`.
 */
function documentPath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}

/**
 * React Router's matches for a request URL's path, or null when none match or the URL does not parse. Remembered
 * per path (a bounded LRU): ranking the whole route table on every request was a measurable part of the health
 * check's cost, and a site's requests reach few distinct paths.
 */
function pathMatcher(table: RouteTable) {
  const tree = childrenOf(table, undefined);
  const remembered = new LRUCache<string, RouteMatch[] | "none">({
    max: 1000,
  });
  return (url: string): RouteMatch[] | null => {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    const path = documentPath(pathname);
    let matches = remembered.get(path);
    if (matches === undefined) {
      matches = matchRoutes(tree, path) ?? "none";
      remembered.set(path, matches);
    }
    return matches === "none" ? null : matches;
  };
}

/** Gives the id of the route a request URL reaches (the deepest match), or null when none does. */
export function routeMatcher(
  table: RouteTable,
): (url: string) => string | null {
  const match = pathMatcher(table);
  return (url) => match(url)?.at(-1)?.route.id ?? null;
}

/**
 * Gives the route pattern a request URL reaches, as the route table writes it (`/workshop/:slug`, `*` for the
 * not-found route), or null when none does: the metrics' `route` label, never the raw path.
 */
export function routePatternMatcher(
  table: RouteTable,
): (url: string) => string | null {
  const match = pathMatcher(table);
  return (url) => {
    const matches = match(url);
    if (!matches) return null;
    const parts = matches
      .map((found) => found.route.path)
      .filter((path): path is string => Boolean(path));
    const last = parts.at(-1);
    if (last === "*") return "*";
    return `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  };
}

/** Whether a post to the route sends mail or reaches people (the tighter rate limit). */
export function isMessagePost(
  routeId: string | null,
  form: FormData | undefined,
): boolean {
  return routeId !== null && (MESSAGE_ROUTES[routeId]?.(form) ?? false);
}
