/**
 * Logging in by a mailed link: asking for the link (requestLogin) and redeeming it for a login's own registration
 * id (login).
 */
import { randomBytes } from "node:crypto";
import type { Registration } from "#contract";
import { MAIL_LINK_PATHS } from "#contract";
import { loginLinkMail } from "../mail-templates";
import type { Limits } from "./limits";
import type { LiveRegistration } from "./live-registration";
import type { DbAccess, RegistrationRow, SiteRow } from "./db-access";
import { HttpError } from "./db-access";
import type { Tokens } from "./tokens";

/** Login requests per address from all requesters together, as a multiple of the per-requester limit. */
const LOGIN_ADDRESS_LIMIT_FACTOR = 4;

const LOGIN_REQUESTED =
  "Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om in te loggen.";

export function createLogin(
  d: DbAccess,
  live: LiveRegistration,
  { issueToken, redeemToken }: Tokens,
  { withinLimit }: Limits,
) {
  const { config, now, tx, get, run } = d;
  const { view } = live;

  /**
   * Answers the same whether or not the address is known, so it cannot be used to find registrations, and
   * whether or not a limit holds the mail back, so the limit cannot be used to lock an owner out or to tell
   * anything. Limits count per address and requester (the anonymous id), so a stranger's requests do not use up
   * the owner's; a wider limit per address bounds the mail strangers together can make an address receive.
   */
  function requestLogin(
    s: SiteRow,
    body: { email: string; orientationDayId: number },
    requester: string | null,
  ): { message: string } {
    tx(() => {
      const address = `login:${s.id}:${body.email.toLowerCase()}`;
      const max = config.rateLimit.max;
      if (
        !withinLimit(`${address}:${requester ?? ""}`, max) ||
        !withinLimit(address, max * LOGIN_ADDRESS_LIMIT_FACTOR)
      )
        return;
      const reg = get<RegistrationRow>(
        `SELECT * FROM registrations WHERE site_id = ? AND day_id = ? AND status = 'created'
         AND emailadres = ? COLLATE NOCASE`,
        s.id,
        body.orientationDayId,
        body.email,
      );
      if (!reg) return;
      const token = issueToken("login", reg.id);
      const link = `${config.siteUrl(s.name)}${MAIL_LINK_PATHS.login}?token=${token}`;
      config.mailer.queue({
        siteId: s.id,
        to: reg.emailadres!,
        ...loginLinkMail(link, config.tokenTtlMinutes),
      });
    });
    config.mailer.deliver();
    return { message: LOGIN_REQUESTED };
  }

  function login(
    s: SiteRow,
    token: string,
  ): { registrationId: string; registration: Registration } {
    return tx(() => {
      const reg = redeemToken(s, "login", token);
      if (reg.status !== "created")
        throw new HttpError(
          401,
          "invalid token",
          "the registration is not confirmed",
        );
      // An id of the login's own: the one the draft was made with changes nothing once sent (decision 0076).
      const registrationId = randomBytes(24).toString("base64url");
      run(
        "INSERT INTO registration_logins (id, registration_id, created_at) VALUES (?, ?, ?)",
        registrationId,
        reg.id,
        now(),
      );
      return { registrationId, registration: view(reg) };
    });
  }

  return { requestLogin, login };
}
