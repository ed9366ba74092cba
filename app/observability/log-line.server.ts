/**
 * How every line of the server's log is written (decision 0055): one JSON object per line, at most 4 KiB, and
 * never a loop when the log itself cannot be written.
 *
 * - 4 KiB is PIPE_BUF on Linux: a write of at most that many bytes to a pipe is never interleaved with another
 *   process's, so the workers sharing the container's stdout (decision 0040) never splice each other's lines.
 *   A longer line (a visitor's 16 KB path quoted in a warning, a deep stack) has its longest fields cut until it
 *   fits, and says so: `cut` names each field cut with its length before.
 * - A stream that fails (EPIPE: the reader of the pipe is gone, a log shipper restarting, `… | tee` ended) is
 *   given up: its lines are dropped from then on, one line on the other stream says so, and the server goes on
 *   serving. Its error is never written to the stream that failed; that was a loop which kept a core busy and
 *   the event loop from ever reaching SIGTERM's handler.
 */

/** PIPE_BUF on Linux: the longest write to a pipe that is atomic. The newline counts. */
export const MAX_LINE_BYTES = 4096;

/** Cutting stops after this many rounds; what still does not fit is replaced by a line saying so. */
const MAX_CUTS = 24;
const ELLIPSIS = "…";

function bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** The first `length` characters, without leaving half a surrogate pair at the end. */
function head(text: string, length: number): string {
  const cut = text.slice(0, Math.max(0, length));
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * The most bytes each field's JSON may take so that `need` bytes go, taking them from the longest fields first
 * and alike (two long fields are both cut to the same size, not the first to nothing).
 */
function capFor(sizes: number[], need: number): number {
  const sorted = [...sizes].sort((a, b) => b - a);
  let sum = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    sum += sorted[i]!;
    const next = sorted[i + 1] ?? 0;
    if (sum - (i + 1) * next >= need)
      return Math.max(0, Math.floor((sum - need) / (i + 1)));
  }
  return 0;
}

/**
 * The line (a JSON object without its newline) as it may be written: itself when it fits in MAX_LINE_BYTES with
 * its newline; otherwise with its longest fields cut (a field that is no string is cut as its JSON text), and
 * `cut: { field: length before }` added.
 */
export function fitLine(line: string, maxBytes = MAX_LINE_BYTES): string {
  if (bytes(line) + 1 <= maxBytes) return line;
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    record =
      typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
        ? { ...(parsed as Record<string, unknown>) }
        : { message: line };
  } catch {
    record = { message: line };
  }
  // A line that already says what was cut (a request's path) keeps saying so.
  const cut: Record<string, unknown> =
    typeof record.cut === "object" &&
    record.cut !== null &&
    !Array.isArray(record.cut)
      ? { ...(record.cut as Record<string, unknown>) }
      : {};
  delete record.cut;
  for (let round = 0; round < MAX_CUTS; round += 1) {
    const text = JSON.stringify({ ...record, cut });
    const excess = bytes(text) + 1 - maxBytes;
    if (excess <= 0) return text;
    const fields = Object.entries(record)
      .filter(([name]) => name !== "time")
      .map(([name, value]): [string, string] => [
        name,
        typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
      ]);
    if (fields.length === 0) break;
    // A little more than the excess: the ellipses and `cut` take room too.
    const sizes = fields.map(([, value]) => bytes(JSON.stringify(value)));
    const cap = capFor(sizes, excess + 8 * fields.length + 16);
    fields.forEach(([name, whole], index) => {
      const size = sizes[index]!;
      if (size <= cap) return;
      cut[name] ??= whole.length;
      // Characters kept in proportion (escapes and UTF-8 make a character 1-6 bytes); the next round checks.
      const keep = Math.floor((whole.length * cap) / size);
      record[name] = keep > 0 ? `${head(whole, keep)}${ELLIPSIS}` : "";
    });
  }
  return JSON.stringify({
    time: new Date().toISOString(),
    level: "warn",
    message: "log line too long to cut; dropped",
    cut: { line: line.length },
  });
}

type Stream = NodeJS.WritableStream & {
  destroyed?: boolean;
  writableEnded?: boolean;
};

const watched = new WeakSet<Stream>();
const failed = new WeakSet<Stream>();

function streamName(stream: Stream): string {
  if (stream === process.stdout) return "stdout";
  if (stream === process.stderr) return "stderr";
  return "stream";
}

function giveUp(stream: Stream, error: unknown) {
  if (failed.has(stream)) return;
  failed.add(stream);
  const other =
    stream === process.stdout
      ? process.stderr
      : stream === process.stderr
        ? process.stdout
        : null;
  if (!other) return;
  const code = (error as { code?: unknown } | null)?.code;
  writeLine(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      message: `the log stream ${streamName(stream)} failed; its lines are dropped from now on`,
      ...(typeof code === "string" ? { code } : {}),
    }),
    other,
  );
}

/**
 * From now on a write error of the stream is handled here (the stream is given up) rather than thrown as an
 * uncaught error. Called before the first write; writeLine does it for any stream it is given.
 */
export function watchLogStream(stream: Stream) {
  if (watched.has(stream)) return;
  watched.add(stream);
  stream.on("error", (error: unknown) => giveUp(stream, error));
}

/** Writes the line (a JSON object, fitted to MAX_LINE_BYTES) and its newline in one write, or drops it. */
export function writeLine(line: string, stream: Stream = process.stdout): void {
  watchLogStream(stream);
  if (failed.has(stream) || stream.destroyed || stream.writableEnded) return;
  try {
    stream.write(`${fitLine(line)}\n`);
  } catch (error) {
    giveUp(stream, error);
  }
}
