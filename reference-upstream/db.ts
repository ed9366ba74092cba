/**
 * The reference upstream's database: opening, numbered migrations and seeding from demo data.
 * Times are stored as epoch milliseconds so that expiry checks are plain integer comparisons.
 */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { StatementSync } from "node:sqlite";
import type { DemoData } from "./demo/types";

/** Node's built-in SQLite (decision 0048): synchronous, no native module to build. */
export type Db = DatabaseSync;

/**
 * Migrations run in order; PRAGMA user_version records how many have run. Never edit a released one:
 * append a new entry instead.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE sites (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    support_email TEXT NOT NULL
  );
  CREATE TABLE settings (
    site_id INTEGER PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    logo TEXT,
    primary_color TEXT,
    full_location_name TEXT,
    website_url TEXT,
    address TEXT,
    postal_code TEXT,
    city TEXT,
    google_maps_url TEXT
  );
  CREATE TABLE pages (
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    title TEXT,
    intro TEXT,
    text TEXT,
    PRIMARY KEY (site_id, slug)
  );
  CREATE TABLE locations (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    display TEXT NOT NULL,
    afbeelding TEXT,
    adres TEXT,
    postcode TEXT,
    plaats TEXT,
    externe_locatie_url TEXT
  );
  CREATE TABLE schools (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    display TEXT NOT NULL,
    logo TEXT,
    website TEXT,
    UNIQUE (site_id, key)
  );
  CREATE TABLE orientation_days (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    date TEXT NOT NULL,
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL,
    school_display TEXT NOT NULL,
    address TEXT,
    postal_code TEXT,
    city TEXT,
    display TEXT NOT NULL,
    readonly INTEGER NOT NULL DEFAULT 0,
    UNIQUE (site_id, key)
  );
  CREATE TABLE day_schools (
    day_id INTEGER NOT NULL REFERENCES orientation_days(id) ON DELETE CASCADE,
    school_id INTEGER NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
    PRIMARY KEY (day_id, school_id)
  );
  CREATE TABLE rounds (
    day_id INTEGER NOT NULL REFERENCES orientation_days(id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number > 0),
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL,
    PRIMARY KEY (day_id, number)
  );
  CREATE TABLE workshops (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day_id INTEGER NOT NULL REFERENCES orientation_days(id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    display TEXT NOT NULL,
    intro TEXT NOT NULL,
    description TEXT NOT NULL,
    image TEXT,
    provider_display TEXT,
    provider_image TEXT,
    UNIQUE (day_id, slug)
  );
  CREATE INDEX workshops_site_slug ON workshops (site_id, slug);
  CREATE TABLE workshop_domains (
    workshop_id INTEGER NOT NULL REFERENCES workshops(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    display TEXT NOT NULL,
    label_color TEXT NOT NULL,
    PRIMARY KEY (workshop_id, position)
  );
  CREATE TABLE gallery (
    workshop_id INTEGER NOT NULL REFERENCES workshops(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file_name TEXT NOT NULL,
    PRIMARY KEY (workshop_id, position)
  );
  -- Capacity of a workshop in a round; the seats taken are the choices pointing at it.
  CREATE TABLE workshop_rounds (
    workshop_id INTEGER NOT NULL REFERENCES workshops(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    seats INTEGER NOT NULL CHECK (seats >= 0),
    PRIMARY KEY (workshop_id, round_number)
  );
  CREATE TABLE registrations (
    id TEXT PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    anonymous_id TEXT,
    day_id INTEGER NOT NULL REFERENCES orientation_days(id) ON DELETE CASCADE,
    school_id INTEGER REFERENCES schools(id),
    status TEXT NOT NULL CHECK (status IN ('draft', 'pending', 'created')),
    geslacht TEXT,
    voornaam TEXT,
    tussenvoegsel TEXT,
    achternaam TEXT,
    klas TEXT,
    telefoonnummer TEXT,
    emailadres TEXT,
    aantal_personen INTEGER,
    marketing_optin INTEGER NOT NULL DEFAULT 0,
    display TEXT,
    -- NULL once created: confirmed registrations do not expire.
    expires_at INTEGER,
    created_at INTEGER NOT NULL,
    confirmed_at INTEGER
  );
  CREATE INDEX registrations_expiry ON registrations (expires_at) WHERE expires_at IS NOT NULL;
  CREATE INDEX registrations_email ON registrations (site_id, day_id, emailadres COLLATE NOCASE);
  CREATE TABLE choices (
    registration_id TEXT NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    workshop_id INTEGER NOT NULL,
    PRIMARY KEY (registration_id, round_number),
    UNIQUE (registration_id, workshop_id),
    FOREIGN KEY (workshop_id, round_number) REFERENCES workshop_rounds(workshop_id, round_number)
  );
  CREATE INDEX choices_seat ON choices (workshop_id, round_number);
  CREATE TABLE tokens (
    hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('login', 'confirm')),
    registration_id TEXT NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX tokens_registration ON tokens (registration_id);
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    site_id INTEGER REFERENCES sites(id) ON DELETE SET NULL,
    recipient TEXT NOT NULL,
    reply_to TEXT,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    sent_at INTEGER,
    error TEXT
  );
  CREATE TABLE support_questions (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    school TEXT,
    klas TEXT,
    question_about TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE rate_limit_hits (
    key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX rate_limit_hits_key ON rate_limit_hits (key, at);
  CREATE INDEX rate_limit_hits_at ON rate_limit_hits (at);
  `,
  `
  -- The first answer to a call sent with an idempotency key, given again for a repeat (reference-upstream/idempotency.ts).
  CREATE TABLE idempotent_answers (
    site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    call TEXT NOT NULL,
    key TEXT NOT NULL,
    -- SHA-256 of the registration id, path, query and payload: the same key with another request is another request.
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    -- The JSON answer; NULL for a 204.
    body TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (site_id, call, key, fingerprint)
  );
  CREATE INDEX idempotent_answers_created ON idempotent_answers (created_at);
  `,
  `
  -- The waiting list (decision 0023): a registration waits for at most one workshop per round. The id gives the
  -- order of joining (AUTOINCREMENT never reuses one), so a list is served first come, first served.
  CREATE TABLE waitlist (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    registration_id TEXT NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    workshop_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (registration_id, round_number),
    FOREIGN KEY (workshop_id, round_number) REFERENCES workshop_rounds(workshop_id, round_number) ON DELETE CASCADE
  );
  CREATE INDEX waitlist_queue ON waitlist (workshop_id, round_number, id);
  `,
  `
  -- Sent means handed over (decision 0076): a login hands out an id of its own for the registration; once it is
  -- sent, only such an id changes it. 'already registered' answers per draft: a draft that collects too many goes.
  CREATE TABLE registration_logins (
    id TEXT PRIMARY KEY,
    registration_id TEXT NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX registration_logins_registration ON registration_logins (registration_id);
  ALTER TABLE registrations ADD COLUMN conflicts INTEGER NOT NULL DEFAULT 0;
  `,
];

/** Opens (creating its folder) and migrates the database. ":memory:" gives a private in-memory one. */
/**
 * The personal details kept as optional text, each in the registrations column of its own name (the contract's
 * field name): pending-confirmation stores them (service/confirmation.ts) and every answer gives them back
 * (service/registration-view.ts). Another one is a column added by a new migration above and its name here.
 */
