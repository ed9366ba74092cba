/**
 * Where a no-JavaScript form goes back to after its action: a path on this site only, so a crafted form cannot
 * send the visitor elsewhere (an open redirect). Anything else falls back.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  // One leading slash and no backslash: "//evil.example" and "/\evil.example" leave the site in browsers.
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\"))
    return fallback;
  try {
    const base = "http://same-origin.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The path with `name=value` set in its query (other parameters kept). */
export function withSearchParam(
  path: string,
  name: string,
  value: string,
): string {
  const url = new URL(path, "http://same-origin.invalid");
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}
