/**
 * The site's rate limits on posts (decision 0075): they follow the visitor, not the building. A school registers
 * whole classes from one computer room behind one address, so a limit per address sized for one student refused
 * the second class; a limit per visitor alone lets a client that drops its cookie post without end. So each kind of
 * post has two budgets a minute, counted in this order:
 *
 * - per visitor: the anonymous id in the visitor's signed session cookie, so one person hammering a form is
 *   stopped (a post without a readable id, a first post or a made-up cookie, has no visitor budget);
 * - per client address: a ceiling sized for several classes at once, which also bounds a client that starts a
 *   new session for every post.
 *
 * Posts that send mail or reach people ('Versturen', login requests, questions, the resend; decided by the route
 * the post reaches, server/route-of-request.ts) have tighter budgets than other posts; the browser's error reports
 * (/fouten) have a budget of their own. 'Versturen' answered 409 (the address is already registered) is counted
 * too: one client address learns at most RATE_LIMIT_LOOKUPS addresses' status an hour, after which every
 * 'Versturen' from it gets the same refusal, whatever the address.
 *
 * The counts live where the caller's store says (server/rate-limit-store.ts: Redis for a fleet; the primary's
 * memory for a container's workers), or in this process's memory. A store that fails lets the post through.
 */
import type { Request, RequestHandler, Response } from "express";
import { MemoryStore, ipKeyGenerator, rateLimit } from "express-rate-limit";
import type { Store } from "express-rate-limit";
import type { Env } from "~/env.server";
import { createSignedCookie } from "~/lib/signed-cookie.server";
import { rateLimited } from "~/observability/metrics.server";
import { SESSION_COOKIE_NAME } from "~/session/session-cookie.server";
import { publicUrl } from "./react-router";
import { refuse } from "./refusals";
import {
  REGISTRATION_FORM_ROUTE_ID,
  isMessagePost,
  routeMatcher,
} from "./route-of-request";
import type { RouteTable } from "./route-of-request";

/** The budgets, each counted apart (in Redis under `rl:<name>:`). */
export type LimitName =
  | "posts"
  | "messages"
  | "visitor-posts"
  | "visitor-messages"
  | "reports"
  | "lookups";

export type LimitsConfig = Pick<
  Env,
  | "RATE_LIMIT_POSTS"
  | "RATE_LIMIT_MESSAGES"
  | "RATE_LIMIT_VISITOR_POSTS"
  | "RATE_LIMIT_VISITOR_MESSAGES"
  | "RATE_LIMIT_REPORTS"
  | "RATE_LIMIT_LOOKUPS"
  | "SESSION_SECRET"
>;

/** Where a limit counts; in this process's memory when absent. */
export type LimitStore = (limit: LimitName) => Store;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** An anonymous id longer than this is none the site made. */
const MAX_VISITOR_ID_LENGTH = 200;

/**
 * The visitor's anonymous id from the signed session cookie, or null: no cookie, a cookie not signed with one of
 * the secrets, or a session that has no id yet. Only the signature is checked; the app reads the rest.
 */
export function visitorIdReader(
  secrets: string[],
): (cookieHeader: string | undefined) => Promise<string | null> {
  const cookie = createSignedCookie(SESSION_COOKIE_NAME, { secrets });
  return async (cookieHeader) =>
    cookieHeader ? visitorIdOf(await cookie.parse(cookieHeader)) : null;
}

function visitorIdOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const id = (value as { anonymousUserId?: unknown }).anonymousUserId;
  return typeof id === "string" &&
    id.length > 0 &&
    id.length <= MAX_VISITOR_ID_LENGTH
    ? id
    : null;
}

/** The client's address as the limits key it: Express's `req.ip` under `trust proxy`, an IPv6 client by its /56. */
function addressKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? "");
}

function refuseTooMany(res: Response, limit: LimitName): void {
  rateLimited.inc({ limit });
  refuse(res, "tooManyRequests");
}

interface Budget {
  name: LimitName;
  perWindow: number;
  windowMs?: number;
  /** The key to count under; null: this budget does not apply to the request. */
  key: (req: Request, res: Response) => string | null;
}

function limiter(budget: Budget, store: LimitStore | undefined) {
  return rateLimit({
    windowMs: budget.windowMs ?? MINUTE_MS,
    limit: budget.perWindow,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: (req, res) => budget.key(req, res) ?? "",
    skip: (req, res) => budget.key(req, res) === null,
    handler: (_req, res) => refuseTooMany(res, budget.name),
    // A visitor may send X-Forwarded-For without a trusted proxy; that is no configuration error. The key is ours.
    validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
    ...(store
      ? {
          store: store(budget.name),
          // Redis down: the post goes through uncounted; the store logs and counts that itself.
          passOnStoreError: true,
          logger: {
            warn: (error: unknown) => console.warn(error),
            error: (error: unknown, message?: string) => {
              if (!message?.includes("error from store")) console.error(error);
            },
          },
        }
      : {}),
  });
}

