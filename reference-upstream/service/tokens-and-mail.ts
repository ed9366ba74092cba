/**
 * Tokens and the mail they travel in: submitting for confirmation, confirming, logging in by link, the rate
 * limit on mail a visitor can make us send, and support questions.
 */
import { randomBytes } from "node:crypto";
import type {
  PendingConfirmationBody,
  Registration,
  SupportQuestion,
} from "#contract";
import { MAIL_LINK_PATHS } from "#contract";
import {
  changedMail,
  confirmedMail,
  confirmLinkMail,
  loginLinkMail,
  supportQuestionMail,
} from "../mail-templates";
import type { Common } from "./common";
import type {
  DbAccess,
  NoContent,
  RegistrationRow,
  SiteRow,
  TokenRow,
} from "./db-access";
import { hashToken, HttpError, MINUTE } from "./db-access";

/** Login requests per address from all requesters together, as a multiple of the per-requester limit. */
const LOGIN_ADDRESS_LIMIT_FACTOR = 4;
/**
 * 'already registered' answers one draft gets before it is cancelled (its seats released): the answer is the
 * specification's, for the student who needs it, but a draft is no tool for testing addresses (decision 0076).
 */
export const CONFLICTS_PER_DRAFT = 3;

const LOGIN_REQUESTED =
  "Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om in te loggen.";

