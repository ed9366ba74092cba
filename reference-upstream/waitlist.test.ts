/**
 * The waiting list of the reference upstream (decision 0023): joining and leaving, FIFO places, one entry per round,
 * and promotion on every kind of release, with its cascades, its mail and without overselling.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PendingConfirmationBody } from "#contract";
import type { DemoData } from "./demo/types";
import type { MailboxEntry } from "./mail";
import type { UpstreamServerOptions } from "./server";
import {
  fixtureData,
  seatsTaken,
  startTestUpstream,
} from "../tests/fixtures/reference-upstream";
import type { TestUpstream } from "../tests/fixtures/reference-upstream";

let t: TestUpstream;

/** The fixture data plus "yoga" and "dans", one seat each in round 1 ("dans" also one in round 2). */
async function start(options: UpstreamServerOptions = {}) {
  const data: DemoData = fixtureData();
  const base = data[0]!.workshops[0]!;
  data[0]!.workshops.push(
    { ...base, slug: "yoga", display: "Yoga", seats: { 1: 1 } },
    { ...base, slug: "dans", display: "Dans", seats: { 1: 1, 2: 1 } },
  );
  t = await startTestUpstream({ data, ...options });
}

beforeEach(() => start());
afterEach(() => t.server.close());

const workshop = (slug: string) => t.ids().workshops[slug]!;

async function choose(id: string, round: number, slug: string | null) {
  return t.ok("update", {
    registrationId: id,
    body: {
      choices: [{ round, workshop: slug === null ? null : workshop(slug) }],
    },
  });
}

function join(
  id: string,
  round: number,
  slug: string,
  idempotencyKey?: string,
) {
  return t.call("waitlistJoin", {
    registrationId: id,
    body: { round, workshop: workshop(slug) },
    idempotencyKey,
  });
}

/** The registration's choice per round (slugs) and its entries as "round:slug@position". */
async function state(id: string) {
  const registration = await t.ok("registration", { registrationId: id });
  return {
    choices: Object.fromEntries(
      Object.entries(registration.choices).map(([round, choice]) => [
        round,
        choice?.workshop.slug ?? null,
      ]),
    ),
    waiting: registration.waitlist!.map(
      (e) => `${e.round}:${e.workshop.slug}@${e.position}`,
    ),
  };
}

/** A draft holding `slug` in `round`. */
async function holder(slug: string, round = 1) {
  const { id } = await t.draft();
  await choose(id, round, slug);
  return id;
}

/** Drafts that join the list of `slug` in `round` in this order. */
async function waiters(count: number, slug: string, round = 1) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await t.draft();
    expect(await join(id, round, slug)).toMatchObject({ status: 200 });
    ids.push(id);
  }
  return ids;
}

function personal(email: string): PendingConfirmationBody {
  return {
    geslacht: "vrouw",
    voornaam: "Sanne",
    tussenvoegsel: null,
    achternaam: "Dijk",
    klas: "4B",
    telefoonnummer: null,
    emailadres: email,
    aantalPersonen: 2,
    marketingOptin: false,
    display: "Sanne",
  };
}

async function mailbox(to: string): Promise<MailboxEntry[]> {
  const url = new URL("/dev/mailbox.json", t.server.url);
  url.searchParams.set("to", to);
  return (await (await fetch(url)).json()) as MailboxEntry[];
}

/** Confirms the registration waiting at the address and logs in: a sent registration changes only by a login's id. */
async function confirmAndLogIn(email: string): Promise<string> {
  const token = (address: string, path: string) =>
    mailbox(address).then((mails) => {
      const link = mails
        .flatMap((mail) => mail.links)
        .findLast((l) => l.includes(path))!;
      return new URL(link).searchParams.get("token")!;
    });
  await t.ok("confirm", {
    body: { token: await token(email, "/inschrijving-bevestigen") },
  });
  await t.ok("requestLogin", {
    body: { email, orientationDayId: t.ids().days.open! },
  });
  return (
    await t.ok("login", { body: { token: await token(email, "/login") } })
  ).registrationId;
}