export const DETAIL_TEXT_COLUMNS = [
  "voornaam",
  "tussenvoegsel",
  "achternaam",
  "klas",
  "telefoonnummer",
  "emailadres",
] as const;
export type DetailTextColumn = (typeof DETAIL_TEXT_COLUMNS)[number];

export function openDatabase(file: string): Db {
  if (file !== ":memory:")
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Several processes may share one file (load tests): wait for the write lock instead of failing (busy_timeout).
  const db = new DatabaseSync(file, {
    timeout: 5000,
    enableForeignKeyConstraints: true,
  });
  db.exec("PRAGMA journal_mode = WAL");
  // In WAL mode NORMAL syncs the log at checkpoints, not at every commit: a power cut may lose the last commits
  // but never corrupts the file. Every registration call commits (its expiry slides), and the commit's fsync was
  // two thirds of the upstream's time per call (npm run bench:profile with PROFILE_PROCESS=upstream).
  db.exec("PRAGMA synchronous = NORMAL");
  migrate(db);
  return db;
}

/** Removes a database file and its WAL companions, for `--reset`. */
export function deleteDatabaseFiles(file: string): void {
  for (const suffix of ["", "-wal", "-shm"])
    fs.rmSync(file + suffix, { force: true });
}

interface TransactionStatements {
  begin: StatementSync;
  commit: StatementSync;
  rollback: StatementSync;
  savepoint: StatementSync;
  release: StatementSync;
  rollbackTo: StatementSync;
}

