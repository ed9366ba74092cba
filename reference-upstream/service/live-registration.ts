/**
 * The registration as every resource sees it: loading a live one (expired drafts swept, expiry slid), running a
 * call on it, dropping its choices, the rounds of its day; and its answer and mail summary (registration-view.ts).
 */
import { createRegistrationView } from "./registration-view";
import type {
  DayRow,
  DbAccess,
  NoContent,
  RegistrationRow,
  RoundRow,
  Seat,
  SiteRow,
} from "./db-access";
import { HttpError, MINUTE, NO_CONTENT } from "./db-access";

/**
 * `released` is told of every seat a choice gave up, in the transaction that gave it up, after the change is
 * written: the waiting list fills it from there (waitlist.ts).
 */
export function createLiveRegistration(
  d: DbAccess,
  released: (seats: Seat[]) => void,
) {
  const { config, now, tx, get, all, run } = d;

  /**
   * Deletes expired drafts; their choices and waiting-list entries go with them (ON DELETE CASCADE), and the
   * seats they held are released.
   */
  function sweepExpired(): void {
    const expiry = "expires_at IS NOT NULL AND expires_at <= ?";
    const seats = all<Seat>(
      `SELECT workshop_id AS workshop, round_number AS round FROM choices
       WHERE registration_id IN (SELECT id FROM registrations WHERE ${expiry})`,
      now(),
    );
    run(`DELETE FROM registrations WHERE ${expiry}`, now());
    if (seats.length > 0) released(seats);
  }

  /**
   * Deletes the registration's choices in the round or of the workshop (all of them when neither is given) and
   * returns the seats they held. The caller hands those to `released` once its own change is written.
   */
  function dropChoices(
    registrationId: string,
    which: { round?: number; workshop?: number } = {},
  ): Seat[] {
    const where = `registration_id = ? AND (round_number = ? OR workshop_id = ? OR ?)`;
    const params = [
      registrationId,
      which.round ?? -1,
      which.workshop ?? -1,
      which.round === undefined && which.workshop === undefined ? 1 : 0,
    ];
    const seats = all<Seat>(
      `SELECT workshop_id AS workshop, round_number AS round FROM choices WHERE ${where}`,
      ...params,
    );
    run(`DELETE FROM choices WHERE ${where}`, ...params);
    return seats;
  }

  function draftExpiry(): number {
    return now() + config.draftTtlMinutes * MINUTE;
  }

  /**
   * The live registration of the id on this site, and whether the id was a login's (decision 0076); undefined when
   * unknown or expired. The id is the draft's own (the one it was created with) or one a login handed out.
   */
  function find(
    s: SiteRow,
    id: string | null,
  ): { row: RegistrationRow; byLogin: boolean } | undefined {
    sweepExpired();
    if (!id) return undefined;
    const own = get<RegistrationRow>(
      "SELECT * FROM registrations WHERE id = ? AND site_id = ?",
      id,
      s.id,
    );
    if (own) return { row: own, byLogin: false };
    const logged = get<RegistrationRow>(
      `SELECT r.* FROM registration_logins l JOIN registrations r ON r.id = l.registration_id
       WHERE l.id = ? AND r.site_id = ?`,
      id,
      s.id,
    );
    return logged ? { row: logged, byLogin: true } : undefined;
  }

  /**
   * The live registration of the id on this site; undefined when unknown or expired. A call that changes it
   * (`slide`) moves its expiry forward: an unconfirmed registration holds its seats for DRAFT_TTL_MINUTES from its
   * last change, not from its last read, so a tab left open cannot hold seats for ever (decision 0065).
   */
  function load(
    s: SiteRow,
    id: string | null,
    { slide = false } = {},
  ): RegistrationRow | undefined {
    const row = find(s, id)?.row;
    if (slide && row) slideExpiry(row);
    return row;
  }

  function slideExpiry(row: RegistrationRow): void {
    if (row.expires_at === null) return;
    row.expires_at = Math.max(row.expires_at, draftExpiry());
    run(
      "UPDATE registrations SET expires_at = ? WHERE id = ?",
      row.expires_at,
      row.id,
    );
  }

  /**
   * Runs a call on the live registration of the id (NO_CONTENT without one). Loading sweeps expired drafts and,
   * for a call that changes the registration (`change`), slides the expiry; that is committed even when the call
   * itself is refused (404, 409), which rolls back only its own changes (a nested transaction is a savepoint).
   *
   * Sent means handed over (decision 0076): once a registration is sent (pending or created), a change through the
   * draft's own id is refused with 403, whoever kept that id; a change needs a login's id. `whenSent: "allow"` is
   * for the calls a sender may still make with it (the confirmation mail again).
   */
  function withRegistration<T>(
    s: SiteRow,
    id: string | null,
    fn: (reg: RegistrationRow) => T,
    {
      change = false,
      whenSent = "refuse",
    }: { change?: boolean; whenSent?: "refuse" | "allow" } = {},
  ): T | NoContent {
    const outcome = tx(
      (): { value: T | NoContent } | { refused: HttpError } => {
        const found = find(s, id);
        if (!found) return { value: NO_CONTENT };
        const reg = found.row;
        if (
          change &&
          whenSent === "refuse" &&
          !found.byLogin &&
          reg.status !== "draft"
        )
          return {
            refused: new HttpError(
              403,
              "registration sent",
              "this registration was sent: a change needs the login link",
            ),
          };
        if (change) slideExpiry(reg);
        try {
          return { value: tx(() => fn(reg)) };
        } catch (error) {
          if (error instanceof HttpError) return { refused: error };
          throw error;
        }
      },
    );
    if ("refused" in outcome) throw outcome.refused;
    return outcome.value;
  }

  /** withRegistration for a call that changes the registration: its expiry slides. */
  function changeRegistration<T>(
    s: SiteRow,
    id: string | null,
    fn: (reg: RegistrationRow) => T,
    { whenSent = "refuse" }: { whenSent?: "refuse" | "allow" } = {},
  ): T | NoContent {
    return withRegistration(s, id, fn, { change: true, whenSent });
  }

  function day(dayId: number): DayRow {
    return get<DayRow>("SELECT * FROM orientation_days WHERE id = ?", dayId)!;
  }

  function rounds(dayId: number): RoundRow[] {
    return all<RoundRow>(
      "SELECT number, start_time, end_time FROM rounds WHERE day_id = ? ORDER BY number",
      dayId,
    );
  }

  function reload(id: string): RegistrationRow {
    return get<RegistrationRow>(
      "SELECT * FROM registrations WHERE id = ?",
      id,
    )!;
  }

  function requireWritableDay(reg: RegistrationRow): void {
    if (day(reg.day_id).readonly === 1)
      throw new HttpError(
        409,
        "day read-only",
        "this orientation day is read-only",
      );
  }

  function seatsTaken(workshopId: number, round: number): number {
    return get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM choices WHERE workshop_id = ? AND round_number = ?",
      workshopId,
      round,
    )!.n;
  }

  const { view, summary } = createRegistrationView(d, { day, rounds });

  return {
    sweepExpired,
    dropChoices,
    released,
    draftExpiry,
    load,
    find,
    withRegistration,
    changeRegistration,
    day,
    rounds,
    reload,
    requireWritableDay,
    seatsTaken,
    view,
    summary,
  };
}

export type LiveRegistration = ReturnType<typeof createLiveRegistration>;
