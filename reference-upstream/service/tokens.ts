/**
 * The single-use secrets the mails carry: a login link's and a confirmation link's token, stored only as a hash.
 */
import { randomBytes } from "node:crypto";
import type { LiveRegistration } from "./live-registration";
import type { DbAccess, RegistrationRow, SiteRow, TokenRow } from "./db-access";
import { hashToken, HttpError, MINUTE } from "./db-access";

export function createTokens(d: DbAccess, live: LiveRegistration) {
  const { config, now, get, run } = d;
  const { sweepExpired } = live;

  function issueToken(
    purpose: TokenRow["purpose"],
    registrationId: string,
  ): string {
    const token = randomBytes(32).toString("base64url");
    run(
      "INSERT INTO tokens (hash, purpose, registration_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)",
      hashToken(token),
      purpose,
      registrationId,
      now() + config.tokenTtlMinutes * MINUTE,
      now(),
    );
    return token;
  }

  /**
   * The unused, unexpired token of this purpose, and its registration on this site; 401 otherwise. A login
   * token is spent by this; a confirmation token stays valid until it expires (or a newer link replaces it), so
   * a second click, or a mail scanner that got through, still lands on the thank-you page.
   */
  function redeemToken(
    s: SiteRow,
    purpose: TokenRow["purpose"],
    token: string,
  ): RegistrationRow {
    sweepExpired();
    const row = get<TokenRow>(
      "SELECT * FROM tokens WHERE hash = ? AND purpose = ?",
      hashToken(token),
      purpose,
    );
    const reg =
      row &&
      get<RegistrationRow>(
        "SELECT * FROM registrations WHERE id = ? AND site_id = ?",
        row.registration_id,
        s.id,
      );
    if (!row || !reg || row.used_at !== null || row.expires_at <= now()) {
      throw new HttpError(
        401,
        "invalid token",
        "unknown, used or expired token",
      );
    }
    if (purpose === "login")
      run("UPDATE tokens SET used_at = ? WHERE hash = ?", now(), row.hash);
    return reg;
  }

  return { issueToken, redeemToken };
}

export type Tokens = ReturnType<typeof createTokens>;
