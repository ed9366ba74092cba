/**
 * What every part of the reference upstream's service shares: its configuration, the answers other than 200, the
 * database rows it reads, and statement helpers. Every mutation runs in one IMMEDIATE transaction (the write lock
 * is taken at BEGIN), so seat counts are checked and changed atomically even when several processes share the file.
 */
import { createHash } from "node:crypto";
import type { SQLInputValue, StatementSync } from "node:sqlite";
import type { Registration } from "#contract";
import type { Db, DetailTextColumn } from "../db";
import { transaction } from "../db";
import type { Mailer } from "../mail";

/** An answer other than 200 that the contract names; the HTTP layer turns it into `{error, detail}`. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
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
  /**
   * Offers the waiting list (decision 0023): seats left in the availability answers, the registration's entries,
   * and the join and leave calls. Off, the upstream answers as one without a list does.
   */
  waitlist: boolean;
}

/** Blocks the thread, as a slow disk would inside the transaction. */
export function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export interface SiteRow {
  id: number;
  name: string;
  support_email: string;
}

export interface DayRow {
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

export interface RoundRow {
  number: number;
  start_time: string;
  end_time: string;
}

export interface WorkshopRow {
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

/** A registrations row; its personal texts are the columns DETAIL_TEXT_COLUMNS names. */
export interface RegistrationRow extends Record<
  DetailTextColumn,
  string | null
> {
  id: string;
  site_id: number;
  day_id: number;
  school_id: number | null;
  status: "draft" | "pending" | "created";
  geslacht: Registration["geslacht"];
  aantal_personen: 1 | 2 | null;
  marketing_optin: number;
  display: string | null;
  expires_at: number | null;
  confirmed_at: number | null;
  /** 'already registered' answers to this draft's pending-confirmation so far. */
  conflicts: number;
}

export interface TokenRow {
  hash: string;
  purpose: "login" | "confirm";
  registration_id: string;
  expires_at: number;
  used_at: number | null;
}

/** One seat of a workshop in a round, e.g. one a choice held until it was released. */
export interface Seat {
  workshop: number;
  round: number;
}

export const MINUTE = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function dutchDate(isoDate: string): string {
  return new Intl.DateTimeFormat("nl-NL", {
    dateStyle: "full",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

export function createDbAccess(db: Db, config: ServiceConfig) {
  // Prepared once per SQL text: preparing costs more than running, which shows in load tests.
  const statements = new Map<string, StatementSync>();
  const prepare = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    db,
    config,
    now: () => config.now().getTime(),
    /** One IMMEDIATE transaction; inside one, a savepoint (see transaction in db.ts). */
    tx: <T>(fn: () => T): T => transaction(db, fn),
    get: <T>(sql: string, ...params: SQLInputValue[]) =>
      prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: SQLInputValue[]) =>
      prepare(sql).all(...params) as T[],
    run: (sql: string, ...params: SQLInputValue[]) =>
      prepare(sql).run(...params),
  };
}

export type DbAccess = ReturnType<typeof createDbAccess>;
