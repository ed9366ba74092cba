/**
 * Who opens a mailed link before the student does. School mail filters (Proofpoint, Mimecast, Barracuda),
 * Outlook's Safe Links and Office's link previews fetch every link in a mail; browsers prefetch links they
 * expect to be followed. None of them may spend a one-time token or confirm a registration, so the mail-link
 * pages ask: is this request a person's navigation?
 *
 * Known bots come from isbot's list, extended with the scanners and Office agents it does not know. Shared by
 * the mail-link routes and the error-report filter (events from these agents are dropped, spec section 8).
 */
import { createIsbotFromList, list } from "isbot";

/** User-agent fragments of mail scanners and Office link previews that isbot's list lacks or may drop. */
export const MAIL_SCANNER_PATTERNS = [
  "microsoft office",
  "microsoft outlook",
  "ms-office",
  "msoffice",
  "safelinks",
  "proofpoint",
  "urldefense",
  "mimecast",
  "barracuda",
  "forcepoint",
  "trend ?micro",
  "symantec",
  "sophos",
  "ironport",
] as const;

const isKnownBot = createIsbotFromList([...list, ...MAIL_SCANNER_PATTERNS]);

/** Whether a user agent belongs to a bot, a mail scanner or an Office link preview. No agent at all counts. */
export function isAutomatedUserAgent(
  userAgent: string | null | undefined,
): boolean {
  if (!userAgent?.trim()) return true;
  return isKnownBot(userAgent);
}

/**
 * Whether a browser fetched the page ahead of a possible visit (speculation rules, link prefetch, Firefox's
 * X-Moz), not because the person opened it.
 */
export function isPrefetch(headers: Headers): boolean {
  const purpose = [
    headers.get("sec-purpose"),
    headers.get("purpose"),
    headers.get("x-purpose"),
    headers.get("x-moz"),
  ]
    .filter((value): value is string => value !== null)
    .join(",")
    .toLowerCase();
  return /\b(prefetch|prerender|preview)\b/.test(purpose);
}

/**
 * Whether a request for a mailed link comes from something other than the person: a bot or scanner, a HEAD
 * (scanners check links with it; a person's browser never opens a page that way) or a prefetch. A person
 * misjudged as one is shown a button that does the same with a POST, so the cost of a wrong guess is a click.
 */
export function isLinkScanner(request: Request): boolean {
  if (request.method === "HEAD") return true;
  if (isPrefetch(request.headers)) return true;
  return isAutomatedUserAgent(request.headers.get("user-agent"));
}
