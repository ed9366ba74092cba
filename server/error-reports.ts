/**
 * POST /fouten: the browser's error reports (decision 0067). The page posts a small JSON report here rather than
 * loading Sentry's browser SDK; this checks it and sends it on with the server's SDK. Served by the HTTP server
 * itself, not by React Router: a report needs no session, no site settings and no upstream, and must arrive while
 * those fail too.
 *
 * Before this runs, the server has refused a post from another origin (403) and counted it against the client's
 * posts limit (429). Here: only POST (405 with Allow), only JSON (415) of at most 16 kB (413), read only while
 * reporting is on. A report that is no report is a 400; everything else is a 204, sent on or dropped by the
 * filter or the cap. Nothing a body holds becomes a 500.
 *
 * The cap (issue 43): at most ERROR_REPORTS_PER_MINUTE reports a minute go on to the error tracker from this
 * server, whoever sends them, so one client (or a page in a loop on many screens) cannot spend its quota. The
 * workers of one server count together: the count lives where the rate limits' does without Redis, in the
 * primary's memory (server/primary.ts).
 */
import type { ErrorEvent } from "@sentry/node-core/light";
import express from "express";
import type { RequestHandler } from "express";
import type { Options, Store } from "express-rate-limit";
import { errorReportsHandled } from "~/observability/metrics.server";
import {
  ERROR_REPORT_LIMIT_BYTES,
  browserErrorEvent,
  errorReportingOn,
  sendBrowserEvent,
} from "~/observability/browser-error-report.server";
import { log } from "./log";
import { refuse } from "./refusals";

/** Where reports go: Sentry through the server's SDK; tests pass their own. */
export interface ErrorReportSink {
  /** Whether reports are wanted at all (a DSN is configured); when not, they are answered unread. */
  enabled: () => boolean;
  send: (event: ErrorEvent) => void;
}

export const sentrySink: ErrorReportSink = {
  enabled: errorReportingOn,
  send: sendBrowserEvent,
};

/** The cap's window: the setting counts reports per minute. */
const CAP_WINDOW_MS = 60_000;
/** Every report counts under one key: the cap is the server's, not a client's. */
const CAP_KEY = "all";

/**
 * Whether one more report may go on this minute, counted in `store` (express-rate-limit's store interface: the
 * cluster's shared memory, or this process's). `perMinute` 0: no cap. A store that fails drops the report: the
 * cap guards a quota, and a lost report is no loss to a visitor.
 */
export function reportCap(
  store: Store,
  perMinute: number,
  now: () => number = Date.now,
): () => Promise<boolean> {
  if (perMinute <= 0) return async () => true;
  // The store reads only the window; the other options are the rate limiter's.
  const ready = Promise.resolve()
    .then(() => store.init?.({ windowMs: CAP_WINDOW_MS } as Options))
    .catch(() => {});
  let saidAt = -Infinity;
  return async () => {
    try {
      await ready;
      const { totalHits } = await store.increment(CAP_KEY);
      if (totalHits <= perMinute) return true;
    } catch {
      // Dropped, as over the cap.
    }
    // One line a minute per process says reports are being dropped, not one per report.
    if (now() - saidAt >= CAP_WINDOW_MS) {
      saidAt = now();
      log("error reports over the cap: dropped for the rest of the minute", {
        perMinute,
      });
    }
    return false;
  };
}

export function errorReports(
  sink: ErrorReportSink,
  underCap: () => Promise<boolean> = async () => true,
): RequestHandler {
  const read = express.raw({
    type: () => true,
    limit: ERROR_REPORT_LIMIT_BYTES,
    inflate: false,
  });
  return (req, res, next) => {
    if (req.method !== "POST") {
      res.set("Allow", "POST");
      return refuse(res, "methodNotAllowed");
    }
    res.set("Cache-Control", "no-store");
    if (!sink.enabled()) return void res.status(204).end();
    if (!req.is("application/json")) return refuse(res, "unsupportedType");
    // The body reader's own errors (413 too large, 415 compressed, 400 cut off) go to the server's error handler.
    read(req, res, (error?: unknown) => {
      if (error) return next(error);
      void (async () => {
        try {
          const text = Buffer.isBuffer(req.body)
            ? req.body.toString("utf8")
            : "";
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            return refuse(res, "badRequest");
          }
          const outcome = browserErrorEvent(body, {
            // The public origin, as the server's origin check builds it.
            origin: new URL(`${req.protocol}://${req.host}`).origin,
            userAgent: req.get("user-agent"),
          });
          if ("invalid" in outcome) return refuse(res, "badRequest");
          if ("dropped" in outcome)
            errorReportsHandled.inc({ outcome: "dropped" });
          // Only what would be sent counts against the cap: a bot's report costs the tracker nothing.
          else if (await underCap()) {
            sink.send(outcome.event);
            errorReportsHandled.inc({ outcome: "sent" });
          } else errorReportsHandled.inc({ outcome: "capped" });
        } catch (failure) {
          // A fault of ours, not the visitor's: logged, and the browser still gets its answer.
          console.error(failure);
        }
        if (!res.headersSent) res.status(204).end();
      })();
    });
  };
}