describe("joining and leaving", () => {
  it("keeps one FIFO list per workshop and round, with places from 1, closing up when someone leaves", async () => {
    await holder("koken");
    const [a, b, c] = await waiters(3, "koken");
    expect((await state(a!)).waiting).toEqual(["1:koken@1"]);
    expect((await state(b!)).waiting).toEqual(["1:koken@2"]);
    expect((await state(c!)).waiting).toEqual(["1:koken@3"]);

    const left = await t.ok("waitlistLeave", {
      registrationId: b!,
      body: { round: 1 },
    });
    expect(left.waitlist).toEqual([]);
    expect((await state(a!)).waiting).toEqual(["1:koken@1"]);
    expect((await state(c!)).waiting).toEqual(["1:koken@2"]);
    // Leaving a round it waits in for nothing changes nothing.
    expect(
      await t.call("waitlistLeave", { registrationId: b!, body: { round: 2 } }),
    ).toMatchObject({ status: 200 });
  });

  it("replaces the round's entry when joining another workshop's list; joining the same list keeps the place", async () => {
    await holder("koken");
    await holder("yoga");
    const [a, b] = await waiters(2, "koken");
    expect(await join(b!, 1, "koken")).toMatchObject({ status: 200 });
    expect((await state(b!)).waiting).toEqual(["1:koken@2"]);

    const replaced = await join(a!, 1, "yoga");
    expect(replaced).toMatchObject({ status: 200 });
    expect((await state(a!)).waiting).toEqual(["1:yoga@1"]);
    expect((await state(b!)).waiting).toEqual(["1:koken@1"]);
    // Back to the first list: at its end, as anyone joining now.
    await join(a!, 1, "koken");
    expect((await state(a!)).waiting).toEqual(["1:koken@2"]);
    // Another round is another entry.
    await holder("koken", 2);
    await join(a!, 2, "koken");
    expect((await state(a!)).waiting).toEqual(["1:koken@2", "2:koken@1"]);
  });

  it("refuses a round with seats, a workshop already chosen in it, a read-only day, unknown rounds and workshops", async () => {
    const { id } = await t.draft();
    expect(await join(id, 1, "robotica")).toMatchObject({
      status: 409,
      error: { error: "round not full" },
    });
    await choose(id, 1, "koken");
    expect(await join(id, 1, "koken")).toMatchObject({
      status: 409,
      error: { error: "already chosen" },
    });
    // Nor in another round: the registration holds a workshop once (issue 34).
    await choose(id, 2, "dans");
    await holder("dans", 1);
    expect(await join(id, 1, "dans")).toMatchObject({
      status: 409,
      error: { error: "already chosen" },
    });
    expect((await state(id)).waiting).toEqual([]);
    // Yoga has no round 2.
    expect(await join(id, 2, "yoga")).toMatchObject({
      status: 409,
      error: { error: "round unavailable" },
    });
    expect(await join(id, 4, "koken")).toMatchObject({ status: 404 });
    expect(await join(id, 1, "archief")).toMatchObject({ status: 404 });
    expect(
      await t.call("waitlistLeave", { registrationId: id, body: { round: 4 } }),
    ).toMatchObject({ status: 404 });

    const { hash } = await t.ok("registrationHash");
    const { days, schools } = t.ids();
    await t.ok("create", {
      registrationId: hash,
      body: { orientationDay: days.readonly!, school: schools.alpha! },
    });
    expect(await join(hash, 1, "archief")).toMatchObject({
      status: 409,
      error: { error: "day read-only" },
    });
    expect(await join("unknown", 1, "koken")).toEqual({ status: 204 });
  });

  it("refuses a registration a wait in a round for a workshop it has in another round (409, issue 34)", async () => {
    const other = await holder("dans", 1);
    const { id } = await t.draft();
    await choose(id, 2, "dans");
    expect(await join(id, 1, "dans")).toMatchObject({
      status: 409,
      error: { error: "already chosen" },
    });
    // When the seat frees, nothing moves: the registration keeps its round 2.
    await t.ok("delete", { registrationId: other });
    expect(await state(id)).toMatchObject({
      choices: { "2": "dans" },
      waiting: [],
    });
  });

  it("still moves a workshop into the round it waited for when it was chosen in another round after joining", async () => {
    const other = await holder("dans", 1);
    const { id } = await t.draft();
    await join(id, 1, "dans");
    await choose(id, 2, "dans");
    await t.ok("delete", { registrationId: other });
    expect(await state(id)).toMatchObject({
      choices: { "1": "dans", "2": null },
      waiting: [],
    });
  });

  it("does the work of a join or leave once for a repeated idempotency key", async () => {
    await holder("koken");
    const { id } = await t.draft();
    const first = await join(id, 1, "koken", "join-1");
    const { id: later } = await t.draft();
    await join(later, 1, "koken");
    await t.ok("waitlistLeave", { registrationId: id, body: { round: 1 } });
    // The repeat gets the first answer and does not join again behind `later`.
    expect(await join(id, 1, "koken", "join-1")).toEqual(first);
    expect((await state(id)).waiting).toEqual([]);
    expect((await state(later)).waiting).toEqual(["1:koken@1"]);
  });
});

