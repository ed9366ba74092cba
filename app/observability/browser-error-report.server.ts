/**
 * Error reports from the browser (decision 0067). The page's small reporter (app/lib/error-reporting.client.ts) posts
 * a report to ERROR_REPORT_PATH; the server's endpoint (server/error-reports.ts) hands the body here, which checks
 * it, turns it into the Sentry event the browser SDK used to send, and drops what the filter drops. The body is
 * a visitor's (or anyone's) to write: nothing in it is trusted, and nothing in it can make this throw.
 */
import * as Sentry from "@sentry/node-core/light";
import type { ErrorEvent, Event, StackFrame } from "@sentry/node-core/light";
import { z } from "zod";
import { isAutomatedUserAgent } from "~/lib/link-scanners";
import { scrubEvent, shouldDropEvent } from "./sentry-filter.server";

/** Where the browser posts its reports: a Dutch path beside the site's others, served by the HTTP server. */
export const ERROR_REPORT_PATH = "/fouten";

/** The body limit of a report; the browser caps what it sends to stay under it. */
export const ERROR_REPORT_LIMIT_BYTES = 16 * 1024;

export const ErrorReport = z.object({
  /** What caught it: window's error event, an unhandled rejection, or the root error boundary. */
  kind: z.enum(["error", "unhandledrejection", "boundary"]),
  /** The error's name ("TypeError"); absent when what was thrown is no Error. */
  type: z.string().max(200).optional(),
  message: z.string().max(2000),
  /** The error's stack as the browser wrote it. */
  stack: z.string().max(10_000).optional(),
  /** The page's path (location.pathname). */
  path: z.string().max(2000).startsWith("/"),
});
export type ErrorReport = z.infer<typeof ErrorReport>;

/** The mechanisms the browser SDK named, so grouping and the filter read them as before. */
const MECHANISMS = {
  error: { type: "auto.browser.global_handlers.onerror", handled: false },
  unhandledrejection: {
    type: "auto.browser.global_handlers.onunhandledrejection",
    handled: false,
  },
  boundary: { type: "auto.browser.error_boundary", handled: true },
} as const;

const MAX_FRAMES = 50;
const MAX_STACK_LINES = 100;
const MAX_LINE = 1000;
const MAX_FUNCTION = 200;
/**
 * Frame files kept: the page's scripts (http, https) and extensions' (for the filter). Anything else (a path,
 * file:, data:) is dropped, so the server's SDK never reads a local file for a frame's source lines.
 */
const FRAME_SCHEMES = new Set([
  "http:",
  "https:",
  "chrome-extension:",
  "moz-extension:",
  "safari-extension:",
  "safari-web-extension:",
  "ms-browser-extension:",
]);

/** A URL without its query and fragment (a mailed link's token), or undefined when it is none we keep. */
function frameFile(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!FRAME_SCHEMES.has(url.protocol)) return undefined;
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** "file:line:col" or "file:line" → its parts; null without a position. */
function position(
  location: string,
): { file: string; line: number; column?: number } | null {
  const match = /:(\d{1,9})(?::(\d{1,9}))?$/.exec(location);
  if (!match) return null;
  return {
    file: location.slice(0, match.index),
    line: Number(match[1]),
    column: match[2] === undefined ? undefined : Number(match[2]),
  };
}

/**
 * One line of a stack: V8's "at fn (url:1:2)" or "at url:1:2", or Firefox's and Safari's "fn@url:1:2". Plain
 * string work rather than one clever expression: a hostile line costs its length, never more.
 */
function stackLine(line: string): { fn: string; location: string } | null {
  const text = line.trim();
  if (text.startsWith("at ")) {
    const rest = text.slice(3);
    const open = rest.indexOf(" (");
    if (open !== -1 && rest.endsWith(")"))
      return { fn: rest.slice(0, open), location: rest.slice(open + 2, -1) };
    return { fn: "", location: rest };
  }
  const at = text.indexOf("@");
  if (at === -1) return null;
  return { fn: text.slice(0, at), location: text.slice(at + 1) };
}

