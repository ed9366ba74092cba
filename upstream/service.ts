/**
 * What the reference upstream does, free of HTTP: reads per site, and the registration life cycle with its
 * seats, expiry, tokens and mail. Every mutation runs in one IMMEDIATE transaction (the write lock is taken
 * at BEGIN), so seat counts are checked and changed atomically even when several processes share the file.
 */
import { createHash, randomBytes } from "node:crypto";
import type {
  AvailabilityEntry,
  Location,
  OrientationDay,
  Page,
  PendingConfirmationBody,
  Registration,
  School,
  SchoolLogo,
  Settings,
  SupportQuestion,
  Workshop,
  WorkshopImage,
  WorkshopRef,
} from "../app/upstream/contract";
import { MAIL_LINK_PATHS } from "../app/upstream/contract";
import type { Statement } from "better-sqlite3";
import type { Db } from "./db";
import { localDate } from "./db";
import type { Mailer } from "./mail";
import type { RegistrationSummary } from "./mail-templates";
import {
  cancelledMail,
  changedMail,
  confirmedMail,
  confirmLinkMail,
  loginLinkMail,
  supportQuestionMail,
} from "./mail-templates";

/** An answer other than 200 that the contract names; the HTTP layer turns it into `{error, detail}`. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 429,
    readonly error: string,
    readonly detail?: string,
  ) {
    super(`${status} ${error}${detail ? `: ${detail}` : ""}`);
  }
}

/** The contract's 204: no registration, it expired, or nothing is available. */
export const NO_CONTENT = Symbol("no content");
export type NoContent = typeof NO_CONTENT;

export interface ServiceConfig {
  draftTtlMinutes: number;
  tokenTtlMinutes: number;
  /** Base URL of the web app for a site, for links in mail. */
  siteUrl: (siteName: string) => string;
  now: () => Date;
  rateLimit: { max: number; windowMinutes: number };
  mailer: Mailer;
  /**
   * Holds the lock this long between counting a round's seats and taking one. Only the concurrency tests set it:
   * it widens the window in which a missing lock would let two buyers take the last seat.
   */
  seatCheckDelayMs?: number;
}

/** Blocks the thread, as a slow disk would inside the transaction. */
function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export interface SiteRow {
  id: number;
  name: string;
  support_email: string;
}

interface DayRow {
  id: number;
  site_id: number;
  date: string;
  start_time: string;
  end_time: string;
  school_display: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  display: string;
  readonly: number;
}

interface RoundRow {
  number: number;
  start_time: string;
  end_time: string;
}

interface WorkshopRow {
  id: number;
  day_id: number;
  slug: string;
  display: string;
  intro: string;
  description: string;
  image: string | null;
  provider_display: string | null;
  provider_image: string | null;
}

interface RegistrationRow {
  id: string;
  site_id: number;
  day_id: number;
  school_id: number | null;
  status: "draft" | "pending" | "created";
  geslacht: Registration["geslacht"];
  voornaam: string | null;
  tussenvoegsel: string | null;
  achternaam: string | null;
  klas: string | null;
  telefoonnummer: string | null;
  emailadres: string | null;
  aantal_personen: 1 | 2 | null;
  marketing_optin: number;
  display: string | null;
  expires_at: number | null;
  confirmed_at: number | null;
}

interface TokenRow {
  hash: string;
  purpose: "login" | "confirm";
  registration_id: string;
  expires_at: number;
  used_at: number | null;
}

