/**
 * Sending a registration and confirming it: pending-confirmation (the personal details stored, the confirmation
 * link or the change's summary mailed), the confirmation mail again, and confirming by the mailed link.
 */
import type { PendingConfirmationBody, Registration } from "#contract";
import { MAIL_LINK_PATHS } from "#contract";
import { DETAIL_TEXT_COLUMNS } from "../db";
import { changedMail, confirmedMail, confirmLinkMail } from "../mail-templates";
import type { Limits } from "./limits";
import type { LiveRegistration } from "./live-registration";
import type {
  DbAccess,
  NoContent,
  RegistrationRow,
  SiteRow,
} from "./db-access";
import { HttpError, MINUTE } from "./db-access";
import type { Tokens } from "./tokens";

/**
 * 'already registered' answers one draft gets before it is cancelled (its seats released): the answer is the
 * specification's, for the student who needs it, but a draft is no tool for testing addresses (decision 0076).
 */
export const CONFLICTS_PER_DRAFT = 3;

/** The personal texts' part of pending-confirmation's UPDATE: one `column = ?` each. */
const DETAIL_TEXTS_SET = DETAIL_TEXT_COLUMNS.map(
  (column) => `${column} = ?`,
).join(", ");

export function createConfirmation(
  d: DbAccess,
  live: LiveRegistration,
  { issueToken, redeemToken }: Tokens,
  { rateLimit }: Limits,
) {
  const { config, now, tx, get, run } = d;
  const {
    draftExpiry,
    dropChoices,
    released,
    changeRegistration,
    reload,
    requireWritableDay,
    view,
    summary,
  } = live;

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
          `UPDATE registrations SET geslacht = ?, ${DETAIL_TEXTS_SET}, aantal_personen = ?, marketing_optin = ?,
           display = ?, status = ?, expires_at = ? WHERE id = ?`,
          body.geslacht,
          // A text the body may leave out (a field added later) is stored as null.
          ...DETAIL_TEXT_COLUMNS.map((column) => body[column] ?? null),
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

  return { pendingConfirmation, resendConfirmation, confirm };
}