// Prepared once per database: a transaction's own statements run on every call.
const transactionStatements = new WeakMap<Db, TransactionStatements>();

function statementsOf(db: Db): TransactionStatements {
  let statements = transactionStatements.get(db);
  if (!statements) {
    statements = {
      begin: db.prepare("BEGIN IMMEDIATE"),
      commit: db.prepare("COMMIT"),
      rollback: db.prepare("ROLLBACK"),
      savepoint: db.prepare("SAVEPOINT nested"),
      release: db.prepare("RELEASE nested"),
      rollbackTo: db.prepare("ROLLBACK TO nested"),
    };
    transactionStatements.set(db, statements);
  }
  return statements;
}

/**
 * Runs `fn` in one transaction: committed when it returns, rolled back when it throws. BEGIN IMMEDIATE takes the
 * write lock before the first read, so a seat counted free is still free when it is taken, also when several
 * processes share the file. Inside a transaction, a savepoint: a throw rolls back only `fn`'s own changes.
 * `fn` must be synchronous (a transaction cannot stay open across an await).
 */
export function transaction<T>(db: Db, fn: () => T): T {
  const s = statementsOf(db);
  if (db.isTransaction) {
    s.savepoint.run();
    try {
      const result = fn();
      s.release.run();
      return result;
    } catch (error) {
      s.rollbackTo.run();
      s.release.run();
      throw error;
    }
  }
  s.begin.run();
  try {
    const result = fn();
    s.commit.run();
    return result;
  } catch (error) {
    // SQLite may have rolled back already (e.g. after SQLITE_FULL); ROLLBACK would then fail and hide the cause.
    if (db.isTransaction) s.rollback.run();
    throw error;
  }
}

/** The schema version a migrated database has: one per migration. */
export function schemaVersion(): number {
  return MIGRATIONS.length;
}