const MINUTE = 60_000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function dutchDate(isoDate: string): string {
  return new Intl.DateTimeFormat("nl-NL", {
    dateStyle: "full",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function createService(db: Db, config: ServiceConfig) {
  const now = () => config.now().getTime();
  const tx = <T>(fn: () => T): T => db.transaction(fn).immediate();
  // Prepared once per SQL text: preparing costs more than running, which shows in load tests.
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const get = <T>(sql: string, ...params: unknown[]) =>
    prepare(sql).get(...params) as T | undefined;
  const all = <T>(sql: string, ...params: unknown[]) =>
    prepare(sql).all(...params) as T[];
  const run = (sql: string, ...params: unknown[]) =>
    prepare(sql).run(...params);

  // ─── Site content ──────────────────────────────────────────────────────────

  function site(name: string): SiteRow | undefined {
    return get<SiteRow>("SELECT * FROM sites WHERE name = ?", name);
  }

  function settings(s: SiteRow): Settings {
    const row = get<Record<string, string | null>>(
      "SELECT * FROM settings WHERE site_id = ?",
      s.id,
    );
    return {
      logo: row?.logo ?? null,
      primaryColor: row?.primary_color ?? null,
      fullLocationName: row?.full_location_name ?? null,
      websiteUrl: row?.website_url ?? null,
      address: row?.address ?? null,
      postalCode: row?.postal_code ?? null,
      city: row?.city ?? null,
      googleMapsUrl: row?.google_maps_url ?? null,
    };
  }

  function page(s: SiteRow, slug: string): Page {
    const row = get<Page>(
      "SELECT title, intro, text FROM pages WHERE site_id = ? AND slug = ?",
      s.id,
      slug,
    );
    if (!row) throw new HttpError(404, "unknown page", `no page ${slug}`);
    return row;
  }

  function locations(s: SiteRow): Location[] {
    return all<Location>(
      `SELECT display, afbeelding, adres, postcode, plaats, externe_locatie_url AS externeLocatieUrl
       FROM locations WHERE site_id = ? ORDER BY id`,
      s.id,
    );
  }

  function schoolLogos(s: SiteRow): SchoolLogo[] {
    return all<SchoolLogo>(
      "SELECT id, display, logo, website FROM schools WHERE site_id = ? ORDER BY display",
      s.id,
    );
  }

  function schools(s: SiteRow, dayId: number): School[] | NoContent {
    const rows = all<School>(
      `SELECT s.id, s.display, s.logo, s.website FROM schools s
       JOIN day_schools ds ON ds.school_id = s.id
       JOIN orientation_days d ON d.id = ds.day_id
       WHERE d.id = ? AND d.site_id = ? ORDER BY s.display`,
      dayId,
      s.id,
    );
    return rows.length === 0 ? NO_CONTENT : rows;
  }

  function rounds(dayId: number): RoundRow[] {
    return all<RoundRow>(
      "SELECT number, start_time, end_time FROM rounds WHERE day_id = ? ORDER BY number",
      dayId,
    );
  }

  function availableDays(s: SiteRow): OrientationDay[] {
    const days = all<DayRow>(
      "SELECT * FROM orientation_days WHERE site_id = ? AND date >= ? ORDER BY date, start_time, id",
      s.id,
      localDate(config.now()),
    );
    return days.map((day) => ({
      id: day.id,
      date: day.date,
      start_time: day.start_time,
      end_time: day.end_time,
      schoolDisplay: day.school_display,
      address: day.address,
      postalCode: day.postal_code,
      city: day.city,
      display: day.display,
      readonly: day.readonly === 1,
      rondes: rounds(day.id).map((r) => ({
        number: r.number,
        startTime: r.start_time,
        endTime: r.end_time,
        selection: null,
      })),
    }));
  }

  function workshopImages(s: SiteRow, workshopId: number): WorkshopImage[] {
    return all<WorkshopImage>(
      `SELECT g.file_name AS fileName FROM gallery g JOIN workshops w ON w.id = g.workshop_id
       WHERE w.id = ? AND w.site_id = ? ORDER BY g.position`,
      workshopId,
      s.id,
    );
  }

  // ─── Registrations: loading, expiry, views ────────────────────────────────

  /** Deletes expired drafts; their choices go with them (ON DELETE CASCADE), which releases their seats. */
  function sweepExpired(): void {
    run(
      "DELETE FROM registrations WHERE expires_at IS NOT NULL AND expires_at <= ?",
      now(),
    );
  }

  function draftExpiry(): number {
    return now() + config.draftTtlMinutes * MINUTE;
  }

  /** The live registration of the id on this site, its expiry slid forward; undefined when unknown or expired. */
  function load(s: SiteRow, id: string | null): RegistrationRow | undefined {
    sweepExpired();
    if (!id) return undefined;
    const row = get<RegistrationRow>(
      "SELECT * FROM registrations WHERE id = ? AND site_id = ?",
      id,
      s.id,
    );
    if (row && row.expires_at !== null) {
      row.expires_at = Math.max(row.expires_at, draftExpiry());
      run(
        "UPDATE registrations SET expires_at = ? WHERE id = ?",
        row.expires_at,
        row.id,
      );
    }
    return row;
  }

  /**
   * Runs a call on the live registration of the id (NO_CONTENT without one). Loading sweeps expired drafts
   * and slides the expiry; that is committed even when the call itself is refused (404, 409), which rolls
   * back only its own changes (a nested transaction is a savepoint).
   */
  function withRegistration<T>(
    s: SiteRow,
    id: string | null,
    fn: (reg: RegistrationRow) => T,
  ): T | NoContent {
    const outcome = tx(
      (): { value: T | NoContent } | { refused: HttpError } => {
        const reg = load(s, id);
        if (!reg) return { value: NO_CONTENT };
        try {
          return { value: db.transaction(() => fn(reg))() };
        } catch (error) {
          if (error instanceof HttpError) return { refused: error };
          throw error;
        }
      },
    );
    if ("refused" in outcome) throw outcome.refused;
    return outcome.value;
  }

  function day(dayId: number): DayRow {
    return get<DayRow>("SELECT * FROM orientation_days WHERE id = ?", dayId)!;
  }

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
      voornaam: row.voornaam,
      tussenvoegsel: row.tussenvoegsel,
      achternaam: row.achternaam,
      klas: row.klas,
      telefoonnummer: row.telefoonnummer,
      emailadres: row.emailadres,
      aantalPersonen: row.aantal_personen,
      marketingOptin: row.marketing_optin === 1,
      display: row.status === "created" ? row.display : null,
    };
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

  // ─── Workshops and seats ───────────────────────────────────────────────────

  function seatsTaken(workshopId: number, round: number): number {
    return get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM choices WHERE workshop_id = ? AND round_number = ?",
      workshopId,
      round,
    )!.n;
  }

  /** Per round of the day: open while seats remain, or when it is the registration's own current choice. */
  function availability(
    w: WorkshopRow,
    registrationId: string | null,
  ): AvailabilityEntry[] {
    const capacity = new Map(
      all<{ round_number: number; seats: number }>(
        "SELECT round_number, seats FROM workshop_rounds WHERE workshop_id = ?",
        w.id,
      ).map((r) => [r.round_number, r.seats]),
    );
    const own = registrationId
      ? get<{ round_number: number }>(
          "SELECT round_number FROM choices WHERE registration_id = ? AND workshop_id = ?",
          registrationId,
          w.id,
        )
      : undefined;
    return rounds(w.day_id).map((r) => {
      const seats = capacity.get(r.number);
      const available =
        seats !== undefined &&
        (own?.round_number === r.number || seatsTaken(w.id, r.number) < seats);
      return { round: r.number, available };
    });
  }

  function workshopView(
    w: WorkshopRow,
    registrationId: string | null,
  ): Workshop {
    return {
      id: w.id,
      slug: w.slug,
      display: w.display,
      intro: w.intro,
      description: w.description,
      image: w.image,
      availability: availability(w, registrationId),
      provider:
        w.provider_display === null
          ? null
          : { display: w.provider_display, image: w.provider_image },
      domeinen: all<{ display: string; labelColor: string }>(
        "SELECT display, label_color AS labelColor FROM workshop_domains WHERE workshop_id = ? ORDER BY position",
        w.id,
      ),
    };
  }

  function workshops(
    s: SiteRow,
    registrationId: string | null,
  ): Workshop[] | NoContent {
    return withRegistration(s, registrationId, (reg) => {
      const rows = all<WorkshopRow>(
        "SELECT * FROM workshops WHERE day_id = ? ORDER BY display, id",
        reg.day_id,
      );
      return rows.length === 0
        ? NO_CONTENT
        : rows.map((w) => workshopView(w, reg.id));
    });
  }

  function workshopOfDay(dayId: number, slug: string): WorkshopRow {
    const w = get<WorkshopRow>(
      "SELECT * FROM workshops WHERE day_id = ? AND slug = ?",
      dayId,
      slug,
    );
    if (!w)
      throw new HttpError(
        404,
        "unknown workshop",
        `no workshop ${slug} on this orientation day`,
      );
    return w;
  }

  function workshop(
    s: SiteRow,
    registrationId: string | null,
    slug: string,
  ): Workshop | NoContent {
    return withRegistration(s, registrationId, (reg) => {
      return workshopView(workshopOfDay(reg.day_id, slug), reg.id);
    });
  }

  /** Without a live registration the slug is looked up across the site (first upcoming day first). */
  function workshopAvailability(
    s: SiteRow,
    registrationId: string | null,
    slug: string,
  ): AvailabilityEntry[] {
    return tx(() => {
      const reg = load(s, registrationId);
      if (reg) return availability(workshopOfDay(reg.day_id, slug), reg.id);
      const w = get<WorkshopRow>(
        `SELECT w.* FROM workshops w JOIN orientation_days d ON d.id = w.day_id
         WHERE w.site_id = ? AND w.slug = ? ORDER BY d.date >= ? DESC, d.date, w.id LIMIT 1`,
        s.id,
        slug,
        localDate(config.now()),
      );
      if (!w)
        throw new HttpError(404, "unknown workshop", `no workshop ${slug}`);
      return availability(w, null);
    });
  }

  // ─── Registration life cycle ───────────────────────────────────────────────

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

  function reload(id: string): RegistrationRow {
    return get<RegistrationRow>(
      "SELECT * FROM registrations WHERE id = ?",
      id,
    )!;
  }

  function create(
    s: SiteRow,
    id: string,
    anonymousId: string | null,
    body: { school: number; orientationDay: number },
  ): Registration {
    return tx(() => {
      sweepExpired();
      const d = get<DayRow>(
        "SELECT * FROM orientation_days WHERE id = ? AND site_id = ?",
        body.orientationDay,
        s.id,
      );
      if (!d)
        throw new HttpError(
          404,
          "unknown orientation day",
          `no orientation day ${body.orientationDay}`,
        );
      requireSchoolOfDay(d.id, body.school);
      const existing = get<RegistrationRow>(
        "SELECT * FROM registrations WHERE id = ?",
        id,
      );
      if (
        existing &&
        (existing.site_id !== s.id || existing.status !== "draft")
      ) {
        throw new HttpError(
          409,
          "registration exists",
          "this registration id is already in use",
        );
      }
      if (existing) {
        // Creating again with the same id re-binds the draft; choices of another day cannot stay.
        if (existing.day_id !== d.id)
          run("DELETE FROM choices WHERE registration_id = ?", id);
        run(
          "UPDATE registrations SET day_id = ?, school_id = ?, anonymous_id = coalesce(?, anonymous_id), expires_at = ? WHERE id = ?",
          d.id,
          body.school,
          anonymousId,
          draftExpiry(),
          id,
        );
      } else {
        run(
          `INSERT INTO registrations (id, site_id, anonymous_id, day_id, school_id, status, expires_at, created_at)
           VALUES (?, ?, ?, ?, ?, 'draft', ?, ?)`,
          id,
          s.id,
          anonymousId,
          d.id,
          body.school,
          draftExpiry(),
          now(),
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
    return withRegistration(s, id, (reg) => {
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
    return withRegistration(s, id, (reg) => {
      run("DELETE FROM choices WHERE registration_id = ?", reg.id);
      run("UPDATE registrations SET school_id = NULL WHERE id = ?", reg.id);
      return view(reload(reg.id));
    });
  }

  function requireWritableDay(reg: RegistrationRow): void {
    if (day(reg.day_id).readonly === 1)
      throw new HttpError(
        409,
        "day read-only",
        "this orientation day is read-only",
      );
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
    return withRegistration(s, id, (reg) => {
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
          run(
            "DELETE FROM choices WHERE registration_id = ? AND round_number = ?",
            reg.id,
            choice.round,
          );
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
        run(
          "DELETE FROM choices WHERE registration_id = ? AND (round_number = ? OR workshop_id = ?)",
          reg.id,
          choice.round,
          w.id,
        );
        run(
          "INSERT INTO choices (registration_id, round_number, workshop_id) VALUES (?, ?, ?)",
          reg.id,
          choice.round,
          w.id,
        );
      }
      return view(reload(reg.id));
    });
  }

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
   */
  function pendingConfirmation(
    s: SiteRow,
    id: string | null,
    body: PendingConfirmationBody,
  ): { message: string } | NoContent {
    const result = withRegistration(s, id, (reg) => {
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
      requireNotRegisteredElsewhere(reg, body.emailadres);
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
      // Only the newest link confirms: a resubmit may have changed the address.
      run(
        "UPDATE tokens SET used_at = ? WHERE registration_id = ? AND purpose = 'confirm' AND used_at IS NULL",
        now(),
        reg.id,
      );
      const token = issueToken("confirm", reg.id);
      const link = `${config.siteUrl(s.name)}${MAIL_LINK_PATHS.confirm}?token=${token}`;
      config.mailer.queue({
        siteId: s.id,
        to: body.emailadres,
        ...confirmLinkMail(summary(updated), link, config.tokenTtlMinutes),
      });
      return {
        message:
          "We hebben je een e-mail gestuurd. Klik op de link in de e-mail om je inschrijving te bevestigen.",
      };
    });
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

  const LOGIN_REQUESTED =
    "Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om in te loggen.";

  /** Answers the same whether or not the address is known, so it cannot be used to find registrations. */
  function requestLogin(
    s: SiteRow,
    body: { email: string; orientationDayId: number },
  ): { message: string } {
    tx(() => {
      rateLimit(`login:${s.id}:${body.email.toLowerCase()}`);
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
      return { registrationId: reg.id, registration: view(reg) };
    });
  }

  function remove(
    s: SiteRow,
    id: string | null,
  ): { message: string } | NoContent {
    const result = withRegistration(s, id, (reg) => {
      if (reg.status === "created" && reg.emailadres) {
        config.mailer.queue({
          siteId: s.id,
          to: reg.emailadres,
          ...cancelledMail(summary(reg)),
        });
      }
      // Choices and tokens go with it (ON DELETE CASCADE), releasing the seats.
      run("DELETE FROM registrations WHERE id = ?", reg.id);
      return { message: "Je inschrijving is geannuleerd." };
    });
    config.mailer.deliver();
    return result;
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
    site,
    settings,
    page,
    locations,
    schoolLogos,
    schools,
    availableDays,
    workshopImages,
    workshops,
    workshop,
    workshopAvailability,
    newRegistrationId,
    create,
    registration,
    addSchool,
    removeSchool,
    update,
    pendingConfirmation,
    confirm,
    requestLogin,
    login,
    remove,
    supportCreate,
  };
}

export type Service = ReturnType<typeof createService>;
