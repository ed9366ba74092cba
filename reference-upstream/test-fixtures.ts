/**
 * Small, precise demo data and a contract-checking HTTP client for the reference upstream's tests.
 * Every answer the client receives is parsed with the contract's schema, so any test call also asserts
 * that the upstream keeps the contract.
 */
import {
  API_BASE_PATH,
  ENDPOINTS,
  ErrorBodySchema,
  fillPath,
  HEADERS,
} from "#contract";
import type { EndpointName } from "#contract";
import type { z } from "zod";
import type { DemoData, DemoSite } from "./demo/types";
import type { UpstreamServer, UpstreamServerOptions } from "./server";
import { createUpstreamServer } from "./server";

const settings = (name: string): DemoSite["settings"] => ({
  logo: `/media/logo-${name}.svg`,
  primaryColor: "336699",
  fullLocationName: `Campus ${name}`,
  websiteUrl: "https://www.example.com/",
  address: "Schoolstraat 1",
  postalCode: "1234 AB",
  city: "Venlo",
  googleMapsUrl: null,
});

const pages = (name: string): DemoSite["pages"] => ({
  home: {
    title: `Welkom bij ${name}`,
    intro: null,
    text: "<p>Kies een evenement.</p>",
  },
  inschrijfformulier_bedankt: {
    title: "Bedankt",
    intro: "Je bent ingeschreven.",
    text: "<p>Tot snel!</p>",
  },
});

const workshop = (
  slug: string,
  dayKey: string,
  seats: Record<number, number>,
  gallery: string[] = [],
) => ({
  slug,
  dayKey,
  display: slug[0]!.toUpperCase() + slug.slice(1),
  intro: `<p>Intro ${slug}</p>`,
  description: `<p>Over ${slug}</p>`,
  image: `/media/${slug}.svg`,
  gallery,
  provider: { display: "Hogeschool", image: null },
  domeinen: [{ display: "Techniek", labelColor: "0055aa" }],
  seats,
});

const rounds = [
  { number: 1, startTime: "09:00", endTime: "10:00" },
  { number: 2, startTime: "10:15", endTime: "11:15" },
  { number: 3, startTime: "11:30", endTime: "12:30" },
];

const day = (
  key: string,
  daysFromToday: number,
  schoolKeys: string[],
  readonly = false,
  dayRounds = rounds,
) => ({
  key,
  daysFromToday,
  start_time: "09:00",
  end_time: "13:00",
  schoolDisplay: `Dag ${key}`,
  address: "Schoolstraat 1",
  postalCode: "1234 AB",
  city: "Venlo",
  display: `Open dag ${key}`,
  readonly,
  rounds: dayRounds,
  schoolKeys,
});

/**
 * localhost: day "open" (rounds 1-3; "robotica" 10 seats per round, "koken" 1 seat in round 1 and 2,
 * none in 3, "vol" 0 seats), a read-only day, a past day, a day without schools or workshops.
 * venlo: one day with its own "robotica", to show that sites do not see each other.
 */
export function fixtureData(): DemoData {
  return [
    {
      name: "localhost",
      supportEmail: "vragen@example.com",
      settings: settings("localhost"),
      pages: pages("localhost"),
      locations: [
        {
          display: "Hoofdgebouw",
          afbeelding: null,
          adres: "Schoolstraat 1",
          postcode: "1234 AB",
          plaats: "Venlo",
          externeLocatieUrl: null,
        },
      ],
      schools: [
        {
          key: "alpha",
          display: "Alpha College",
          logo: "/media/alpha.svg",
          website: "https://alpha.example.com/",
        },
        { key: "beta", display: "Beta Lyceum", logo: null, website: null },
        { key: "gamma", display: "Gamma School", logo: null, website: null },
      ],
      orientationDays: [
        day("open", 7, ["alpha", "beta"]),
        day("readonly", 14, ["alpha"], true, rounds.slice(0, 1)),
        day("past", -3, ["alpha"]),
        day("empty", 21, []),
      ],
      workshops: [
        workshop("robotica", "open", { 1: 10, 2: 10, 3: 10 }, [
          "/media/robotica-1.svg",
          "/media/robotica-2.svg",
        ]),
        workshop("koken", "open", { 1: 1, 2: 1 }),
        workshop("vol", "open", { 1: 0 }),
        workshop("archief", "readonly", { 1: 5 }),
      ],
    },
    {
      name: "venlo",
      supportEmail: "vragen@venlo.example.com",
      settings: settings("venlo"),
      pages: pages("venlo"),
      locations: [],
      schools: [
        { key: "delta", display: "Delta College", logo: null, website: null },
      ],
      orientationDays: [day("venlo-dag", 10, ["delta"])],
      workshops: [workshop("robotica", "venlo-dag", { 1: 3 })],
    },
  ];
}

