/**
 * A registration as the calls answer it (the contract's Registration) and as the mails summarise it, from its row.
 */
import type { Registration, WaitlistEntry, WorkshopRef } from "#contract";
import { DETAIL_TEXT_COLUMNS } from "../db";
import type { DetailTextColumn } from "../db";
import type { RegistrationSummary } from "../mail-templates";
import type { DayRow, DbAccess, RegistrationRow, RoundRow } from "./db-access";
import { dutchDate } from "./db-access";

/** The personal texts as stored, under the contract's names (the columns'). */
function detailTexts(
  row: RegistrationRow,
): Record<DetailTextColumn, string | null> {
  return Object.fromEntries(
    DETAIL_TEXT_COLUMNS.map((column) => [column, row[column]]),
  ) as Record<DetailTextColumn, string | null>;
}

export function createRegistrationView(
  d: DbAccess,
  {
    day,
    rounds,
  }: { day: (dayId: number) => DayRow; rounds: (dayId: number) => RoundRow[] },
) {
  const { config, get, all } = d;

  function choiceRefs(registrationId: string): Map<number, WorkshopRef> {
    const rows = all<{ round_number: number } & WorkshopRef>(
      `SELECT c.round_number, w.id, w.slug, w.display FROM choices c JOIN workshops w ON w.id = c.workshop_id
       WHERE c.registration_id = ?`,
      registrationId,
    );
    return new Map(
      rows.map((r) => [
        r.round_number,
        { id: r.id, slug: r.slug, display: r.display },
      ]),
    );
  }

  /** The registration's waiting-list entries, each with its place (from 1) in its list. */
  function waitlistEntries(registrationId: string): WaitlistEntry[] {
    return all<{ round: number; position: number } & WorkshopRef>(
      `SELECT e.round_number AS round, w.id, w.slug, w.display,
         (SELECT COUNT(*) FROM waitlist o WHERE o.workshop_id = e.workshop_id AND o.round_number = e.round_number
          AND o.id <= e.id) AS position
       FROM waitlist e JOIN workshops w ON w.id = e.workshop_id
       WHERE e.registration_id = ? ORDER BY e.round_number`,
      registrationId,
    ).map(({ round, position, id, slug, display }) => ({
      round,
      workshop: { id, slug, display },
      position,
    }));
  }

  function view(row: RegistrationRow): Registration {
    const chosen = choiceRefs(row.id);
    const dayRounds = rounds(row.day_id);
    const selection = (n: number) => {
      const workshop = chosen.get(n);
      return workshop ? { workshop } : null;
    };
    const school = row.school_id
      ? get<{ id: number; display: string }>(
          "SELECT id, display FROM schools WHERE id = ?",
          row.school_id,
        )!
      : null;
    return {
      created:
        row.confirmed_at === null
          ? null
          : new Date(row.confirmed_at).toISOString(),
      school,
      orientationDay: {
        id: row.day_id,
        rondes: dayRounds.map((r) => ({
          number: r.number,
          startTime: r.start_time,
          endTime: r.end_time,
          selection: selection(r.number),
        })),
      },
      choices: Object.fromEntries(
        dayRounds.map((r) => [String(r.number), selection(r.number)]),
      ),
      geslacht: row.geslacht,
      ...detailTexts(row),
      aantalPersonen: row.aantal_personen,
      marketingOptin: row.marketing_optin === 1,
      display: row.status === "created" ? row.display : null,
      // Left out by an upstream without a waiting list: the contract's sign that it offers none.
      ...(config.waitlist ? { waitlist: waitlistEntries(row.id) } : {}),
      expires:
        row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      confirmation: confirmationOf(row),
    };
  }

  /** While the registration waits for its mailed link: until when the newest one confirms. */
  function confirmationOf(row: RegistrationRow): Registration["confirmation"] {
    if (row.status !== "pending") return null;
    const newest = get<{ expires_at: number }>(
      `SELECT expires_at FROM tokens WHERE registration_id = ? AND purpose = 'confirm' AND used_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
      row.id,
    );
    return newest
      ? { linkExpires: new Date(newest.expires_at).toISOString() }
      : null;
  }

  function summary(row: RegistrationRow): RegistrationSummary {
    const d = day(row.day_id);
    const chosen = choiceRefs(row.id);
    const school = row.school_id
      ? get<{ display: string }>(
          "SELECT display FROM schools WHERE id = ?",
          row.school_id,
        )
      : undefined;
    return {
      name: row.display ?? row.voornaam ?? "",
      day: d.display,
      date: dutchDate(d.date),
      school: school?.display ?? null,
      rounds: rounds(row.day_id).map((r) => ({
        number: r.number,
        startTime: r.start_time,
        endTime: r.end_time,
        workshop: chosen.get(r.number)?.display ?? null,
      })),
    };
  }

  return { view, summary };
}
