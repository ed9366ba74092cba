/**
 * Every cookie the site sets, for the page 'Privacy en cookies', built from the constants the cookies themselves
 * are made with: a renamed cookie or a changed lifetime shows on the page at once. A new cookie belongs here too:
 * privacy.server.test.ts fails while an exported `…_COOKIE_NAME` or `…_COOKIE_PREFIX` in the code is missing.
 */
import { PRIVACY } from "~/messages";
import {
  FAVOURITE_ITEM_MAX_AGE_SECONDS,
  FAVOURITES_COOKIE_NAME,
  FAVOURITES_MAX_AGE_SECONDS,
} from "~/session/favourites.server";
import {
  BYPASS_COOKIE_NAME,
  BYPASS_MAX_AGE_SECONDS,
} from "~/session/maintenance-bypass.server";
import {
  MAIL_TOKEN_MAX_AGE_SECONDS,
  mailTokenCookieName,
} from "~/request/mail-token.server";
import {
  AWAITING_COOKIE_NAME,
  AWAITING_TTL_MS,
} from "~/session/awaiting-cookie.server";
import { SESSION_MAX_AGE_SECONDS } from "~/session/cookie-attributes.server";
import { GENERATION_COOKIE_NAME } from "~/session/generation-cookie.server";
import { SESSION_COOKIE_NAME } from "~/session/session-cookie.server";
import { TOAST_COOKIE_PREFIX } from "~/session/toast-cookies.server";

/** Stands for the varying end of a family of cookies' names: `toast-…`. */
export const NAME_VARIES = "…";

export interface SiteCookie {
  /** The name, or a family's prefix followed by NAME_VARIES. */
  name: string;
  purpose: string;
  /** Max-Age; null for a cookie that lasts until the browser closes. */
  maxAgeSeconds: number | null;
}

export const SITE_COOKIES: readonly SiteCookie[] = [
  {
    name: SESSION_COOKIE_NAME,
    purpose: PRIVACY.purposes.session,
    maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
  },
  {
    name: GENERATION_COOKIE_NAME,
    purpose: PRIVACY.purposes.generation,
    maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
  },
  {
    name: AWAITING_COOKIE_NAME,
    purpose: PRIVACY.purposes.awaitingConfirmation,
    maxAgeSeconds: AWAITING_TTL_MS / 1000,
  },
  {
    name: `${TOAST_COOKIE_PREFIX}${NAME_VARIES}`,
    purpose: PRIVACY.purposes.toast,
    maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
  },
  {
    name: FAVOURITES_COOKIE_NAME,
    purpose: PRIVACY.purposes.favourites,
    maxAgeSeconds: FAVOURITES_MAX_AGE_SECONDS,
  },
  {
    name: `${FAVOURITES_COOKIE_NAME}.${NAME_VARIES}`,
    purpose: PRIVACY.purposes.favouriteItem,
    maxAgeSeconds: FAVOURITE_ITEM_MAX_AGE_SECONDS,
  },
  {
    name: mailTokenCookieName("login"),
    purpose: PRIVACY.purposes.loginToken,
    maxAgeSeconds: MAIL_TOKEN_MAX_AGE_SECONDS,
  },
  {
    name: mailTokenCookieName("confirm"),
    purpose: PRIVACY.purposes.confirmToken,
    maxAgeSeconds: MAIL_TOKEN_MAX_AGE_SECONDS,
  },
  {
    name: BYPASS_COOKIE_NAME,
    purpose: PRIVACY.purposes.maintenanceBypass,
    maxAgeSeconds: BYPASS_MAX_AGE_SECONDS,
  },
];
