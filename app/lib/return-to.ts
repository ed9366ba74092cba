/**
 * The one guard for every return path (`redirectTo`): where a form or link goes back to after its action, a path
 * on this site only, so a crafted link cannot send the visitor elsewhere (an open redirect). Anything else falls
 * back.
 *
 * What is checked is what is returned: the value is resolved as a URL first, which removes dot segments ("..",
 * "%2e%2e"), so "/..//evil.example" or "/a/../..//evil.example" would come out as "//evil.example", a link off
 * the site, though it came in with one leading slash.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  // Browsers drop tabs and newlines from a URL, so "/<TAB>/evil.example" is "//evil.example"; a CR or LF in a
  // Location header cannot be sent at all. No control character belongs in a path.
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f]/.test(value))
    return fallback;
  let path: string;
  try {
    const base = "http://same-origin.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    path = url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  return isSitePath(path) ? path : fallback;
}

/**
 * One leading slash, and no backslash anywhere: "//evil.example" and "/\evil.example" leave the site in browsers
 * (a backslash counts as a slash in an http address).
 */
function isSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
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