export function migrate(db: Db): void {
  const { user_version: current } = db.prepare("PRAGMA user_version").get() as {
    user_version: number;
  };
  for (let version = current; version < MIGRATIONS.length; version++) {
    transaction(db, () => {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

export function isEmpty(db: Db): boolean {
  return db.prepare("SELECT 1 FROM sites LIMIT 1").get() === undefined;
}

/** A calendar date (YYYY-MM-DD) in the Netherlands, where the schools are. */
export function localDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Amsterdam",
  }).format(at);
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Fills an empty database from demo data; orientation-day dates count from `today`. */
export function seed(db: Db, data: DemoData, today: Date): void {
  const baseDate = localDate(today);
  const insert = {
    site: db.prepare("INSERT INTO sites (name, support_email) VALUES (?, ?)"),
    settings: db.prepare(
      `INSERT INTO settings (site_id, logo, primary_color, full_location_name, website_url, address, postal_code, city, google_maps_url)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    page: db.prepare(
      "INSERT INTO pages (site_id, slug, title, intro, text) VALUES (?, ?, ?, ?, ?)",
    ),
    location: db.prepare(
      `INSERT INTO locations (site_id, display, afbeelding, adres, postcode, plaats, externe_locatie_url)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    school: db.prepare(
      "INSERT INTO schools (site_id, key, display, logo, website) VALUES (?, ?, ?, ?, ?)",
    ),
    day: db.prepare(
      `INSERT INTO orientation_days (site_id, key, date, start_time, end_time, school_display, address, postal_code, city, display, readonly)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    daySchool: db.prepare(
      "INSERT INTO day_schools (day_id, school_id) VALUES (?, ?)",
    ),
    round: db.prepare(
      "INSERT INTO rounds (day_id, number, start_time, end_time) VALUES (?, ?, ?, ?)",
    ),
    workshop: db.prepare(
      `INSERT INTO workshops (site_id, day_id, slug, display, intro, description, image, provider_display, provider_image)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    domain: db.prepare(
      "INSERT INTO workshop_domains (workshop_id, position, display, label_color) VALUES (?, ?, ?, ?)",
    ),
    gallery: db.prepare(
      "INSERT INTO gallery (workshop_id, position, file_name) VALUES (?, ?, ?)",
    ),
    seats: db.prepare(
      "INSERT INTO workshop_rounds (workshop_id, round_number, seats) VALUES (?, ?, ?)",
    ),
  };

  transaction(db, () => {
    for (const site of data) {
      const siteId = Number(
        insert.site.run(site.name, site.supportEmail).lastInsertRowid,
      );
      const s = site.settings;
      insert.settings.run(
        siteId,
        s.logo,
        s.primaryColor,
        s.fullLocationName,
        s.websiteUrl,
        s.address,
        s.postalCode,
        s.city,
        s.googleMapsUrl,
      );
      for (const [slug, page] of Object.entries(site.pages))
        insert.page.run(siteId, slug, page.title, page.intro, page.text);
      for (const l of site.locations) {
        insert.location.run(
          siteId,
          l.display,
          l.afbeelding,
          l.adres,
          l.postcode,
          l.plaats,
          l.externeLocatieUrl,
        );
      }
      const schoolIds = new Map<string, number>();
      for (const school of site.schools) {
        const result = insert.school.run(
          siteId,
          school.key,
          school.display,
          school.logo,
          school.website,
        );
        schoolIds.set(school.key, Number(result.lastInsertRowid));
      }
      const dayIds = new Map<string, number>();
      for (const day of site.orientationDays) {
        const date = addDays(baseDate, day.daysFromToday);
        const result = insert.day.run(
          siteId,
          day.key,
          date,
          day.start_time,
          day.end_time,
          day.schoolDisplay,
          day.address,
          day.postalCode,
          day.city,
          day.display,
          day.readonly ? 1 : 0,
        );
        const dayId = Number(result.lastInsertRowid);
        dayIds.set(day.key, dayId);
        for (const key of day.schoolKeys) {
          const schoolId = schoolIds.get(key);
          if (schoolId === undefined)
            throw new Error(
              `Demo data: day ${day.key} of ${site.name} names unknown school ${key}`,
            );
          insert.daySchool.run(dayId, schoolId);
        }
        for (const round of day.rounds)
          insert.round.run(dayId, round.number, round.startTime, round.endTime);
      }
      for (const w of site.workshops) {
        const dayId = dayIds.get(w.dayKey);
        if (dayId === undefined)
          throw new Error(
            `Demo data: workshop ${w.slug} of ${site.name} names unknown day ${w.dayKey}`,
          );
        const result = insert.workshop.run(
          siteId,
          dayId,
          w.slug,
          w.display,
          w.intro,
          w.description,
          w.image,
          w.provider?.display ?? null,
          w.provider?.image ?? null,
        );
        const workshopId = Number(result.lastInsertRowid);
        w.domeinen.forEach((d, i) =>
          insert.domain.run(workshopId, i, d.display, d.labelColor),
        );
        w.gallery.forEach((file, i) => insert.gallery.run(workshopId, i, file));
        const day = site.orientationDays.find(
          (candidate) => candidate.key === w.dayKey,
        )!;
        for (const [round, seats] of Object.entries(w.seats)) {
          if (!day.rounds.some((r) => r.number === Number(round))) {
            throw new Error(
              `Demo data: workshop ${w.slug} of ${site.name} has seats in unknown round ${round}`,
            );
          }
          insert.seats.run(workshopId, Number(round), seats);
        }
      }
    }
  });
}

/**
 * Test only (the dev route behind UPSTREAM_TEST_HOOKS): adds a workshop to an existing orientation day, so a
 * test can have seats no other test touches, e.g. a round with exactly one seat to race for.
 */
export function addTestWorkshop(
  db: Db,
  dayId: number,
  workshop: { slug: string; display: string; seats: Record<number, number> },
): number | null {
  return transaction(db, () => {
    const day = db
      .prepare("SELECT site_id FROM orientation_days WHERE id = ?")
      .get(dayId) as { site_id: number } | undefined;
    if (!day) return null;
    const id = Number(
      db
        .prepare(
          `INSERT INTO workshops (site_id, day_id, slug, display, intro, description, image, provider_display, provider_image)
             VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL)`,
        )
        .run(
          day.site_id,
          dayId,
          workshop.slug,
          workshop.display,
          `<p>${workshop.display}</p>`,
          `<p>${workshop.display}</p>`,
        ).lastInsertRowid,
    );
    const seats = db.prepare(
      "INSERT INTO workshop_rounds (workshop_id, round_number, seats) VALUES (?, ?, ?)",
    );
    for (const [round, count] of Object.entries(workshop.seats))
      seats.run(id, Number(round), count);
    return id;
  });
}
