import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import {
  API_BASE_PATH,
  ENDPOINTS,
  HEADERS,
  RegistrationSchema,
} from "#contract";
import type { DemoData } from "./demo/types";
import type { UpstreamServerOptions } from "./server";
import {
  fixtureData,
  seatsTaken,
  startTestUpstream,
  TEST_API_KEY,
} from "../tests/fixtures/reference-upstream";

const DRAFTS = 200;
const SEATS = 10;
/**
 * Each seat check holds its lock this long, so requests overlap for real: without the write lock two of them
 * would count the same free seat and both take it, and these tests would fail.
 */
const SEAT_CHECK_DELAY_MS = 3;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The fixture data plus workshop "druk" with SEATS seats in round 2. */
async function raceSetup(options: UpstreamServerOptions = {}) {
  const data: DemoData = fixtureData();
  data[0]!.workshops.push({
    ...data[0]!.workshops[0]!,
    slug: "druk",
    display: "Druk",
    seats: { 2: SEATS },
  });
  const t = await startTestUpstream({
    data,
    seatCheckDelayMs: SEAT_CHECK_DELAY_MS,
    ...options,
  });
  cleanups.push(() => t.server.close());
  const drafts = await Promise.all(
    Array.from({ length: DRAFTS }, () => t.draft()),
  );
  return { t, drafts, workshop: t.ids().workshops.druk! };
}

/** Every draft asks for the same seat at once; request i goes to server i modulo the number of servers. */
async function race(
  serverUrls: string[],
  draftIds: string[],
  workshop: number,
) {
  // fetch's default agent opens a connection per pending request, so these arrive at the same time.
  const responses = await Promise.all(
    draftIds.map((id, i) =>
      fetch(
        `${serverUrls[i % serverUrls.length]}${API_BASE_PATH}${ENDPOINTS.update.path}`,
        {
          method: "POST",
          headers: {
            [HEADERS.apiKey]: TEST_API_KEY,
            [HEADERS.siteHost]: "localhost:3000",
            [HEADERS.registrationId]: id,
            "content-type": "application/json",
          },
          body: JSON.stringify({ choices: [{ round: 2, workshop }] }),
        },
      ).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as unknown,
      })),
    ),
  );
  const winners = responses.filter((r) => r.status === 200);
  for (const winner of winners)
    expect(
      RegistrationSchema.parse(winner.body).choices["2"]?.workshop.id,
    ).toBe(workshop);
  return {
    ok: winners.length,
    full: responses.filter((r) => r.status === 409).length,
  };
}

/** Runs main.ts as its own process on the database file; resolves with its URL once it listens. */
async function spawnUpstream(dbFile: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./main.ts", import.meta.url))],
    {
      env: {
        ...process.env,
        UPSTREAM_DB: dbFile,
        UPSTREAM_PORT: "0",
        UPSTREAM_API_KEY: TEST_API_KEY,
        UPSTREAM_SEAT_CHECK_DELAY_MS: String(SEAT_CHECK_DELAY_MS),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  );
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      // Its lines are JSON; the first says where it listens.
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) =>
      reject(new Error(`upstream process exited with ${code}: ${output}`)),
    );
  });
}

it(`never oversells: ${DRAFTS} drafts racing for ${SEATS} seats get exactly ${SEATS} of them`, async () => {
  const { t, drafts, workshop } = await raceSetup();
  const result = await race(
    [t.server.url],
    drafts.map((d) => d.id),
    workshop,
  );
  expect(result).toEqual({ ok: SEATS, full: DRAFTS - SEATS });
  expect(seatsTaken(t.server, workshop, 2)).toBe(SEATS);
});

// Within one process the handlers run one at a time (node:sqlite is synchronous), so the first test checks
// the HTTP path end to end; this one is what catches a missing write lock: with the IMMEDIATE transactions
// removed it sells 12 of the 10 seats.
it("never oversells when several processes share the database file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upstream-race-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "upstream.sqlite");
  const { t, drafts, workshop } = await raceSetup({ db: file });
  const others = await Promise.all([
    spawnUpstream(file),
    spawnUpstream(file),
    spawnUpstream(file),
  ]);
  const result = await race(
    [t.server.url, ...others],
    drafts.map((d) => d.id),
    workshop,
  );
  expect(result).toEqual({ ok: SEATS, full: DRAFTS - SEATS });
  expect(seatsTaken(t.server, workshop, 2)).toBe(SEATS);
  // Starting three more upstream processes takes seconds on a busy machine: a timeout, not a measure.
}, 90_000);

// The waiting list (decision 0023): a released seat goes to the first in line in the releasing transaction, so a
// newcomer racing for it from another process never finds it free, however the requests interleave.
it("gives every released seat to the first in line while newcomers race for it from other processes", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upstream-waitlist-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "upstream.sqlite");
  const { t, drafts, workshop } = await raceSetup({ db: file });
  const ids = drafts.map((d) => d.id);
  const holders = ids.slice(0, SEATS);
  const waiters = ids.slice(SEATS, 3 * SEATS);
  const newcomers = ids.slice(3 * SEATS);
  for (const id of holders)
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 2, workshop }] },
    });
  for (const id of waiters)
    await t.ok("waitlistJoin", {
      registrationId: id,
      body: { round: 2, workshop },
    });
  const urls = [
    t.server.url,
    ...(await Promise.all([spawnUpstream(file), spawnUpstream(file)])),
  ];

  const [cancelled, raced] = await Promise.all([
    Promise.all(
      holders.map((id, i) =>
        fetch(
          `${urls[i % urls.length]}${API_BASE_PATH}${ENDPOINTS.delete.path}`,
          {
            method: ENDPOINTS.delete.method,
            headers: {
              [HEADERS.apiKey]: TEST_API_KEY,
              [HEADERS.siteHost]: "localhost:3000",
              [HEADERS.registrationId]: id,
            },
          },
        ).then((response) => response.status),
      ),
    ),
    race(urls.slice(1), newcomers, workshop),
  ]);
  expect(cancelled).toEqual(holders.map(() => 200));
  expect(raced).toEqual({ ok: 0, full: newcomers.length });
  expect(seatsTaken(t.server, workshop, 2)).toBe(SEATS);
  for (const id of waiters.slice(0, SEATS))
    expect(
      (await t.ok("registration", { registrationId: id })).choices["2"]
        ?.workshop.id,
    ).toBe(workshop);
  for (const [i, id] of waiters.slice(SEATS).entries())
    expect(
      (await t.ok("registration", { registrationId: id })).waitlist,
    ).toEqual([expect.objectContaining({ round: 2, position: i + 1 })]);
}, 90_000);
