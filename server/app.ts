/**
 * The HTTP server in front of the app (decision 0013): Express with `trust proxy` from TRUST_PROXY, so the
 * public scheme, host and client address of a trusted reverse proxy count and a visitor's own X-Forwarded-*
 * headers do not. Around React Router it adds what a production server needs: security headers on every
 * response, refusal of malformed hosts, compression, static files with the right caching, a bounded and checked
 * request body, rate limits on posts (server/rate-limits.ts), refusal of methods the site does not serve, the browser's
 * error reports (server/error-reports.ts) and one JSON log line per request.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import type {
  ErrorRequestHandler,
  Request,
  RequestHandler,
  Response,
} from "express";
import { MemoryStore } from "express-rate-limit";
import type { Store } from "express-rate-limit";
import onHeaders from "on-headers";
import type { Env } from "~/env.server";
import { writeLine } from "~/observability/log-line.server";
import {
  REQUEST_ID_HEADER,
  requestIdFor,
} from "~/observability/request-id.server";
import { httpDuration, httpRequests } from "~/observability/metrics.server";
import {
  isCrossOriginWrite,
  isValidHost,
  siteName,
} from "~/middleware/host.server";
import { resourceRouteMethods } from "~/middleware/methods.server";
import { ERROR_REPORT_PATH } from "~/observability/browser-error-report.server";
import { errorReports, reportCap, sentrySink } from "./error-reports";
import type { ErrorReportSink } from "./error-reports";
import { pathFields } from "./log";
import { publicUrl } from "./react-router";
import { refuse } from "./refusals";
import { rateLimits } from "./rate-limits";
import type { LimitStore, LimitsConfig } from "./rate-limits";
import { routePatternMatcher } from "./route-of-request";
import type { RouteTable } from "./route-of-request";
import { LAYOUT } from "~/messages";

export interface ServerOptions {
  /** React Router's handler (server/react-router.ts); tests pass a stand-in. */
  handler: RequestHandler;
  /** build/client: the browser's files. */
  clientDir: string;
  /** The build's route table (ServerBuild["routes"]): posts are rate-limited by the route they reach. */
  routes: RouteTable;
  config: Pick<
    Env,
    "TRUST_PROXY" | "BODY_LIMIT_KB" | "ERROR_REPORTS_PER_MINUTE"
  > &
    LimitsConfig;
  /**
   * Receives one JSON line per request; `warn` marks the line of an answer the site could not give (5xx: a page
   * without its data during an upstream outage), which goes to stderr with the other warnings.
   */
  log?: (line: string, level?: "warn") => void;
  /** Where the rate limits count (server/rate-limit-store.ts); in this process's memory when absent. */
  rateLimitStore?: LimitStore;
  /** GET /health/ready (server/readiness.ts); not served when absent. */
  readiness?: RequestHandler;
  /** Where POST /fouten sends the browser's error reports; Sentry when absent. */
  errorReports?: ErrorReportSink;
  /**
   * Where the cap on those reports counts (ERROR_REPORTS_PER_MINUTE): the primary's memory for a cluster's workers,
   * so they count together; this process's memory when absent.
   */
  errorReportStore?: Store;
}

/**
 * The methods the site serves. Any other is refused here with 405 before anything builds the Fetch `Request` React
 * Router needs, which throws on some (TRACE, TRACK, CONNECT): that was a 500 with a stack trace (decision 0050).
 */
export const SERVED_METHODS = new Set(["GET", "HEAD", "POST"]);
/** The method that carries a form; only it is read. */
const BODY_METHOD = "POST";
const FORM_TYPES = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
]);
/** Conform's intent field: the app's forms validate in the browser and never post it; a garbled one crashes. */
const CONFORM_INTENT = "__intent__";

/**
 * The `route` label of a request in the metrics: the route pattern React Router will match, or what the server
 * answered itself (`/assets/*`, a public file, `/health/ready`, `/fouten`, `invalid` for a refused target); never
 * the raw path, which a scanner could make as many of as it likes.
 */
function routeLabel(
  req: Request,
  res: Response,
  patternOf: (url: string) => string | null,
): string {
  if (typeof res.locals.route === "string") return res.locals.route;
  if (req.path.startsWith("/assets/")) return "/assets/*";
  return patternOf(publicUrl(req)) ?? "*";
}