describe("promotion", () => {
  it("gives the seat of a cancelled registration to the first waiting, and the others move up", async () => {
    const h = await holder("koken");
    const [a, b] = await waiters(2, "koken");
    await t.ok("delete", { registrationId: h });
    expect(await state(a!)).toEqual({
      choices: { "1": "koken", "2": null, "3": null },
      waiting: [],
    });
    expect((await state(b!)).waiting).toEqual(["1:koken@1"]);
    expect(seatsTaken(t.server, workshop("koken"), 1)).toBe(1);
  });

  it("gives the seat on a change of choice to another workshop in the round", async () => {
    const h = await holder("koken");
    const [a, b] = await waiters(2, "koken");
    await choose(h, 1, "robotica");
    expect((await state(a!)).choices["1"]).toBe("koken");
    expect((await state(b!)).waiting).toEqual(["1:koken@1"]);
  });

  it("gives the seat when the workshop moves to another round", async () => {
    const h = await holder("dans", 1);
    const [a] = await waiters(1, "dans", 1);
    await choose(h, 2, "dans");
    expect((await state(a!)).choices["1"]).toBe("dans");
    expect((await state(h)).choices).toMatchObject({ "1": null, "2": "dans" });
  });

  it("gives the seat on removal from the cart", async () => {
    const h = await holder("koken");
    const [a] = await waiters(1, "koken");
    await choose(h, 1, null);
    expect((await state(a!)).choices["1"]).toBe("koken");
  });

  it("gives the seat of an expired draft, and ends the expired draft's own entries", async () => {
    const h = await holder("koken");
    const y = await holder("yoga");
    const [expiring] = await waiters(1, "yoga");
    t.clock.advanceMinutes(20);
    await choose(y, 1, "yoga"); // a change: keeps the yoga seat's holder alive
    const [a] = await waiters(1, "koken");
    const [b] = await waiters(1, "yoga");
    expect((await state(b!)).waiting).toEqual(["1:yoga@2"]);
    t.clock.advanceMinutes(20); // h and `expiring` were last changed 40 minutes ago (the hold is 30), the rest 20

    expect(await state(a!)).toMatchObject({
      choices: { "1": "koken" },
      waiting: [],
    });
    expect((await state(b!)).waiting).toEqual(["1:yoga@1"]);
    expect(await t.call("registration", { registrationId: h })).toEqual({
      status: 204,
    });
    expect(await t.call("registration", { registrationId: expiring! })).toEqual(
      { status: 204 },
    );
  });

  it("ends a cancelled registration's entries", async () => {
    await holder("koken");
    const [a, b] = await waiters(2, "koken");
    await t.ok("delete", { registrationId: a! });
    expect((await state(b!)).waiting).toEqual(["1:koken@1"]);
  });

  it("clearing the school, or the draft made again for another day, ends the entries and gives the seats on", async () => {
    const h = await holder("koken");
    await holder("yoga");
    const [a] = await waiters(1, "koken");
    const [b] = await waiters(1, "yoga");
    await join(h, 1, "yoga");
    const [c] = await waiters(1, "yoga");
    await t.ok("removeSchool", { registrationId: h });
    expect((await state(a!)).choices["1"]).toBe("koken");
    expect((await state(c!)).waiting).toEqual(["1:yoga@2"]);

    await choose(a!, 2, "dans");
    const [d] = await waiters(1, "dans", 2);
    const { days, schools } = t.ids();
    await t.ok("create", {
      registrationId: a!,
      body: { orientationDay: days.past!, school: schools.alpha! },
    });
    expect((await state(d!)).choices["2"]).toBe("dans");
    expect((await state(b!)).waiting).toEqual(["1:yoga@1"]);
  });

  it("cascades: A moves into X freeing Y, which moves B in, and stops where no one waits", async () => {
    const hx = await holder("koken");
    const { id: a } = await t.draft();
    await choose(a, 1, "yoga");
    await join(a, 1, "koken");
    const { id: b } = await t.draft();
    await choose(b, 1, "dans");
    await join(b, 1, "yoga");
    const { id: c } = await t.draft();
    await choose(c, 1, "robotica");
    await join(c, 1, "dans");
    const { id: d } = await t.draft();
    await join(d, 1, "koken");

    await t.ok("delete", { registrationId: hx });
    expect((await state(a)).choices["1"]).toBe("koken");
    expect((await state(b)).choices["1"]).toBe("yoga");
    expect((await state(c)).choices["1"]).toBe("dans");
    // The chain ended at robotica, which has seats and no list; d is now first for koken.
    expect((await state(d)).waiting).toEqual(["1:koken@1"]);
    for (const slug of ["koken", "yoga", "dans"])
      expect(seatsTaken(t.server, workshop(slug), 1)).toBe(1);
    expect(seatsTaken(t.server, workshop("robotica"), 1)).toBe(0);
  });

  it("never oversells: one freed seat moves up one registration, a party of two counting once", async () => {
    const { id: party } = await t.draft();
    await choose(party, 1, "yoga");
    await t.ok("pendingConfirmation", {
      registrationId: party,
      body: personal("party@example.com"),
    });
    expect(seatsTaken(t.server, workshop("yoga"), 1)).toBe(1);
    const line = await waiters(5, "yoga");
    await t.ok("delete", {
      registrationId: await confirmAndLogIn("party@example.com"),
    });
    expect(seatsTaken(t.server, workshop("yoga"), 1)).toBe(1);
    expect((await state(line[0]!)).choices["1"]).toBe("yoga");
    for (const [i, id] of line.slice(1).entries())
      expect((await state(id)).waiting).toEqual([`1:yoga@${i + 1}`]);
  });

  it("mails a promoted registration with a confirmed address: the workshop, the round and its times, and the summary", async () => {
    const h = await holder("koken");
    const { id } = await t.draft();
    await choose(id, 2, "robotica");
    await t.ok("pendingConfirmation", {
      registrationId: id,
      body: personal("wachtend@example.com"),
    });
    await join(await confirmAndLogIn("wachtend@example.com"), 1, "koken");
    await t.ok("delete", { registrationId: h });
    const mail = (await mailbox("wachtend@example.com")).find(
      (entry) => entry.subject === "Er is een plek vrijgekomen",
    );
    expect(mail!.text).toContain("Koken in ronde 1 (09:00 - 10:00)");
    expect(mail!.text).toContain("Ronde 1 (09:00 - 10:00): Koken");
    expect(mail!.text).toContain("Ronde 2 (10:15 - 11:15): Robotica");
  });

  it("mails no address that was never confirmed: it may be a typing error, or someone else's", async () => {
    const h = await holder("koken");
    const { id } = await t.draft();
    await choose(id, 2, "robotica");
    // Waiting since it was a draft: once sent, the draft's id changes nothing (decision 0076).
    await join(id, 1, "koken");
    await t.ok("pendingConfirmation", {
      registrationId: id,
      body: personal("onbevestigd@example.com"),
    });
    await t.ok("delete", { registrationId: h });
    expect((await state(id)).choices["1"]).toBe("koken");
    const subjects = (await mailbox("onbevestigd@example.com")).map(
      (mail) => mail.subject,
    );
    expect(subjects).not.toContain("Er is een plek vrijgekomen");
  });
});

describe("without the waiting list", () => {
  beforeEach(async () => {
    await t.server.close();
    await start({ waitlist: false });
  });

  it("answers the list calls 404 and sends no seat counts and no entries", async () => {
    const { id } = await t.draft();
    expect(await join(id, 1, "vol")).toMatchObject({ status: 404 });
    expect(
      await t.call("waitlistLeave", { registrationId: id, body: { round: 1 } }),
    ).toMatchObject({ status: 404 });
    const registration = await t.ok("registration", { registrationId: id });
    expect(registration).not.toHaveProperty("waitlist");
    const koken = await t.ok("workshop", {
      registrationId: id,
      params: { slug: "koken" },
    });
    expect(koken.availability[0]).toEqual({ round: 1, available: true });
  });
});