export function createTokensAndMail(d: DbAccess, common: Common) {
  const { config, now, tx, get, run } = d;
  const {
    sweepExpired,
    draftExpiry,
    dropChoices,
    released,
    changeRegistration,
    reload,
    requireWritableDay,
    view,
    summary,
  } = common;

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

  function requireNotRegisteredElsewhere(
    reg: RegistrationRow,
    email: string,
  ): void {
    const other = get(
      `SELECT 1 FROM registrations WHERE site_id = ? AND day_id = ? AND status = 'created'
       AND emailadres = ? COLLATE NOCASE AND id <> ?`,
      reg.site_id,
      reg.day_id,
      email,
      reg.id,
    );
    if (other)
      throw new HttpError(
        409,
        "conflict",
        "this e-mail address is already registered for this orientation day",
      );
  }

  /**
   * Stores the personal data. A draft becomes pending and gets a confirmation link by mail; a created
   * registration (changed after logging in) is updated at once and gets a summary of the change.
   *
   * Every mail counts per registration and per recipient address, the resend's too: at most `rateLimit.max` in the
   * window for each (429 beyond, and nothing changes), however often the call is made. A draft answered
   * 'already registered' CONFLICTS_PER_DRAFT times is cancelled (decision 0076).
   */
  function pendingConfirmation(
    s: SiteRow,
    id: string | null,
    body: PendingConfirmationBody,
  ): { message: string } | NoContent {
    let conflicted: RegistrationRow | null = null;
    let result: { message: string } | NoContent;
    try {
      result = changeRegistration(s, id, (reg) => {
        requireWritableDay(reg);
        const count = get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM choices WHERE registration_id = ?",
          reg.id,
        )!.n;
        if (count === 0)
          throw new HttpError(
            409,
            "no choices",
            "choose a workshop in at least one round",
          );
        if (reg.school_id === null)
          throw new HttpError(409, "no school", "choose a school first");
        try {
          requireNotRegisteredElsewhere(reg, body.emailadres);
        } catch (error) {
          conflicted = reg;
          throw error;
        }
        limitMail(s, reg, body.emailadres);
        const created = reg.status === "created";
        run(
          `UPDATE registrations SET geslacht = ?, voornaam = ?, tussenvoegsel = ?, achternaam = ?, klas = ?,
           telefoonnummer = ?, emailadres = ?, aantal_personen = ?, marketing_optin = ?, display = ?,
           status = ?, expires_at = ? WHERE id = ?`,
          body.geslacht,
          body.voornaam,
          body.tussenvoegsel,
          body.achternaam,
          body.klas,
          body.telefoonnummer,
          body.emailadres,
          body.aantalPersonen,
          body.marketingOptin ? 1 : 0,
          body.display,
          created ? "created" : "pending",
          // A pending registration lives at least as long as its confirmation link.
          created
            ? null
            : Math.max(draftExpiry(), now() + config.tokenTtlMinutes * MINUTE),
          reg.id,
        );
        const updated = reload(reg.id);
        if (created) {
          config.mailer.queue({
            siteId: s.id,
            to: body.emailadres,
            ...changedMail(summary(updated)),
          });
          return { message: "Je wijziging is opgeslagen." };
        }
        mailConfirmLink(s, updated);
        return {
          message:
            "We hebben je een e-mail gestuurd. Klik op de link in de e-mail om je inschrijving te bevestigen.",
        };
      });
    } catch (error) {
      if (conflicted) countConflict(conflicted);
      throw error;
    }
    config.mailer.deliver();
    return result;
  }

  /**
   * Counts a mail to the registration and to the address; 429 (refusing the whole call) when either has had
   * `rateLimit.max` in the window. The pending confirmation and the resend share these counts.
   */
  function limitMail(s: SiteRow, reg: RegistrationRow, to: string): void {
    rateLimit(`mail:${reg.id}`);
    rateLimit(`mail:${s.id}:${to.toLowerCase()}`);
  }

  /** One more 'already registered' for the draft; at CONFLICTS_PER_DRAFT it goes, and its seats with it. */
  function countConflict(reg: RegistrationRow): void {
    if (reg.status !== "draft") return;
    tx(() => {
      run(
        "UPDATE registrations SET conflicts = conflicts + 1 WHERE id = ?",
        reg.id,
      );
      const { conflicts } = reload(reg.id);
      if (conflicts < CONFLICTS_PER_DRAFT) return;
      const freed = dropChoices(reg.id);
      run("DELETE FROM registrations WHERE id = ?", reg.id);
      released(freed);
    });
  }

  /**
   * Mails a new confirmation link to the registration's address; only the newest link confirms (a resubmit may
   * have changed the address). The registration waits at least as long as its link works.
   */
  function mailConfirmLink(s: SiteRow, reg: RegistrationRow): void {
    run(
      "UPDATE tokens SET used_at = ? WHERE registration_id = ? AND purpose = 'confirm' AND used_at IS NULL",
      now(),
      reg.id,
    );
    const token = issueToken("confirm", reg.id);
    run(
      "UPDATE registrations SET expires_at = max(expires_at, ?) WHERE id = ?",
      now() + config.tokenTtlMinutes * MINUTE,
      reg.id,
    );
    const link = `${config.siteUrl(s.name)}${MAIL_LINK_PATHS.confirm}?token=${token}`;
    config.mailer.queue({
      siteId: s.id,
      to: reg.emailadres!,
      ...confirmLinkMail(summary(reg), link, config.tokenTtlMinutes),
    });
  }

  /**
   * The confirmation mail again, for a registration that waits for it: at most `rateLimit.max` confirmation mails
   * per registration and per address in the window, 'Versturen' included (429 beyond), 409 for one that waits for
   * nothing. The draft's own id may ask for it: it changes nothing but the link.
   */
  function resendConfirmation(
    s: SiteRow,
    id: string | null,
  ): Registration | NoContent {
    const result = changeRegistration(
      s,
      id,
      (reg) => {
        if (reg.status !== "pending" || !reg.emailadres)
          throw new HttpError(
            409,
            reg.status === "created" ? "already confirmed" : "not pending",
            "this registration is not waiting for confirmation",
          );
        limitMail(s, reg, reg.emailadres);
        mailConfirmLink(s, reg);
        return view(reload(reg.id));
      },
      { whenSent: "allow" },
    );
    config.mailer.deliver();
    return result;
  }

  function confirm(s: SiteRow, token: string): Registration {
    const result = tx(() => {
      const reg = redeemToken(s, "confirm", token);
      if (reg.status !== "created") {
        requireNotRegisteredElsewhere(reg, reg.emailadres ?? "");
        run(
          "UPDATE registrations SET status = 'created', confirmed_at = ?, expires_at = NULL WHERE id = ?",
          now(),
          reg.id,
        );
        const updated = reload(reg.id);
        config.mailer.queue({
          siteId: s.id,
          to: updated.emailadres!,
          ...confirmedMail(summary(updated), config.siteUrl(s.name)),
        });
      }
      return view(reload(reg.id));
    });
    config.mailer.deliver();
    return result;
  }

  /** Counts a hit for the key, refusing (429) when the window already holds the maximum. */
  function rateLimit(key: string): void {
    const since = now() - config.rateLimit.windowMinutes * MINUTE;
    run("DELETE FROM rate_limit_hits WHERE at <= ?", since);
    const hits = get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM rate_limit_hits WHERE key = ?",
      key,
    )!.n;
    if (hits >= config.rateLimit.max)
      throw new HttpError(429, "too many requests", "try again later");
    run("INSERT INTO rate_limit_hits (key, at) VALUES (?, ?)", key, now());
  }

  /** Counts a hit for the key unless the window already holds `max`; tells whether it was within the limit. */
  function withinLimit(key: string, max: number): boolean {
    const since = now() - config.rateLimit.windowMinutes * MINUTE;
    run("DELETE FROM rate_limit_hits WHERE at <= ?", since);
    const hits = get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM rate_limit_hits WHERE key = ?",
      key,
    )!.n;
    if (hits >= max) return false;
    run("INSERT INTO rate_limit_hits (key, at) VALUES (?, ?)", key, now());
    return true;
  }

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

  function supportCreate(s: SiteRow, q: SupportQuestion): { message: string } {
    tx(() => {
      rateLimit(`support:${s.id}:${q.email.toLowerCase()}`);
      run(
        `INSERT INTO support_questions (site_id, name, email, school, klas, question_about, message, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        s.id,
        q.name,
        q.email,
        q.school,
        q.klas,
        q.questionAbout,
        q.message,
        now(),
      );
      config.mailer.queue({
        siteId: s.id,
        to: s.support_email,
        replyTo: q.email,
        ...supportQuestionMail(q),
      });
    });
    config.mailer.deliver();
    return {
      message: "Jouw vraag is verstuurd. We nemen zo snel mogelijk contact op.",
    };
  }

  return {
    pendingConfirmation,
    resendConfirmation,
    confirm,
    requestLogin,
    login,
    supportCreate,
  };
}