function requestLog(
  write: NonNullable<ServerOptions["log"]>,
  patternOf: (url: string) => string | null,
): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // Only a trusted proxy's id is kept (the socket's peer is one of TRUST_PROXY's); a visitor's is replaced.
    const trusted = (
      req.app.get("trust proxy fn") as (address: string, hop: number) => boolean
    )(req.socket.remoteAddress ?? "", 0);
    const id = requestIdFor(req.get(REQUEST_ID_HEADER), trusted);
    res.locals.requestId = id;
    res.set(REQUEST_ID_HEADER, id);
    let written = false;
    const done = () => {
      if (written) return;
      written = true;
      const labels = {
        // Bounded like `route`: a scanner's WebDAV and made-up methods are one `other`.
        method: SERVED_METHODS.has(req.method) ? req.method : "other",
        route: routeLabel(req, res, patternOf),
        status: String(res.statusCode),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, (performance.now() - started) / 1000);
      const host = (req.get("host") ?? "").slice(0, 100);
      // One warning per answer the site could not give (issue 43): its request line, not a line of its own.
      const failed = res.statusCode >= 500;
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          ...(failed ? { level: "warn" } : {}),
          id,
          site: siteName(req.host ?? ""),
          host,
          method: req.method,
          ...pathFields(req.originalUrl.split("?")[0] ?? ""),
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          ...(res.writableFinished ? {} : { aborted: true }),
        }),
        failed ? "warn" : undefined,
      );
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}

/**
 * Headers every response carries, static files and refusals included. The app's root middleware sets the same
 * ones on its own responses (and a stricter Referrer-Policy on some); here they are only filled in when missing.
 * HSTS only over HTTPS, which behind a trusted proxy is the proxy's scheme.
 */
const securityHeaders: RequestHandler = (req, res, next) => {
  onHeaders(res, () => {
    const defaults: Record<string, string> = {
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    };
    if (req.secure) defaults["Strict-Transport-Security"] = "max-age=31536000";
    for (const [name, value] of Object.entries(defaults))
      if (!res.hasHeader(name)) res.setHeader(name, value);
  });
  next();
};

/** A Host (or trusted X-Forwarded-Host) no URL can hold, or a request target that is no path, is a bad request. */
const requestTarget: RequestHandler = (req, res, next) => {
  if (!isValidHost(req.host) || !req.originalUrl.startsWith("/")) {
    res.locals.route = "invalid";
    return refuse(res, "badRequest");
  }
  next();
};

/**
 * Posts from another origin are refused here, before anything reads them (the app's middleware refuses the same,
 * with the same answer, for the development server). React Router's own check would otherwise run first on pages
 * with an action and answer a bare "Bad Request" while logging and reporting it as an error: a CSRF attempt or a
 * scanner is no fault of ours. The public origin is, behind a trusted proxy, the proxy's scheme and host.
 */
