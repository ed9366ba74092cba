/**
 * A token from a mailed link, held for a short while in a signed cookie instead of the address bar.
 *
 * The link's first response moves the token here and redirects to the same path without it, so the token is in
 * no history entry, bookmark or Referer. The cookie's path is the link's page, so it goes back only to the form
 * that spends it (a POST). Each value carries when it was set: a copied cookie stops working after the same
 * short time, whatever the browser does with Max-Age.
 */
import { createSignedCookie } from "~/lib/signed-cookie.server";
import type { Cookie, RouterContextProvider } from "react-router";
import { z } from "zod";
import { env } from "~/env.server";
import { MAIL_LINK_PATHS, TokenBodySchema } from "#contract";
import { getRequestState } from "./request-state.server";

export type MailLinkPurpose = keyof typeof MAIL_LINK_PATHS;

/** The cookie that holds a mailed link's token, per link: `login-token`, `confirm-token`. */
export function mailTokenCookieName(purpose: MailLinkPurpose): string {
  return `${purpose}-token`;
}

/** Long enough to read a page and press a button; the upstream's own token expiry still applies. */
export const MAIL_TOKEN_MAX_AGE_SECONDS = 30 * 60;

const HeldTokenSchema = z.object({
  token: TokenBodySchema.shape.token,
  setAt: z.number(),
});

export interface MailTokenOptions {
  secrets: string[];
  secure: boolean;
  now?: () => number;
}

const cookies = new Map<string, Cookie>();

function tokenCookie(
  purpose: MailLinkPurpose,
  { secrets, secure }: MailTokenOptions,
): Cookie {
  const key = `${purpose}\n${secure}\n${secrets.join("\n")}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createSignedCookie(mailTokenCookieName(purpose), {
      secrets,
      httpOnly: true,
      // Lax: the cookie is set by the response to a navigation from the mail (another site) and read on the
      // same site afterwards; Strict would drop it on the redirect that follows that navigation.
      sameSite: "lax",
      path: MAIL_LINK_PATHS[purpose],
      secure,
      maxAge: MAIL_TOKEN_MAX_AGE_SECONDS,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

/** The token of a link's query string, if it has the shape of one. */
export function tokenFromUrl(url: URL): string | null {
  const parsed = TokenBodySchema.shape.token.safeParse(
    url.searchParams.get("token"),
  );
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie value that holds the token. */
export function holdMailToken(
  purpose: MailLinkPurpose,
  token: string,
  options: MailTokenOptions,
): Promise<string> {
  const now = options.now ?? Date.now;
  return tokenCookie(purpose, options).serialize({ token, setAt: now() });
}

/** The held token: null when there is none, it was tampered with, or it is older than the cookie's age. */
export async function readMailToken(
  purpose: MailLinkPurpose,
  cookieHeader: string | null,
  options: MailTokenOptions,
): Promise<string | null> {
  const now = options.now ?? Date.now;
  const parsed = HeldTokenSchema.safeParse(
    await tokenCookie(purpose, options).parse(cookieHeader),
  );
  if (!parsed.success) return null;
  const age = now() - parsed.data.setAt;
  if (age < 0 || age > MAIL_TOKEN_MAX_AGE_SECONDS * 1000) return null;
  return parsed.data.token;
}

/** The Set-Cookie value that forgets the token (it was spent, or refused). */
export function forgetMailToken(
  purpose: MailLinkPurpose,
  options: MailTokenOptions,
): Promise<string> {
  return tokenCookie(purpose, options).serialize("", { maxAge: 0 });
}

/** The cookie options for this request: the session's secrets, Secure when the site is reached over HTTPS. */
export function mailTokenOptions(
  context: Readonly<RouterContextProvider>,
): MailTokenOptions {
  return {
    secrets: env().SESSION_SECRET,
    secure: getRequestState(context).origin.startsWith("https:"),
  };
}

/** The mail tokens of one request: what its cookies hold, and the Set-Cookie values that hold or forget one. */
export function mailTokens(
  context: Readonly<RouterContextProvider>,
  request: Request,
) {
  const options = mailTokenOptions(context);
  const cookieHeader = request.headers.get("cookie");
  return {
    held: (purpose: MailLinkPurpose) =>
      readMailToken(purpose, cookieHeader, options),
    hold: (purpose: MailLinkPurpose, token: string) =>
      holdMailToken(purpose, token, options),
    forget: (purpose: MailLinkPurpose) => forgetMailToken(purpose, options),
  };
}
