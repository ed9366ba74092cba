/**
 * Who the request is for, read from the request's URL. The HTTP server (server/app.ts) builds that URL from the
 * public scheme and host: behind a trusted reverse proxy from X-Forwarded-Proto and X-Forwarded-Host, otherwise
 * from the connection and the Host header (decision 0013). The app never reads X-Forwarded-* itself: whether a
 * proxy is trusted is the server's to decide, and an untrusted value would let a visitor pick another site.
 */

export interface RequestOrigin {
  /** Host name and port as the visitor typed it, e.g. "venlo.localhost:3000" (no port when it is the default). */
  host: string;
  protocol: "http" | "https";
  /** e.g. "http://venlo.localhost:3000" */
  origin: string;
  /** First label of the host name, e.g. "venlo"; "" when there is no host. */
  site: string;
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

/**
 * Whether the site answers for a host: one of `allowed` itself ("localhost", or a full host name such as
 * "venlo.opendagen.nl"), or one of them directly under `siteDomain` ("venlo" under "opendagen.nl" is
 * "venlo.opendagen.nl"). Nothing else, so no foreign name ("venlo.evil.com") reaches the upstream's site header,
 * a redirect or a link.
 */
export function isAllowedHost(
  host: string,
  allowed: readonly string[],
  siteDomain: string,
): boolean {
  const name = hostName(host).toLowerCase().replace(/\.$/, "");
  const domain = siteDomain.toLowerCase();
  return allowed.some((entry) => {
    const candidate = entry.toLowerCase();
    return name === candidate || name === `${candidate}.${domain}`;
  });
}

const HOST_PATTERN =
  /^(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a Host header value is a host name or IP address with an optional port (1–65535), as a URL can hold
 * it. Anything else ("a b", "localhost<script>", "venlo.localhost:99999", "") is a bad request.
 */
export function isValidHost(host: string | undefined): host is string {
  if (!host || host.length > 260 || !HOST_PATTERN.test(host)) return false;
  if (!URL.canParse(`http://${host}/`)) return false;
  const port = /:(\d+)$/.exec(host)?.[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

export function requestOrigin(request: Request): RequestOrigin {
  const url = new URL(request.url);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return {
    host: url.host,
    protocol,
    origin: url.origin,
    site: siteName(url.host),
  };
}

/**
 * Whether a request that can change something (any method but GET, HEAD and OPTIONS) comes from another site:
 * browsers say where a request comes from in Sec-Fetch-Site and Origin, and the Origin must be the site's public
 * origin (scheme, host and port). Requests carrying neither (old browsers, scripts) pass; SameSite=Lax cookies
 * already keep a cross-site POST from acting for the visitor. The HTTP server (production) and the root middleware
 * (also the development server) both ask this.
 */
export function isCrossOriginWrite(request: {
  method: string;
  fetchSite: string | null | undefined;
  origin: string | null | undefined;
  publicOrigin: string;
}): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.fetchSite === "cross-site" || request.fetchSite === "same-site")
    return true;
  return request.origin != null && request.origin !== request.publicOrigin;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
