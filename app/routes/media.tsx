/**
 * Serves the upstream's /media/… pictures from the site's own origin, so the browser never talks to the upstream
 * and the CSP can keep img-src 'self'. Only images pass; an upstream failure is a 502 with an empty body.
 */
import { env } from "~/env.server";
import { TIMEOUT_MS } from "~/upstream/retry-policy.server";
import type { Route } from "./+types/media";

/** Plain file-name segments only: no empty, hidden or `..` segments, nothing to escape the /media/ folder. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_PATH_LENGTH = 500;
const CACHE_CONTROL = "public, max-age=86400";

/** Pictures can be SVG: never let one run script or load anything, even when opened on its own. */
const SAFETY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/** Conditional request headers passed on so the upstream can answer 304. */
const CONDITIONAL = ["if-none-match", "if-modified-since"] as const;
/** Validators passed back so the browser can ask conditionally next time. */
const VALIDATORS = ["etag", "last-modified"] as const;

function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status,
    headers: { ...SAFETY_HEADERS, ...headers },
  });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  const segments = path.split("/");
  if (
    path.length > MAX_PATH_LENGTH ||
    !segments.every((segment) => SEGMENT.test(segment))
  )
    return empty(404);

  const upstreamUrl = `${env().UPSTREAM_URL.replace(/\/+$/, "")}/media/${segments.map(encodeURIComponent).join("/")}`;
  const forward = new Headers({ accept: "image/*" });
  for (const name of CONDITIONAL) {
    const value = request.headers.get(name);
    if (value) forward.set(name, value);
  }

  let upstream: Response;
  try {
    upstream = await fetch(upstreamUrl, {
      headers: forward,
      redirect: "error",
      signal: AbortSignal.any([
        request.signal,
        AbortSignal.timeout(TIMEOUT_MS),
      ]),
    });
  } catch {
    return empty(502, { "Cache-Control": "no-store" });
  }

  const validators: Record<string, string> = {};
  for (const name of VALIDATORS) {
    const value = upstream.headers.get(name);
    if (value) validators[name] = value;
  }

  if (upstream.status === 304)
    return empty(304, { "Cache-Control": CACHE_CONTROL, ...validators });
  if (upstream.status === 404 || upstream.status === 410) {
    await upstream.body?.cancel();
    return empty(404);
  }
  const contentType = upstream.headers.get("content-type") ?? "";
  if (
    upstream.status !== 200 ||
    !/^image\/[\w.+-]+(\s*;.*)?$/i.test(contentType)
  ) {
    await upstream.body?.cancel();
    return empty(502, { "Cache-Control": "no-store" });
  }

  const headers: Record<string, string> = {
    ...SAFETY_HEADERS,
    ...validators,
    "Content-Type": contentType,
    "Cache-Control": CACHE_CONTROL,
  };
  // fetch decodes compressed bodies, so the upstream's length only holds for an unencoded body.
  const length = upstream.headers.get("content-length");
  if (length && !upstream.headers.has("content-encoding"))
    headers["Content-Length"] = length;
  return new Response(upstream.body, { status: 200, headers });
}
