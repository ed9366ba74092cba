/**
 * The address of the socket a request came in on.
 *
 * react-router-serve hands the app a Fetch Request, which carries no socket. Node publishes every incoming HTTP
 * request on a diagnostics channel before any handler runs; remembering the socket address in async-local storage
 * there makes it readable from the middleware that handles the same request, with any server (react-router-serve,
 * the Vite dev server, a custom Express server).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import diagnosticsChannel from "node:diagnostics_channel";
import type { Socket } from "node:net";

const socketAddressStore = new AsyncLocalStorage<string | null>();

diagnosticsChannel.subscribe("http.server.request.start", (message) => {
  const { socket } = message as { socket?: Socket };
  // enterWith: the store then holds for the rest of this request's handling, which starts synchronously from here.
  socketAddressStore.enterWith(socket?.remoteAddress ?? null);
});

/** The remote address of the current request's socket, or null outside a request. */
export function socketAddress(): string | null {
  const address = socketAddressStore.getStore();
  return address ? normalizeIp(address) : null;
}

/** "::ffff:127.0.0.1" (an IPv4 address on a dual-stack socket) → "127.0.0.1"; other addresses unchanged. */
export function normalizeIp(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed.toLowerCase();
}
