/**
 * The waiting list (decision 0023). A registration waits for at most one workshop per round, for a round that is
 * full. Whenever a seat is released, in the same transaction, the first registration waiting for that workshop in
 * that round gets it: its choice for the round becomes the workshop, its entry ends, and the choice it gave up is
 * released in turn, which may move up someone else. It never oversells: a seat is only given while the round has
 * one free, by the same count as choosing takes.
 */
import type { Registration } from "#contract";
import { seatFreedMail } from "../mail-templates";
import type { LiveRegistration } from "./live-registration";
import type {
  DbAccess,
  NoContent,
  RegistrationRow,
  RoundRow,
  Seat,
  SiteRow,
  WorkshopRow,
} from "./db-access";
import { HttpError } from "./db-access";

export function createWaitlist(d: DbAccess, live: LiveRegistration) {
  const { config, now, get, run } = d;
  const {
    changeRegistration,
    dropChoices,
    reload,
    rounds,
    requireWritableDay,
    seatsTaken,
    view,
    summary,
  } = live;

  function requireOffered(): void {
    if (!config.waitlist) throw new HttpError(404, "no waiting list");
  }

  function capacity(seat: Seat): number | undefined {
    return get<{ seats: number }>(
      `SELECT wr.seats FROM workshop_rounds wr JOIN workshops w ON w.id = wr.workshop_id
       JOIN orientation_days d ON d.id = w.day_id
       WHERE wr.workshop_id = ? AND wr.round_number = ? AND d.readonly = 0`,
      seat.workshop,
      seat.round,
    )?.seats;
  }

  /**
   * Gives the released seats to the first in line, and the seats those give up to theirs, until every list whose
   * round has a free seat is empty. A read-only day's lists stay as they are: its choices do not change.
   */
  function fillFreedSeats(freed: Seat[]): void {
    const queue = [...freed];
    const promoted: { registration: string; seat: Seat }[] = [];
    for (let seat = queue.shift(); seat; seat = queue.shift()) {
      const seats = capacity(seat);
      if (seats === undefined) continue;
      while (seatsTaken(seat.workshop, seat.round) < seats) {
        const first = get<{ id: number; registration_id: string }>(
          `SELECT id, registration_id FROM waitlist WHERE workshop_id = ? AND round_number = ?
           ORDER BY id LIMIT 1`,
          seat.workshop,
          seat.round,
        );
        if (!first) break;
        run("DELETE FROM waitlist WHERE id = ?", first.id);
        // As choosing does: the round's earlier choice goes, and so does this workshop in another round.
        queue.push(
          ...dropChoices(first.registration_id, {
            round: seat.round,
            workshop: seat.workshop,
          }),
        );
        run(
          "INSERT INTO choices (registration_id, round_number, workshop_id) VALUES (?, ?, ?)",
          first.registration_id,
          seat.round,
          seat.workshop,
        );
        promoted.push({ registration: first.registration_id, seat });
      }
    }
    // Mailed once the cascade is over, so each mail shows the registration as it ends up.
    for (const { registration, seat } of promoted)
      mailPromotion(reload(registration), seat);
  }

  /**
   * Only to a confirmed address: an unconfirmed one may be a typing error or someone else's, and the mail names
   * the student's choices. A draft or a registration awaiting confirmation sees the change on its next view.
   */
  function mailPromotion(reg: RegistrationRow, seat: Seat): void {
    if (!reg.emailadres || reg.confirmed_at === null) return;
    const workshop = get<{ display: string }>(
      "SELECT display FROM workshops WHERE id = ?",
      seat.workshop,
    )!;
    const round = rounds(reg.day_id).find((r) => r.number === seat.round)!;
    config.mailer.queue({
      siteId: reg.site_id,
      to: reg.emailadres,
      ...seatFreedMail(summary(reg), {
        workshop: workshop.display,
        round: round.number,
        startTime: round.start_time,
        endTime: round.end_time,
      }),
    });
  }

  function roundOfDay(reg: RegistrationRow, number: number): RoundRow {
    const round = rounds(reg.day_id).find((r) => r.number === number);
    if (!round)
      throw new HttpError(
        404,
        "unknown round",
        `no round ${number} on this orientation day`,
      );
    return round;
  }

  /**
   * Puts the registration on the list of a full workshop in a round, replacing its entry for that round. Joining
   * the list it is already on keeps its place.
   */
  function join(
    s: SiteRow,
    id: string | null,
    body: { round: number; workshop: number },
  ): Registration | NoContent {
    requireOffered();
    return changeRegistration(s, id, (reg) => {
      requireWritableDay(reg);
      roundOfDay(reg, body.round);
      const w = get<WorkshopRow>(
        "SELECT * FROM workshops WHERE id = ? AND day_id = ?",
        body.workshop,
        reg.day_id,
      );
      if (!w)
        throw new HttpError(
          404,
          "unknown workshop",
          `no workshop ${body.workshop} on this orientation day`,
        );
      const seat = { workshop: w.id, round: body.round };
      const seats = capacity(seat);
      if (seats === undefined)
        throw new HttpError(
          409,
          "round unavailable",
          `${w.display} is not offered in round ${body.round}`,
        );
      // In any round: a registration holds a workshop once (as its choices do), so it cannot wait for a seat in
      // one round of a workshop it has a seat of in another (the contract's 409 'already chosen').
      const chosen = get<{ round_number: number }>(
        "SELECT round_number FROM choices WHERE registration_id = ? AND workshop_id = ?",
        reg.id,
        w.id,
      );
      if (chosen)
        throw new HttpError(
          409,
          "already chosen",
          `${w.display} is already the choice in round ${chosen.round_number}`,
        );
      if (seatsTaken(w.id, body.round) < seats)
        throw new HttpError(
          409,
          "round not full",
          `${w.display} has a free seat in round ${body.round}: choose it`,
        );
      const current = get<{ workshop_id: number }>(
        "SELECT workshop_id FROM waitlist WHERE registration_id = ? AND round_number = ?",
        reg.id,
        body.round,
      );
      if (current?.workshop_id !== w.id) {
        run(
          "DELETE FROM waitlist WHERE registration_id = ? AND round_number = ?",
          reg.id,
          body.round,
        );
        run(
          `INSERT INTO waitlist (registration_id, round_number, workshop_id, created_at)
           VALUES (?, ?, ?, ?)`,
          reg.id,
          body.round,
          w.id,
          now(),
        );
      }
      return view(reload(reg.id));
    });
  }

  /** Takes the registration off the round's list; nothing to do when it is on none. */
  function leave(
    s: SiteRow,
    id: string | null,
    body: { round: number },
  ): Registration | NoContent {
    requireOffered();
    return changeRegistration(s, id, (reg) => {
      roundOfDay(reg, body.round);
      run(
        "DELETE FROM waitlist WHERE registration_id = ? AND round_number = ?",
        reg.id,
        body.round,
      );
      return view(reload(reg.id));
    });
  }

  return { fillFreedSeats, join, leave };
}

export type Waitlist = ReturnType<typeof createWaitlist>;
