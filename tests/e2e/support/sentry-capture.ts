/**
 * A local stand-in for Sentry's ingest: the server's SDK posts envelopes to {origin}/api/{projectId}/envelope/ of
 * the DSN http://publickey@127.0.0.1:PORT/1, and this server keeps what it sends so tests can look at it. The
 * browser's reports reach it through the site's server (decision 0067).
 *
 * An envelope is newline-separated JSON: an envelope header, then for each item an item header and its payload.
 * An item header may give the payload's length in bytes (then the payload may itself contain newlines).
 */
import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, inflateSync, brotliDecompressSync } from "node:zlib";

export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  /** The payload parsed as JSON, or its raw text when it is not JSON (attachments). */
  payload: unknown;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

/** The parts of an error event the tests look at. */
export interface CapturedEvent {
  event_id?: string;
  platform?: string;
  message?: string;
  exception?: {
    values?: {
      type?: string;
      value?: string;
      mechanism?: { type?: string; handled?: boolean };
      stacktrace?: {
        frames?: {
          filename?: string;
          function?: string;
          lineno?: number;
          colno?: number;
        }[];
      };
    }[];
  };
  request?: {
    url?: string;
    headers?: Record<string, string>;
    cookies?: unknown;
    data?: unknown;
  };
  user?: Record<string, unknown>;
}

export interface SentryCapture {
  /** A DSN that sends to this server. */
  dsn: string;
  /** The DSN's origin, the address the server's SDK posts to (a browser never should). */
  origin: string;
  envelopes: () => Envelope[];
  /** Every item type received so far (event, transaction, replay_event, session, client_report…). */
  itemTypes: () => string[];
  /** The error events received so far. */
  events: () => CapturedEvent[];
  clear: () => void;
  stop: () => Promise<void>;
}

export function parseEnvelope(body: Buffer): Envelope {
  let offset = 0;
  /** The next line, without its newline; the rest of the body when there is no newline left. */
  const readLine = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString("utf8")) as Envelope["header"];
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const line = readLine().toString("utf8").trim();
    if (!line) continue;
    const itemHeader = JSON.parse(line) as EnvelopeItem["header"];
    let raw: Buffer;
    if (typeof itemHeader.length === "number") {
      raw = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      // The newline after a payload of known length is optional.
      if (body[offset] === 0x0a) offset += 1;
    } else {
      raw = readLine();
    }
    const text = raw.toString("utf8");
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = text;
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  // The Node SDK compresses large envelopes.
  switch (request.headers["content-encoding"]) {
    case "gzip":
      return gunzipSync(body);
    case "deflate":
      return inflateSync(body);
    case "br":
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

export async function startSentryCapture(): Promise<SentryCapture> {
  let received: Envelope[] = [];
  const server = createServer((request, response) => {
    // Open to other origins, so a browser that did post here directly would not be stopped by CORS.
    response.setHeader("Access-Control-Allow-Origin", "*");
    response.setHeader("Access-Control-Allow-Headers", "*");
    response.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS");
    const path = new URL(request.url ?? "/", "http://capture").pathname;
    if (request.method === "OPTIONS") {
      response.writeHead(204).end();
      return;
    }
    if (request.method !== "POST" || !/^\/api\/\d+\/envelope\/?$/.test(path)) {
      response.writeHead(404).end();
      return;
    }
    readBody(request)
      .then((body) => {
        received.push(parseEnvelope(body));
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
      })
      .catch((error: unknown) => {
        response.writeHead(400).end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const items = () => received.flatMap((envelope) => envelope.items);
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    origin,
    envelopes: () => [...received],
    itemTypes: () => items().map((item) => item.header.type),
    events: () =>
      items()
        .filter((item) => item.header.type === "event")
        .map((item) => item.payload as CapturedEvent),
    clear: () => {
      received = [];
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of an event's exceptions and message, for matching. */
export function describeEvent(event: CapturedEvent): string {
  const parts = (event.exception?.values ?? []).map(
    (exception) => `${exception.type ?? ""}: ${exception.value ?? ""}`,
  );
  if (event.message) parts.push(event.message);
  return parts.join("\n");
}

/** The user agent the event says the request came with, if any. */
export function eventUserAgent(event: CapturedEvent): string | undefined {
  const headers = event.request?.headers ?? {};
  const key = Object.keys(headers).find(
    (name) => name.toLowerCase() === "user-agent",
  );
  return key ? headers[key] : undefined;
}
