/**
 * The server's log: one JSON object per line, on stdout (stderr for errors and what stops it), as container
 * platforms collect. Not only our own lines: whatever else writes through `console` (React Router's and React's
 * error handlers, a library's warning) and Node's process warnings and uncaught errors are turned into such lines
 * too, a stack as the `stack` field, so no multi-line trace ever breaks a log collector's parsing.
 */
import { formatWithOptions, inspect } from "node:util";

export function log(
  message: string,
  fields: Record<string, unknown> = {},
  stream: NodeJS.WritableStream = process.stdout,
) {
  stream.write(
    `${JSON.stringify({ time: new Date().toISOString(), message, ...fields })}\n`,
  );
}

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
  const write =
    (level: Level, stream: NodeJS.WritableStream) =>
    (...args: unknown[]) => {
      const { message, ...fields } = consoleFields(level, args);
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
    const { message, ...fields } = consoleFields("error", [error]);
    log(`${origin}: ${String(message)}`, fields, process.stderr);
    if (exiting) return;
    exiting = true;
    const exit = () => process.exit(1);
    beforeExit().then(exit, exit);
  });
}
