/**
 * Who the request is for and where it came from, read from the headers.
 * Behind a reverse proxy the X-Forwarded-* headers count only when the proxy is trusted (TRUST_PROXY): anyone can
 * send them, so an untrusted value would let a visitor pick another site or pose as the maintenance bypass address.
 * request.url is not used for the host: @react-router/express builds it from X-Forwarded-Host whenever Express
 * trusts proxies, which is configured outside this app.
 */
import { normalizeIp, socketAddress } from "~/session/client-ip.server";

export interface RequestOrigin {
  /** Host name and port as the visitor typed it, e.g. "venlo.localhost:3000". */
  host: string;
  protocol: "http" | "https";
  /** e.g. "http://venlo.localhost:3000" */
  origin: string;
  /** First label of the host name, e.g. "venlo"; "" when there is no host. */
  site: string;
  clientIp: string | null;
}

/** The first value of a comma-separated forwarded header. */
function firstValue(value: string | null): string | null {
  const first = value?.split(",")[0]?.trim();
  return first ? first : null;
}

export function effectiveHost(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? firstValue(request.headers.get("x-forwarded-host"))
    : null;
  return (forwarded ?? request.headers.get("host") ?? "").toLowerCase();
}

export function effectiveProtocol(
  request: Request,
  trustProxy: boolean,
): "http" | "https" {
  const forwarded = trustProxy
    ? firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase()
    : null;
  if (forwarded === "https" || forwarded === "http") return forwarded;
  return new URL(request.url).protocol === "https:" ? "https" : "http";
}

/** The host name without port: "venlo.localhost:3000" → "venlo.localhost", "[::1]:3000" → "[::1]". */
export function hostName(host: string): string {
  return host.startsWith("[")
    ? host.slice(0, host.indexOf("]") + 1)
    : (host.split(":")[0] ?? "");
}

/** The site a host belongs to: the first label of its name ("venlo.localhost:3000" → "venlo"). */
export function siteName(host: string): string {
  const name = hostName(host);
  return name.startsWith("[") ? name : (name.split(".")[0] ?? "");
}

export function clientIp(
  request: Request,
  trustProxy: boolean,
  socket: string | null = socketAddress(),
): string | null {
  const forwarded = trustProxy
    ? firstValue(request.headers.get("x-forwarded-for"))
    : null;
  if (forwarded) return normalizeIp(forwarded);
  return socket ? normalizeIp(socket) : null;
}

export function requestOrigin(
  request: Request,
  trustProxy: boolean,
): RequestOrigin {
  const host = effectiveHost(request, trustProxy);
  const protocol = effectiveProtocol(request, trustProxy);
  return {
    host,
    protocol,
    origin: `${protocol}://${host}`,
    site: siteName(host),
    clientIp: clientIp(request, trustProxy),
  };
}