/** Sentry's frames from a stack string, outermost first (Sentry's order), the innermost MAX_FRAMES. */
export function parseStack(stack: string, origin: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split("\n", MAX_STACK_LINES)) {
    if (line.length > MAX_LINE) continue;
    const parsed = stackLine(line);
    if (!parsed) continue;
    const where = position(parsed.location);
    if (!where) continue;
    const filename = frameFile(where.file);
    frames.push({
      function: parsed.fn.slice(0, MAX_FUNCTION) || "?",
      ...(filename === undefined ? {} : { filename }),
      lineno: where.line,
      ...(where.column === undefined ? {} : { colno: where.column }),
      in_app: filename?.startsWith(`${origin}/`) ?? false,
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.reverse();
}

/** Every URL in a text without its query and fragment. */
export function withoutQueries(text: string): string {
  return text.replace(/\b(https?:\/\/[^\s?#]*)[?#]\S*/gi, "$1");
}

/** The page's address: the site's own origin and the reported path, without query or fragment. */
function pageUrl(path: string, origin: string): string {
  try {
    return `${origin}${new URL(path, origin).pathname}`;
  } catch {
    return `${origin}/`;
  }
}

export type ReportOutcome =
  { event: ErrorEvent } | { invalid: true } | { dropped: true };

/**
 * A report's body (parsed JSON) as the event to send, or why there is none: a body that is no report is invalid;
 * one from a bot, a mail scanner or Office (judged by the request's own User-Agent), or one the filter drops, is
 * dropped.
 */
export function browserErrorEvent(
  body: unknown,
  request: { origin: string; userAgent: string | undefined },
): ReportOutcome {
  const parsed = ErrorReport.safeParse(body);
  if (!parsed.success) return { invalid: true };
  const report = parsed.data;
  if (isAutomatedUserAgent(request.userAgent)) return { dropped: true };
  const frames = report.stack ? parseStack(report.stack, request.origin) : [];
  const message = withoutQueries(report.message);
  const rejection = report.kind === "unhandledrejection";
  const event: ErrorEvent = {
    type: undefined,
    platform: "javascript",
    level: "error",
    exception: {
      values: [
        {
          type: report.type ?? (rejection ? "UnhandledRejection" : "Error"),
          value:
            report.type === undefined && rejection
              ? `Non-Error promise rejection captured with value: ${message}`
              : message,
          ...(frames.length > 0 ? { stacktrace: { frames } } : {}),
          mechanism: { ...MECHANISMS[report.kind] },
        },
      ],
    },
    request: {
      url: pageUrl(report.path, request.origin),
      headers: { "User-Agent": request.userAgent ?? "" },
    },
  };
  if (shouldDropEvent(event)) return { dropped: true };
  // An address or phone number typed into the page can be in the message, the stack or the path (issue 43); the
  // client scrubs every event again as it leaves, this makes the report's own event clean already.
  return { event: scrubEvent(event) };
}

/** Whether the server reports errors: Sentry was started (instrument.server.mjs, with SENTRY_DSN). */
export function errorReportingOn(): boolean {
  return Sentry.getClient() !== undefined;
}

/** What the server's SDK adds about the server itself, which says nothing about a visitor's browser. */
const SERVER_CONTEXTS = [
  "app",
  "os",
  "device",
  "culture",
  "cloud_resource",
  "runtime",
];

function withoutServerDetails(event: Event): Event {
  delete event.server_name;
  delete event.modules;
  delete event.breadcrumbs;
  for (const name of SERVER_CONTEXTS) delete event.contexts?.[name];
  return event;
}

/**
 * Sends a browser's event with the server's SDK. In an isolation scope of its own: the request's scope holds the
 * report's own request (its body, cookies and address), which the SDK would otherwise add to the event.
 */
export function sendBrowserEvent(event: ErrorEvent): void {
  const scope = new Sentry.Scope();
  scope.addEventProcessor(withoutServerDetails);
  Sentry.withIsolationScope(scope, () => Sentry.captureEvent(event));
}