/**
 * 'Versturen' answered 409 counts against the client address for an hour; at RATE_LIMIT_LOOKUPS every further
 * 'Versturen' from it is refused before it reaches the app, the same for every address. Only the 409s count, once
 * they are answered, so sixty students sending at once are not refused for being in flight together.
 */
function lookups(
  perHour: number,
  store: Store,
  isRegistrationForm: (req: Request) => boolean,
): RequestHandler {
  const ready = Promise.resolve(
    store.init?.({ windowMs: HOUR_MS } as Parameters<
      NonNullable<Store["init"]>
    >[0]),
  ).catch(() => {});
  return async (req, res, next) => {
    if (req.method !== "POST" || !isRegistrationForm(req)) return next();
    const key = addressKey(req);
    try {
      await ready;
      const counted = await store.get?.(key);
      if (
        counted &&
        counted.totalHits >= perHour &&
        (counted.resetTime === undefined || counted.resetTime > new Date())
      )
        return refuseTooMany(res, "lookups");
    } catch {
      // A store that cannot answer holds nobody back (the store logs it).
    }
    res.on("finish", () => {
      if (res.statusCode === 409)
        Promise.resolve(store.increment(key)).catch(() => {});
    });
    next();
  };
}

export interface RateLimits {
  /** For every post the app handles, after its form is read (the route decides which budget). */
  forms: RequestHandler[];
  /** For POST /fouten. */
  reports: RequestHandler[];
}

/** The limits as configured; a budget of 0 is off. */
export function rateLimits(
  config: LimitsConfig,
  routes: RouteTable,
  store?: LimitStore,
): RateLimits {
  const routeOf = routeMatcher(routes);
  const visitorOf = visitorIdReader(config.SESSION_SECRET);
  const isMessage = (req: Request, res: Response): boolean => {
    if (res.locals.isMessage === undefined)
      res.locals.isMessage = isMessagePost(
        routeOf(publicUrl(req)),
        res.locals.form as FormData | undefined,
      );
    return res.locals.isMessage as boolean;
  };
  // Every request but a page view counts: posts, and methods the site refuses (a scanner's run).
  const counted = (req: Request) =>
    req.method !== "GET" && req.method !== "HEAD";
  // Read once per post, before the budgets that key by it.
  const identify: RequestHandler = (req, res, next) => {
    if (!counted(req)) return next();
    visitorOf(req.get("cookie")).then(
      (id) => {
        res.locals.visitorId = id;
        next();
      },
      () => next(),
    );
  };
  const visitor = (_req: Request, res: Response): string | null =>
    (res.locals.visitorId as string | null | undefined) ?? null;
  const budgets = (list: Budget[]): RequestHandler[] =>
    list
      .filter((budget) => budget.perWindow > 0)
      .map((budget) => limiter(budget, store));

  const forms = [
    identify,
    ...budgets([
      // The visitor's budgets first: a visitor refused there does not use up the building's.
      {
        name: "visitor-messages",
        perWindow: config.RATE_LIMIT_VISITOR_MESSAGES,
        key: (req, res) =>
          counted(req) && isMessage(req, res) ? visitor(req, res) : null,
      },
      {
        name: "visitor-posts",
        perWindow: config.RATE_LIMIT_VISITOR_POSTS,
        key: (req, res) =>
          counted(req) && !isMessage(req, res) ? visitor(req, res) : null,
      },
      {
        name: "messages",
        perWindow: config.RATE_LIMIT_MESSAGES,
        key: (req, res) =>
          counted(req) && isMessage(req, res) ? addressKey(req) : null,
      },
      {
        name: "posts",
        perWindow: config.RATE_LIMIT_POSTS,
        key: (req, res) =>
          counted(req) && !isMessage(req, res) ? addressKey(req) : null,
      },
    ]),
  ];
  if (config.RATE_LIMIT_LOOKUPS > 0)
    forms.push(
      lookups(
        config.RATE_LIMIT_LOOKUPS,
        store?.("lookups") ?? new MemoryStore(),
        (req) => routeOf(publicUrl(req)) === REGISTRATION_FORM_ROUTE_ID,
      ),
    );
  const reports = budgets([
    {
      name: "reports",
      perWindow: config.RATE_LIMIT_REPORTS,
      key: (req) => (counted(req) ? addressKey(req) : null),
    },
  ]);
  return { forms, reports };
}