const sameOrigin: RequestHandler = (req, res, next) => {
  const crossOrigin = isCrossOriginWrite({
    method: req.method,
    fetchSite: req.get("sec-fetch-site"),
    origin: req.get("origin"),
    // As `new URL()` writes it (no default port), as browsers send it.
    publicOrigin: new URL(`${req.protocol}://${req.host}`).origin,
  });
  if (!crossOrigin) return next();
  res
    .status(403)
    .type("text/plain; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send(LAYOUT.refused);
};

function hasBody(req: Request): boolean {
  const length = req.get("content-length");
  return (
    req.get("transfer-encoding") !== undefined ||
    (length !== undefined && length !== "0")
  );
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Request bodies: only the two form encodings, at most BODY_LIMIT_KB (a larger body is refused as soon as its
 * length is known, and never held), and readable as a form. The app's actions read the same body again.
 */
function formBody(limitBytes: number): RequestHandler[] {
  const formType: RequestHandler = (req, res, next) => {
    if (req.method !== BODY_METHOD) return next();
    // A POST without a body (a form without fields, sent by a script) carries nothing to refuse.
    if (!hasBody(req)) return next();
    if (!FORM_TYPES.has(mediaType(req.get("content-type"))))
      return refuse(res, "unsupportedType");
    next();
  };
  const read = express.raw({
    type: () => true,
    limit: limitBytes,
    inflate: false,
  });
  const readable: RequestHandler = async (req, res, next) => {
    if (req.method !== BODY_METHOD) return next();
    if (!hasBody(req)) {
      res.locals.form = new FormData();
      return next();
    }
    let form: FormData;
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      form = await new globalThis.Response(body as Uint8Array<ArrayBuffer>, {
        headers: { "Content-Type": req.get("content-type")! },
      }).formData();
    } catch {
      return refuse(res, "badForm");
    }
    if (form.has(CONFORM_INTENT)) return refuse(res, "badForm");
    res.locals.form = form;
    next();
  };
  return [
    formType,
    (req, res, next) =>
      req.method === BODY_METHOD ? read(req, res, next) : next(),
    readable,
  ];
}

/**
 * A method the site does not serve: 405, with the methods the route does serve (a resource route's own, from
 * its table; a page's GET, HEAD and POST) and the site's refusal page. It comes after the rate limits, so a
 * scanner trying every method is slowed down like one posting too often.
 */
function unservedMethods(
  patternOf: (url: string) => string | null,
): RequestHandler {
  return (req, res, next) => {
    if (SERVED_METHODS.has(req.method)) return next();
    const pattern = patternOf(publicUrl(req));
    const allow = (pattern === null ? null : resourceRouteMethods(pattern)) ?? [
      ...SERVED_METHODS,
    ];
    res.set("Allow", allow.join(", "));
    refuse(res, "methodNotAllowed");
  };
}

/** Errors of the body reader carry their status (413 too large, 415 compressed, 400 aborted); others are ours. */
const errors: ErrorRequestHandler = (error, _req, res, _next) => {
  const status = (error as { status?: number }).status ?? 500;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (status === 413) return refuse(res, "tooLarge");
  if (status === 415) return refuse(res, "unsupportedType");
  if (status >= 400 && status < 500) return refuse(res, "badRequest");
  console.error(error);
  refuse(res, "serverError");
};

/** The build's compressed copies of the browser's files (scripts/compress-assets.ts). */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * The browser's files from the build: each as the build compressed it (brotli, else gzip) when the browser accepts
 * that, as it is otherwise (decision 0080). Compressing them per request cost more CPU than a page's render.
 */
function browserFiles(
  dir: string,
  caching: { immutable?: boolean; maxAge: string },
): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { ...caching, index: false, redirect: false },
  });
}

export function createServerApp(options: ServerOptions): express.Express {
  const { config, clientDir } = options;
  const app = express();
  app.set("trust proxy", config.TRUST_PROXY);
  app.disable("x-powered-by");
  const patternOf = routePatternMatcher(options.routes);
  app.use(
    requestLog(
      options.log ??
        ((line, level) =>
          writeLine(line, level ? process.stderr : process.stdout)),
      patternOf,
    ),
  );
  app.use(securityHeaders);
  app.use(requestTarget);
  // For the load balancer, with any Host, before anything that could refuse or redirect it.
  if (options.readiness)
    app.get(
      "/health/ready",
      (_req, res, next) => {
        res.locals.route = "/health/ready";
        next();
      },
      options.readiness,
    );
  // What the app answers as it streams (the data of a page, JSON, a calendar file). A page comes compressed from
  // server/react-router.ts, and the browser's files from the build (below): decision 0080.
  app.use(compression());
  // Vite names these files by their content: they never change, so browsers may keep them for a year.
  app.use(
    "/assets",
    browserFiles(join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
  );
  // Other public files (favicon, robots.txt) keep their names across releases. They are listed once, so a
  // page request does not look for a file of its name on disk first.
  const publicFiles = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !PRECOMPRESSED.test(entry.name))
      .map((entry) => `/${entry.name}`),
  );
  const publicFile = browserFiles(clientDir, { maxAge: "1h" });
  app.use((req, res, next) => {
    if (publicFiles.has(req.path)) {
      res.locals.route = req.path;
      return publicFile(req, res, next);
    }
    next();
  });
  app.use(sameOrigin);
  const limits = rateLimits(config, options.routes, options.rateLimitStore);
  // The browser's error reports: JSON, not a form, so before the form reader; with a budget of their own.
  app.all(
    ERROR_REPORT_PATH,
    (_req, res, next) => {
      res.locals.route = ERROR_REPORT_PATH;
      next();
    },
    ...limits.reports,
    errorReports(
      options.errorReports ?? sentrySink,
      reportCap(
        options.errorReportStore ?? new MemoryStore(),
        config.ERROR_REPORTS_PER_MINUTE,
      ),
    ),
  );
  app.use(formBody(config.BODY_LIMIT_KB * 1024));
  app.use(limits.forms);
  app.use(unservedMethods(patternOf));
  app.use(options.handler);
  app.use(errors);
  return app;
}
