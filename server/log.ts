/** The server's log: one JSON line per event, on stdout (stderr for what stops it), as container platforms collect. */
export function log(
  message: string,
  fields: Record<string, unknown> = {},
  stream: NodeJS.WritableStream = process.stdout,
) {
  stream.write(
    `${JSON.stringify({ time: new Date().toISOString(), message, ...fields })}\n`,
  );
}
