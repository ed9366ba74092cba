/**
 * Hands a request to React Router as a Fetch Request and writes its answer back (decision 0013).
 *
 * Our own few lines instead of @react-router/express's createRequestHandler, for two reasons: the request body
 * has been read, limited and checked by server/app.ts before the app sees it (that handler would stream it from
 * the socket again), and the URL must be the public one exactly as Express's `trust proxy` allows: `req.protocol`
 * and `req.host` take X-Forwarded-Proto / -Host only from a trusted proxy (that handler takes the port from
 * X-Forwarded-Host whenever any proxy is trusted, even from a visitor who sends it directly).
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response,
} from "express";
import { createRequestHandler, RouterContextProvider } from "react-router";
import type { ServerBuild } from "react-router";
import { requestIdContext } from "~/observability/request-id.server";
import { clientAddressContext, normalizeIp } from "~/session/client-ip.server";
import { log, pathFields } from "./log";
import { compressWhole } from "./page-compression";

/** The address the visitor used: scheme and host as the trusted proxy received them, and the path. */
export function publicUrl(req: ExpressRequest): string {
  return `${req.protocol}://${req.host}${req.originalUrl}`;
}

function fetchHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      headers.append(name, item);
  }
  return headers;
}

/** The request React Router sees; `req.body` is the body server/app.ts read (a Buffer), if any. */
export function fetchRequest(
  req: ExpressRequest,
  signal: AbortSignal,
): Request {
  const mayHaveBody = req.method !== "GET" && req.method !== "HEAD";
  const headers = fetchHeaders(req);
  const body = Buffer.isBuffer(req.body)
    ? (req.body as Uint8Array<ArrayBuffer>)
    : new Uint8Array();
  // A POST without a body reaches the actions as an empty form, which they read like any other, whatever type
  // it declared (an empty JSON or multipart body would make reading the form throw).
  if (mayHaveBody && body.byteLength === 0)
    headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(publicUrl(req), {
    method: req.method,
    headers,
    body: mayHaveBody ? body : undefined,
    signal,
  });
}

/** Whether the path's percent escapes decode (React Router matches one that does not as it is, and warns). */
export function decodable(path: string): boolean {
  try {
    // The result is used: the bundler drops a call whose result is not, and with it the throw.
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}

/**
 * The answer's headers onto Express's response, as `res.append` would put them: a header the response already has
 * gets the answer's value added, each Set-Cookie stays a line of its own, a Content-Type gets its charset. Only where
 * that is needed does it take Express's general path, which for a page's dozen headers cost more than writing it.
 */
export function writeHeaders(res: Response, headers: Headers): void {
  for (const [name, value] of headers) {
    if (name === "content-type" || name === "set-cookie" || res.hasHeader(name))
      res.append(name, value);
    else res.setHeader(name, value);
  }
}

/** A page, or React Router's encoding of a page's data for a client navigation or a form sent with JavaScript. */
function sentWhole(contentType: string | null): boolean {
  return (
    contentType?.startsWith("text/html") === true ||
    contentType === "text/x-script"
  );
}

async function send(
  req: ExpressRequest,
  res: Response,
  response: globalThis.Response,
) {
  res.status(response.status);
  writeHeaders(res, response.headers);
  if (!response.body) {
    res.end();
    return;
  }
  // A page is rendered whole (app/entry.server.tsx), and its data for a client navigation is complete as soon as
  // it is encoded (the app defers none, decision 0079): each is compressed in one piece and sent in one write, with
  // its length, rather than as a stream (decision 0080). Other answers are compressed as they stream (server/app.ts).
  if (sentWhole(response.headers.get("content-type"))) {
    const { body, encoding } = compressWhole(
      req,
      Buffer.from(await response.arrayBuffer()),
    );
    res.append("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    // Set here: the `compression` middleware would otherwise send an answer it does not compress in chunks.
    res.setHeader("Content-Length", body.byteLength);
    res.end(body);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The visitor went away while the page streamed: nothing left to answer.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function reactRouterHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode = process.env.NODE_ENV,
): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res) => {
    // Said once per request (React Router's own warning, given at each match and quoting the whole path, is
    // dropped by server/log.ts), with the path cut as in the request's line.
    if (!decodable(req.path))
      log(
        "The URL path could not be decoded (a bad percent escape); it is matched as it is",
        {
          level: "warn",
          id: res.locals.requestId as string | undefined,
          ...pathFields(req.path),
        },
        process.stderr,
      );
    // Loaders and actions stop when the visitor goes away before the answer is written.
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const context = new RouterContextProvider(
      new Map([
        [clientAddressContext, req.ip ? normalizeIp(req.ip) : null],
        // Set by the request log (server/app.ts); absent where a test mounts this handler alone.
        [
          requestIdContext,
          (res.locals.requestId as string | undefined) ?? null,
        ],
      ]),
    );
    const response = await handle(
      fetchRequest(req, controller.signal),
      context,
    );
    await send(req, res, response);
  };
}
