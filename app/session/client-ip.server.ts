/**
 * The visitor's IP address, as the HTTP server (server/app.ts) determined it: the socket's address, or behind
 * trusted reverse proxies the address the nearest trusted proxy saw (Express's `req.ip` under `trust proxy`).
 * The server hands it to the app in the request's router context; the Fetch Request itself carries no socket.
 * Where no server sets it (the Vite dev server, unit tests) it is null, so no address gets the maintenance bypass.
 */
import { createContext } from "react-router";
import type { RouterContextProvider } from "react-router";

export const clientAddressContext = createContext<string | null>(null);

/** The client address the server put in this request's context, or null. */
export function clientAddress(
  context: Readonly<RouterContextProvider>,
): string | null {
  return context.get(clientAddressContext);
}

/** "::ffff:127.0.0.1" (an IPv4 address on a dual-stack socket) → "127.0.0.1"; other addresses unchanged. */
export function normalizeIp(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed.toLowerCase();
}
