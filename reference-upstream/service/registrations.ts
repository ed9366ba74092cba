/**
 * The registration and its seats: creating a draft, its school, its choices per round (taking and releasing
 * seats, never more than a round holds) and cancelling it. Every seat released is handed to the waiting list in
 * the same transaction (live.released).
 */
import { randomBytes } from "node:crypto";
import type { Registration } from "#contract";
import { cancelledMail } from "../mail-templates";
import type { LiveRegistration } from "./live-registration";
import type {
  DayRow,
  DbAccess,
  NoContent,
  RegistrationRow,
  SiteRow,
  WorkshopRow,
} from "./db-access";
import { blockFor, HttpError } from "./db-access";

export function createRegistrations(d: DbAccess, live: LiveRegistration) {
  const { config, tx, get, run } = d;
  const {
    sweepExpired,
    dropChoices,
    released,
    draftExpiry,
    withRegistration,
    changeRegistration,
    rounds,
    reload,
    requireWritableDay,
    seatsTaken,
    view,
    summary,
  } = live;

  function newRegistrationId(): string {
    return randomBytes(24).toString("base64url");
  }

  function requireSchoolOfDay(dayId: number, schoolId: number): void {
    const found = get(
      "SELECT 1 FROM day_schools WHERE day_id = ? AND school_id = ?",
      dayId,
      schoolId,
    );
    if (!found)
      throw new HttpError(
        404,
        "unknown school",
        `school ${schoolId} does not take part in this orientation day`,
      );
  }

  function create(
    s: SiteRow,
    id: string,
    anonymousId: string | null,
    body: { school: number; orientationDay: number },
  ): Registration {
    return tx(() => {
      sweepExpired();
      const day = get<DayRow>(
        "SELECT * FROM orientation_days WHERE id = ? AND site_id = ?",
        body.orientationDay,
        s.id,
      );
      if (!day)
        throw new HttpError(
          404,
          "unknown orientation day",
          `no orientation day ${body.orientationDay}`,
        );
      requireSchoolOfDay(day.id, body.school);
      const existing = get<RegistrationRow>(
        "SELECT * FROM registrations WHERE id = ?",
        id,
      );
      const loginId = get("SELECT 1 FROM registration_logins WHERE id = ?", id);
      if (
        loginId ||
        (existing && (existing.site_id !== s.id || existing.status !== "draft"))
      ) {
        throw new HttpError(
          409,
          "registration exists",
          "this registration id is already in use",
        );
      }
      if (existing) {
        // Creating again with the same id re-binds the draft; choices and entries of another day cannot stay.
        const freed = existing.day_id !== day.id ? dropChoices(id) : [];
        if (existing.day_id !== day.id)
          run("DELETE FROM waitlist WHERE registration_id = ?", id);
        run(
          "UPDATE registrations SET day_id = ?, school_id = ?, anonymous_id = coalesce(?, anonymous_id), expires_at = ? WHERE id = ?",
          day.id,
          body.school,
          anonymousId,
          draftExpiry(),
          id,
        );
        released(freed);
      } else {
        run(
          `INSERT INTO registrations (id, site_id, anonymous_id, day_id, school_id, status, expires_at, created_at)
           VALUES (?, ?, ?, ?, ?, 'draft', ?, ?)`,
          id,
          s.id,
          anonymousId,
          day.id,
          body.school,
          draftExpiry(),
          d.now(),
        );
      }
      return view(reload(id));
    });
  }

  function registration(
    s: SiteRow,
    id: string | null,
  ): Registration | NoContent {
    return withRegistration(s, id, view);
  }

  function addSchool(
    s: SiteRow,
    id: string | null,
    schoolId: number,
  ): Registration | NoContent {
    return changeRegistration(s, id, (reg) => {
      requireSchoolOfDay(reg.day_id, schoolId);
      run(
        "UPDATE registrations SET school_id = ? WHERE id = ?",
        schoolId,
        reg.id,
      );
      return view(reload(reg.id));
    });
  }

  function removeSchool(
    s: SiteRow,
    id: string | null,
  ): Registration | NoContent {
    return changeRegistration(s, id, (reg) => {
      // Without a school there are no choices, so nothing to wait for either.
      const freed = dropChoices(reg.id);
      run("DELETE FROM waitlist WHERE registration_id = ?", reg.id);
      run("UPDATE registrations SET school_id = NULL WHERE id = ?", reg.id);
      released(freed);
      return view(reload(reg.id));
    });
  }

  /**
   * Applies the choices in order, all or nothing. Choosing takes a seat and releases the round's previous
   * choice; a workshop already chosen in another round moves; `workshop: null` releases.
   */
  function update(
    s: SiteRow,
    id: string | null,
    choices: { round: number; workshop: number | null }[],
  ): Registration | NoContent {
    return changeRegistration(s, id, (reg) => {
      requireWritableDay(reg);
      const dayRounds = new Set(rounds(reg.day_id).map((r) => r.number));
      for (const choice of choices) {
        if (!dayRounds.has(choice.round))
          throw new HttpError(
            404,
            "unknown round",
            `no round ${choice.round} on this orientation day`,
          );
        if (choice.workshop === null) {
          released(dropChoices(reg.id, { round: choice.round }));
          continue;
        }
        const w = get<WorkshopRow>(
          "SELECT * FROM workshops WHERE id = ? AND day_id = ?",
          choice.workshop,
          reg.day_id,
        );
        if (!w)
          throw new HttpError(
            404,
            "unknown workshop",
            `no workshop ${choice.workshop} on this orientation day`,
          );
        const current = get<{ workshop_id: number }>(
          "SELECT workshop_id FROM choices WHERE registration_id = ? AND round_number = ?",
          reg.id,
          choice.round,
        );
        if (current?.workshop_id === w.id) continue;
        const capacity = get<{ seats: number }>(
          "SELECT seats FROM workshop_rounds WHERE workshop_id = ? AND round_number = ?",
          w.id,
          choice.round,
        );
        // 409 rather than 404: the web app treats a 404 here as an expired registration.
        if (!capacity)
          throw new HttpError(
            409,
            "round unavailable",
            `${w.display} is not offered in round ${choice.round}`,
          );
        if (seatsTaken(w.id, choice.round) >= capacity.seats) {
          throw new HttpError(
            409,
            "round full",
            `${w.display} is full in round ${choice.round}`,
          );
        }
        if (config.seatCheckDelayMs) blockFor(config.seatCheckDelayMs);
        const freed = dropChoices(reg.id, {
          round: choice.round,
          workshop: w.id,
        });
        run(
          "INSERT INTO choices (registration_id, round_number, workshop_id) VALUES (?, ?, ?)",
          reg.id,
          choice.round,
          w.id,
        );
        // Having the workshop ends waiting for it in that round.
        run(
          "DELETE FROM waitlist WHERE registration_id = ? AND round_number = ? AND workshop_id = ?",
          reg.id,
          choice.round,
          w.id,
        );
        released(freed);
      }
      return view(reload(reg.id));
    });
  }

  function remove(
    s: SiteRow,
    id: string | null,
  ): { message: string } | NoContent {
    const result = changeRegistration(s, id, (reg) => {
      if (reg.status === "created" && reg.emailadres) {
        config.mailer.queue({
          siteId: s.id,
          to: reg.emailadres,
          ...cancelledMail(summary(reg)),
        });
      }
      // Tokens and waiting-list entries go with it (ON DELETE CASCADE); its seats go to whoever waits for them.
      const freed = dropChoices(reg.id);
      run("DELETE FROM registrations WHERE id = ?", reg.id);
      released(freed);
      return { message: "Je inschrijving is geannuleerd." };
    });
    config.mailer.deliver();
    return result;
  }

  return {
    newRegistrationId,
    create,
    registration,
    addSchool,
    removeSchool,
    update,
    remove,
  };
}
