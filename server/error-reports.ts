/**
 * POST /fouten: the browser's error reports (decision 0067). The page posts a small JSON report here rather than
 * loading Sentry's browser SDK; this checks it and sends it on with the server's SDK. Served by the HTTP server
 * itself, not by React Router: a report needs no session, no site settings and no upstream, and must arrive while
 * those fail too.
 *
 * Before this runs, the server has refused a post from another origin (403) and counted it against the client's
 * posts limit (429). Here: only POST (405 with Allow), only JSON (415) of at most 16 kB (413), read only while
 * reporting is on. A report that is no report is a 400; everything else is a 204 at once, sent on or dropped
 * by the filter. Nothing a body holds becomes a 500.
 */
import type { ErrorEvent } from "@sentry/node-core/light";
import express from "express";
import type { RequestHandler } from "express";
import {
  ERROR_REPORT_LIMIT_BYTES,
  browserErrorEvent,
  errorReportingOn,
  sendBrowserEvent,
} from "~/lib/browser-error-report.server";
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

export function errorReports(sink: ErrorReportSink): RequestHandler {
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
      try {
        const text = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
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
        if ("event" in outcome) sink.send(outcome.event);
      } catch (failure) {
        // A fault of ours, not the visitor's: logged, and the browser still gets its answer.
        console.error(failure);
      }
      if (!res.headersSent) res.status(204).end();
    });
  };
}
