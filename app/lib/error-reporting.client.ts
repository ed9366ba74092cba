/**
 * Error reporting in the browser (decision 0067): a few lines that post what went wrong to the site's own server,
 * which checks the report, drops what the filter drops and sends the rest on to Sentry. No SDK is loaded: the
 * Sentry browser SDK was the largest script a page loaded after it had shown.
 *
 * Nothing is installed unless the server rendered <meta name="error-reports">: its content is the address to post
 * to, and it is there only while the server reports errors.
 */

/** What the server accepts (app/observability/browser-error-report.server.ts checks it again). */
type Kind = "error" | "unhandledrejection" | "boundary";

/** At most this many reports a page: a render loop or a failing timer cannot flood the server. */
const MAX_REPORTS = 5;
// Caps in characters that keep a report under the server's body limit (16 kB) even in three-byte UTF-8.
const MAX_MESSAGE = 1000;
const MAX_STACK = 4000;

let endpoint: string | null | undefined;
const sent = new Set<string>();

/** The page's query and fragment (a mailed link's token) never leave the browser, wherever they appear. */
function scrub(text: string): string {
  for (const part of [location.search, location.hash])
    if (part.length > 1) text = text.split(part).join("");
  return text;
}

function describe(error: unknown): { type?: string; message: string } {
  if (error instanceof Error)
    return { type: error.name, message: error.message };
  if (error !== null && typeof error === "object") {
    // A route error response or a thrown object: what it is, not what it holds (it may hold personal data).
    const status = (error as { status?: unknown }).status;
    const keys = Object.keys(error).join(", ");
    return {
      message:
        typeof status === "number"
          ? `Object with keys: ${keys} (status ${status})`
          : `Object with keys: ${keys}`,
    };
  }
  return { message: String(error) };
}

function send(kind: Kind, error: unknown): void {
  if (!endpoint || sent.size >= MAX_REPORTS) return;
  try {
    const { type, message } = describe(error);
    const stack =
      error instanceof Error && typeof error.stack === "string"
        ? scrub(error.stack).slice(0, MAX_STACK)
        : undefined;
    const report = {
      kind,
      type,
      message: scrub(message).slice(0, MAX_MESSAGE),
      stack,
      path: location.pathname,
    };
    const key = `${kind} ${report.message} ${stack ?? ""}`;
    if (sent.has(key)) return;
    sent.add(key);
    // keepalive: a report sent as the visitor leaves still arrives. No cookies or referrer: it needs neither.
    fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(report),
      keepalive: true,
      credentials: "omit",
      referrerPolicy: "no-referrer",
    }).catch(() => {});
  } catch {
    // Reporting never adds an error of its own.
  }
}

/** Listens for uncaught errors and unhandled rejections when the page says reporting is on; once. */
export function startErrorReporting(): void {
  if (endpoint !== undefined) return;
  endpoint =
    document.querySelector<HTMLMetaElement>('meta[name="error-reports"]')
      ?.content || null;
  if (!endpoint) return;
  // A script error of another origin comes without its error: its message ("Script error.") is all there is.
  addEventListener("error", (event) =>
    send("error", event.error ?? event.message),
  );
  addEventListener("unhandledrejection", (event) =>
    send("unhandledrejection", event.reason),
  );
}

/** Reports an error the app caught itself (the root error boundary). */
export function reportError(error: unknown): void {
  startErrorReporting();
  send("boundary", error);
}
