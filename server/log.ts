/**
 * The server's log: one JSON object per line, on stdout (stderr for errors and what stops it), as container
 * platforms collect. Not only our own lines: whatever else writes through `console` (React Router's and React's
 * error handlers, a library's warning) and Node's process warnings and uncaught errors are turned into such lines
 * too, a stack as the `stack` field, so no multi-line trace ever breaks a log collector's parsing. Every line is
 * at most 4 KiB and a stream that fails is given up, never written about to itself
 * (app/observability/log-line.server.ts).
 */
import { formatWithOptions, inspect } from "node:util";
import { watchLogStream, writeLine } from "~/observability/log-line.server";

export function log(
  message: string,
  fields: Record<string, unknown> = {},
  stream: NodeJS.WritableStream = process.stdout,
) {
  writeLine(
    JSON.stringify({ time: new Date().toISOString(), message, ...fields }),
    stream,
  );
}

/**
 * The fields of the line that says a port could not be taken: the error, the port, and for the usual causes what
 * to do, naming the setting (`PORT`, `METRICS_PORT`) that chooses another, as a new user with another program on
 * port 3000 needs to read.
 */
export function cannotListenFields(
  error: NodeJS.ErrnoException,
  port: number,
  setting: string,
): Record<string, unknown> {
  const hint =
    error.code === "EADDRINUSE"
      ? `Another program is listening on port ${port}: stop it, or choose another port with ${setting}.`
      : error.code === "EACCES"
        ? `Port ${port} needs privileges this process does not have: choose one above 1023 with ${setting}.`
        : undefined;
  return { error: error.message, port, ...(hint ? { hint } : {}) };
}

/** The characters of a request's path a log line keeps: a visitor decides how long it is. */
const MAX_LOGGED_PATH = 500;

/** A request path's log fields: the path, cut to MAX_LOGGED_PATH characters, and `cut` saying so when it was. */
export function pathFields(path: string): {
  path: string;
  cut?: { path: number };
} {
  return path.length > MAX_LOGGED_PATH
    ? { path: path.slice(0, MAX_LOGGED_PATH), cut: { path: path.length } }
    : { path };
}

/**
 * React Router's warning for a path with a bad percent escape, which it gives each time it matches the path (three
 * times a request, each quoting the whole path): server/react-router.ts says it once per request instead.
 */
const UNDECODABLE_PATH_WARNING = /^The URL path .* could not be decoded\b/s;

type Level = "debug" | "info" | "warn" | "error";

/** The fields of one console call: its words as `message`, the first error's whole story as `stack`. */
export function consoleFields(
  level: Level,
  args: unknown[],
): Record<string, unknown> {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const rest = args.filter((arg) => arg !== error);
  const message =
    rest.length > 0
      ? formatWithOptions({ breakLength: Infinity }, ...rest)
      : error
        ? `${error.name}: ${error.message}`
        : "";
  return {
    level,
    ...(error
      ? // inspect writes the stack with the error's own fields and its causes, as console.error would have.
        { stack: inspect(error, { depth: 4, breakLength: Infinity }) }
      : {}),
    message,
  };
}

/**
 * Sends `console`, process warnings and uncaught errors through `log` for the rest of the process's life. An
 * uncaught error still ends the process (exit 1), as Node would, after its line is written and `beforeExit` has
 * settled (error reporting sending what it caught: with a handler of ours, Sentry's leaves the exit to us).
 */
export function logEverythingAsJson(
  beforeExit: () => Promise<unknown> = async () => {},
) {
  // A failing stream is given up from its first error on, not thrown as an uncaught error (which was logged to
  // the same stream, failed again, and so on for as long as the process lived).
  watchLogStream(process.stdout);
  watchLogStream(process.stderr);
  const write =
    (level: Level, stream: NodeJS.WritableStream) =>
    (...args: unknown[]) => {
      const { message, ...fields } = consoleFields(level, args);
      if (level === "warn" && UNDECODABLE_PATH_WARNING.test(String(message)))
        return;
      log(String(message), fields, stream);
    };
  console.debug = write("debug", process.stdout);
  console.log = console.info = write("info", process.stdout);
  console.dir = (item: unknown) => write("info", process.stdout)(item);
  console.warn = write("warn", process.stderr);
  console.error = console.trace = write("error", process.stderr);
  // Node's own listener prints a warning as text; ours keeps its name, code and where it came from.
  process.removeAllListeners("warning");
  process.on("warning", (warning) =>
    log(
      `${warning.name}: ${warning.message}`,
      {
        level: "warn",
        ...("code" in warning ? { code: warning.code } : {}),
        stack: warning.stack,
      },
      process.stderr,
    ),
  );
  let exiting = false;
  process.on("uncaughtException", (error, origin) => {
    try {
      const { message, ...fields } = consoleFields("error", [error]);
      log(`${origin}: ${String(message)}`, fields, process.stderr);
    } catch {
      // Nothing more can be said about it; the exit below still happens.
    }
    if (exiting) return;
    exiting = true;
    const exit = () => process.exit(1);
    beforeExit().then(exit, exit);
  });
}