/** A clock the tests move by hand. */
export class TestClock {
  constructor(public current = new Date("2030-03-01T10:00:00Z")) {}
  now = (): Date => new Date(this.current);
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

export const TEST_API_KEY = "test-api-key";

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** A value to send as JSON, or a string sent as is. */
  body?: unknown;
  registrationId?: string;
  site?: string;
  apiKey?: string | null;
  idempotencyKey?: string;
  /** The visitor's anonymous id; one test visitor's unless given. */
  anonymousId?: string;
}

export type CallResult<N extends EndpointName> =
  | { status: 200; data: z.infer<(typeof ENDPOINTS)[N]["answer"]> }
  | { status: 204 }
  | { status: number; error: z.infer<typeof ErrorBodySchema> };

export interface TestUpstream {
  server: UpstreamServer;
  clock: TestClock;
  call<N extends EndpointName>(
    name: N,
    options?: CallOptions,
  ): Promise<CallResult<N>>;
  /** Calls that must answer 200; throws with the answer otherwise. */
  ok<N extends EndpointName>(
    name: N,
    options?: CallOptions,
  ): Promise<z.infer<(typeof ENDPOINTS)[N]["answer"]>>;
  /** A fresh id from /registration/hash with a draft created for day "open" and school "alpha". */
  draft(): Promise<{ id: string; dayId: number; schoolId: number }>;
  ids(): {
    days: Record<string, number>;
    schools: Record<string, number>;
    workshops: Record<string, number>;
  };
}

export async function startTestUpstream(
  options: UpstreamServerOptions = {},
): Promise<TestUpstream> {
  const clock = new TestClock();
  const server = await createUpstreamServer({
    data: fixtureData(),
    apiKey: TEST_API_KEY,
    now: clock.now,
    log: () => {},
    ...options,
  });

  async function call<N extends EndpointName>(
    name: N,
    o: CallOptions = {},
  ): Promise<CallResult<N>> {
    const endpoint: (typeof ENDPOINTS)[EndpointName] = ENDPOINTS[name];
    const url = new URL(
      API_BASE_PATH + fillPath(endpoint.path, o.params),
      server.url,
    );
    for (const [key, value] of Object.entries(o.query ?? {}))
      url.searchParams.set(key, value);
    const headers: Record<string, string> = {
      [HEADERS.siteHost]: o.site ?? "localhost:3000",
      [HEADERS.anonymousUserId]: o.anonymousId ?? "anonymous-test-user",
    };
    if (o.apiKey !== null) headers[HEADERS.apiKey] = o.apiKey ?? TEST_API_KEY;
    if (o.registrationId) headers[HEADERS.registrationId] = o.registrationId;
    if (o.idempotencyKey !== undefined)
      headers[HEADERS.idempotencyKey] = o.idempotencyKey;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === "string" ? o.body : JSON.stringify(o.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body,
    });
    const text = await response.text();
    if (response.status === 204) {
      if (text !== "") throw new Error(`${name}: 204 with a body`);
      return { status: 204 };
    }
    if (!response.headers.get("content-type")?.startsWith("application/json")) {
      throw new Error(`${name}: ${response.status} is not JSON: ${text}`);
    }
    const json: unknown = JSON.parse(text);
    if (response.status === 200)
      return { status: 200, data: endpoint.answer.parse(json) as never };
    return { status: response.status, error: ErrorBodySchema.parse(json) };
  }

  async function ok<N extends EndpointName>(name: N, o: CallOptions = {}) {
    const result = await call(name, o);
    if (result.status !== 200 || !("data" in result))
      throw new Error(`${name} answered ${JSON.stringify(result)}`);
    return result.data;
  }

  function ids() {
    const rows = (sql: string) =>
      Object.fromEntries(
        (server.db.prepare(sql).all() as { key: string; id: number }[]).map(
          (r) => [r.key, r.id],
        ),
      );
    const siteId = "(SELECT id FROM sites WHERE name = 'localhost')";
    return {
      days: rows(
        `SELECT key, id FROM orientation_days WHERE site_id = ${siteId}`,
      ),
      schools: rows(`SELECT key, id FROM schools WHERE site_id = ${siteId}`),
      workshops: rows(
        `SELECT slug AS key, id FROM workshops WHERE site_id = ${siteId}`,
      ),
    };
  }

  async function draft() {
    const { hash } = await ok("registrationHash");
    const { days, schools } = ids();
    await ok("create", {
      registrationId: hash,
      body: { orientationDay: days.open!, school: schools.alpha! },
    });
    return { id: hash, dayId: days.open!, schoolId: schools.alpha! };
  }

  return { server, clock, call, ok, draft, ids };
}

/** Seats taken for a workshop in a round, read from the database. */
export function seatsTaken(
  server: UpstreamServer,
  workshopId: number,
  round: number,
): number {
  return (
    server.db
      .prepare(
        "SELECT COUNT(*) AS n FROM choices WHERE workshop_id = ? AND round_number = ?",
      )
      .get(workshopId, round) as {
      n: number;
    }
  ).n;
}
