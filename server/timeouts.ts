/**
 * The HTTP server's timeouts. Since Node 18 the head and request limits count from a request's first byte, not
 * over the idle time of a kept-alive connection.
 */
import type { Server } from "node:http";

/** Longer than a reverse proxy's idle keep-alive (often 60 s), so the proxy, not this server, closes idle connections. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * A whole request, head and body, must arrive within this. Node's default is 300 s: without a proxy in front, a
 * client dribbling a body a byte at a time would hold a connection that long. A form is a few kilobytes.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export function applyTimeouts(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
}
