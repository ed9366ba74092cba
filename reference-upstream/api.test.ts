import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ANSWER_HEADERS, API_BASE_PATH, HEADERS } from "#contract";
import type { PendingConfirmationBody } from "#contract";
import type { MailboxEntry } from "./mail";
import {
  seatsTaken,
  startTestUpstream,
  TEST_API_KEY,
} from "../tests/fixtures/reference-upstream";
import type { TestUpstream } from "../tests/fixtures/reference-upstream";

let t: TestUpstream;

beforeEach(async () => {
  t = await startTestUpstream();
});

afterEach(async () => {
  await t.server.close();
});

function personal(
  overrides: Partial<PendingConfirmationBody> = {},
): PendingConfirmationBody {
  return {
    geslacht: "vrouw",
    voornaam: "Sanne",
    tussenvoegsel: "van",
    achternaam: "Dijk",
    klas: "4B",
    telefoonnummer: null,
    emailadres: "sanne@example.com",
    aantalPersonen: 1,
    marketingOptin: false,
    display: "Sanne",
    ...overrides,
  };
}

async function mailbox(to?: string): Promise<MailboxEntry[]> {
  const url = new URL("/dev/mailbox.json", t.server.url);
  if (to) url.searchParams.set("to", to);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return (await response.json()) as MailboxEntry[];
}

/** The token in the newest mailed link to `to` that contains `path`. */
async function mailedToken(to: string, path: string): Promise<string> {
  const link = (await mailbox(to))
    .flatMap((mail) => mail.links)
    .find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link mailed to ${to}`);
  return new URL(link).searchParams.get("token")!;
}

/** A draft for day "open" with robotica in round 1, confirmed by the mailed link. */
/** A login's id for the confirmed registration of the address: what a change needs once it is sent. */
async function loginId(email = "sanne@example.com"): Promise<string> {
  await t.ok("requestLogin", {
    body: { email, orientationDayId: t.ids().days.open! },
  });
  const token = await mailedToken(email, "/login");
  return (await t.ok("login", { body: { token } })).registrationId;
}

async function confirmedRegistration(email = "sanne@example.com") {
  const { id } = await t.draft();
  const { workshops } = t.ids();
  await t.ok("update", {
    registrationId: id,
    body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
  });
  await t.ok("pendingConfirmation", {
    registrationId: id,
    body: personal({ emailadres: email }),
  });
  const token = await mailedToken(email, "/inschrijving-bevestigen");
  const registration = await t.ok("confirm", { body: { token } });
  return { id, registration };
}

describe("site content", () => {
  it("answers settings, pages, locations and school logos per site", async () => {
    expect(await t.ok("settings")).toMatchObject({
      fullLocationName: "Campus localhost",
      primaryColor: "336699",
    });
    expect(
      (await t.ok("settings", { site: "venlo.localhost:3000" }))
        .fullLocationName,
    ).toBe("Campus venlo");
    expect(await t.ok("page", { params: { slug: "home" } })).toEqual({
      title: "Welkom bij localhost",
      intro: null,
      text: "<p>Kies een evenement.</p>",
    });
    expect(
      (await t.ok("page", { params: { slug: "inschrijfformulier_bedankt" } }))
        .intro,
    ).toBe("Je bent ingeschreven.");
    expect(
      await t.call("page", { params: { slug: "bestaat-niet" } }),
    ).toMatchObject({ status: 404 });
    expect(await t.ok("locations")).toEqual([
      {
        display: "Hoofdgebouw",
        afbeelding: null,
        adres: "Schoolstraat 1",
        postcode: "1234 AB",
        plaats: "Venlo",
        externeLocatieUrl: null,
      },
    ]);
    expect(await t.ok("locations", { site: "venlo.localhost" })).toEqual([]);
    expect((await t.ok("schoolLogos")).map((s) => s.display)).toEqual([
      "Alpha College",
      "Beta Lyceum",
      "Gamma School",
    ]);
  });

  it("lists upcoming orientation days sorted by date, without selections", async () => {
    const days = await t.ok("orientationDays");
    expect(days.map((d) => d.display)).toEqual([
      "Open dag open",
      "Open dag readonly",
      "Open dag empty",
    ]);
    expect(days[0]!.date).toBe("2030-03-08");
    expect(days[1]!.readonly).toBe(true);
    expect(days[0]!.rondes).toEqual([
      { number: 1, startTime: "09:00", endTime: "10:00", selection: null },
      { number: 2, startTime: "10:15", endTime: "11:15", selection: null },
      { number: 3, startTime: "11:30", endTime: "12:30", selection: null },
    ]);
    // A day drops off the list once it has passed.
    t.clock.advanceMinutes(8 * 24 * 60);
    expect((await t.ok("orientationDays")).map((d) => d.display)).toEqual([
      "Open dag readonly",
      "Open dag empty",
    ]);
  });

  it("lists the schools of a day, 204 when it has none or is unknown, 400 on a bad query", async () => {
    const { days } = t.ids();
    expect(
      (
        await t.ok("schools", { query: { orientationDay: String(days.open) } })
      ).map((s) => s.display),
    ).toEqual(["Alpha College", "Beta Lyceum"]);
    expect(
      await t.call("schools", {
        query: { orientationDay: String(days.empty) },
      }),
    ).toEqual({ status: 204 });
    expect(
      await t.call("schools", { query: { orientationDay: "999" } }),
    ).toEqual({ status: 204 });
    // Another site's day is unknown here.
    expect(
      await t.call("schools", {
        site: "venlo.localhost",
        query: { orientationDay: String(days.open) },
      }),
    ).toEqual({ status: 204 });
    expect(
      await t.call("schools", { query: { orientationDay: "abc" } }),
    ).toMatchObject({ status: 400 });
    expect(await t.call("schools")).toMatchObject({ status: 400 });
  });

  it("answers the gallery of a workshop", async () => {
    const { workshops } = t.ids();
    expect(
      await t.ok("workshopImages", { body: { workshop: workshops.robotica! } }),
    ).toEqual([
      { fileName: "/media/robotica-1.svg" },
      { fileName: "/media/robotica-2.svg" },
    ]);
    expect(
      await t.ok("workshopImages", { body: { workshop: workshops.koken! } }),
    ).toEqual([]);
    expect(
      await t.ok("workshopImages", {
        site: "venlo.localhost",
        body: { workshop: workshops.robotica! },
      }),
    ).toEqual([]);
  });
});

describe("guards", () => {
  it("answers 401 without or with a wrong API key", async () => {
    expect(await t.call("settings", { apiKey: null })).toMatchObject({
      status: 401,
    });
    expect(await t.call("settings", { apiKey: "wrong" })).toMatchObject({
      status: 401,
    });
    expect(
      await t.call("settings", { apiKey: `${TEST_API_KEY}x` }),
    ).toMatchObject({ status: 401 });
  });

  it("answers 404 for an unknown site and reads the site from the first host label", async () => {
    expect(
      await t.call("settings", { site: "elders.localhost:3000" }),
    ).toMatchObject({ status: 404, error: { error: "unknown site" } });
    expect(
      await t.call("settings", { site: "VENLO.example.nl" }),
    ).toMatchObject({ status: 200 });
    const response = await fetch(`${t.server.url}${API_BASE_PATH}/settings`, {
      headers: { [HEADERS.apiKey]: TEST_API_KEY },
    });
    expect(response.status).toBe(400);
  });

  it("answers 400 with {error, detail} for malformed JSON and invalid bodies", async () => {
    for (const body of [
      "{not json",
      "",
      "null",
      JSON.stringify({ email: "geen-adres", orientationDayId: 1 }),
    ]) {
      const result = await t.call("requestLogin", { body });
      expect(result.status).toBe(400);
      expect(result).toMatchObject({
        error: { error: expect.any(String), detail: expect.any(String) },
      });
    }
    const { id } = await t.draft();
    expect(
      await t.call("update", { registrationId: id, body: { choices: [] } }),
    ).toMatchObject({ status: 400 });
    expect(
      await t.call("update", {
        registrationId: id,
        body: { choices: [{ round: 0, workshop: 1 }] },
      }),
    ).toMatchObject({ status: 400 });
    expect(
      await t.call("pendingConfirmation", {
        registrationId: id,
        body: personal({ geslacht: "Vrouw" as "vrouw" }),
      }),
    ).toMatchObject({
      status: 400,
    });
  });

  it("answers JSON 404 for unknown routes and serves health without a key", async () => {
    const missing = await fetch(`${t.server.url}${API_BASE_PATH}/bestaat-niet`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "not found" });
    const health = await fetch(`${t.server.url}/health`);
    expect(await health.json()).toEqual({ ok: true });
  });
});

describe("draft registrations", () => {
  it("hands out fresh random ids", async () => {
    const hashes = await Promise.all(
      [1, 2, 3].map(() => t.ok("registrationHash")),
    );
    expect(new Set(hashes.map((h) => h.hash)).size).toBe(3);
    for (const { hash } of hashes) expect(hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("creates a draft bound to day and school and reads it back", async () => {
    const { hash } = await t.ok("registrationHash");
    const { days, schools } = t.ids();
    expect(await t.call("registration", { registrationId: hash })).toEqual({
      status: 204,
    });
    const created = await t.ok("create", {
      registrationId: hash,
      body: { orientationDay: days.open!, school: schools.beta! },
    });
    expect(created).toMatchObject({
      created: null,
      school: { id: schools.beta, display: "Beta Lyceum" },
      orientationDay: { id: days.open },
      choices: { "1": null, "2": null, "3": null },
      emailadres: null,
      display: null,
      marketingOptin: false,
    });
    expect(created.orientationDay.rondes).toHaveLength(3);
    expect(await t.ok("registration", { registrationId: hash })).toEqual(
      created,
    );
    // Registrations belong to their site.
    expect(
      await t.call("registration", {
        registrationId: hash,
        site: "venlo.localhost",
      }),
    ).toEqual({ status: 204 });
  });

  it("refuses a school outside the day, an unknown day and a missing id", async () => {
    const { hash } = await t.ok("registrationHash");
    const { days, schools } = t.ids();
    expect(
      await t.call("create", {
        registrationId: hash,
        body: { orientationDay: days.open!, school: schools.gamma! },
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await t.call("create", {
        registrationId: hash,
        body: { orientationDay: 999, school: schools.alpha! },
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await t.call("create", {
        body: { orientationDay: days.open!, school: schools.alpha! },
      }),
    ).toMatchObject({ status: 400 });
    expect(
      await t.call("create", {
        registrationId: "short",
        body: { orientationDay: days.open!, school: schools.alpha! },
      }),
    ).toMatchObject({
      status: 400,
    });
  });

  it("sets and clears the school; clearing releases the choices", async () => {
    const { id } = await t.draft();
    const { schools, workshops } = t.ids();
    expect(
      (
        await t.ok("addSchool", {
          registrationId: id,
          body: { school: schools.beta! },
        })
      ).school?.display,
    ).toBe("Beta Lyceum");
    expect(
      await t.call("addSchool", {
        registrationId: id,
        body: { school: schools.gamma! },
      }),
    ).toMatchObject({ status: 404 });
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(1);
    const cleared = await t.ok("removeSchool", { registrationId: id });
    expect(cleared.school).toBeNull();
    expect(cleared.choices).toEqual({ "1": null, "2": null, "3": null });
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(0);
  });

  it("answers 204 on every registration-bound call without a live registration", async () => {
    const { workshops } = t.ids();
    const unknown = { registrationId: "x".repeat(32) };
    expect(await t.call("registration", unknown)).toEqual({ status: 204 });
    expect(
      await t.call("addSchool", { ...unknown, body: { school: 1 } }),
    ).toEqual({ status: 204 });
    expect(await t.call("removeSchool", unknown)).toEqual({ status: 204 });
    expect(
      await t.call("update", {
        ...unknown,
        body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
      }),
    ).toEqual({ status: 204 });
    expect(
      await t.call("pendingConfirmation", { ...unknown, body: personal() }),
    ).toEqual({ status: 204 });
    expect(await t.call("delete", unknown)).toEqual({ status: 204 });
    expect(await t.call("workshops", unknown)).toEqual({ status: 204 });
    expect(
      await t.call("workshop", { ...unknown, params: { slug: "robotica" } }),
    ).toEqual({ status: 204 });
    expect(await t.call("registration")).toEqual({ status: 204 });
  });
});

describe("workshops and seats", () => {
  it("lists the workshops of the registration's day with availability per round", async () => {
    const { id } = await t.draft();
    const list = await t.ok("workshops", { registrationId: id });
    expect(list.map((w) => w.slug)).toEqual(["koken", "robotica", "vol"]);
    const koken = list.find((w) => w.slug === "koken")!;
    expect(koken.availability).toEqual([
      { round: 1, available: true, seatsLeft: 1 },
      { round: 2, available: true, seatsLeft: 1 },
      { round: 3, available: false, seatsLeft: null },
    ]);
    expect(koken).toMatchObject({
      provider: { display: "Hogeschool", image: null },
      domeinen: [{ display: "Techniek", labelColor: "0055aa" }],
    });
    expect(
      list
        .find((w) => w.slug === "vol")!
        .availability.every((a) => !a.available),
    ).toBe(true);
    expect(
      (
        await t.ok("workshop", {
          registrationId: id,
          params: { slug: "robotica" },
        })
      ).display,
    ).toBe("Robotica");
    expect(
      await t.call("workshop", {
        registrationId: id,
        params: { slug: "archief" },
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await t.ok("availability", {
        registrationId: id,
        params: { slug: "robotica" },
      }),
    ).toHaveLength(3);
    expect(
      await t.ok("availability", { params: { slug: "koken" } }),
    ).toHaveLength(3);
    expect(
      await t.call("availability", { params: { slug: "bestaat-niet" } }),
    ).toMatchObject({ status: 404 });
  });

  it("answers 204 for workshops when the day has none", async () => {
    const { hash } = await t.ok("registrationHash");
    const { days, schools } = t.ids();
    await t.ok("create", {
      registrationId: hash,
      body: { orientationDay: days.past!, school: schools.alpha! },
    });
    expect(await t.call("workshops", { registrationId: hash })).toEqual({
      status: 204,
    });
  });

  it("takes a seat, keeps the own choice available, refuses a full round with 409", async () => {
    const first = await t.draft();
    const second = await t.draft();
    const { workshops } = t.ids();
    const chosen = await t.ok("update", {
      registrationId: first.id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(chosen.choices["1"]).toEqual({
      workshop: { id: workshops.koken, slug: "koken", display: "Koken" },
    });
    expect(chosen.orientationDay.rondes[0]!.selection).toEqual(
      chosen.choices["1"],
    );
    // Choosing the same again changes nothing.
    await t.ok("update", {
      registrationId: first.id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(1);

    expect(
      (
        await t.ok("availability", {
          registrationId: first.id,
          params: { slug: "koken" },
        })
      )[0],
    ).toEqual({ round: 1, available: true, seatsLeft: 0 });
    expect(
      (
        await t.ok("availability", {
          registrationId: second.id,
          params: { slug: "koken" },
        })
      )[0],
    ).toEqual({ round: 1, available: false, seatsLeft: 0 });
    const full = await t.call("update", {
      registrationId: second.id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(full).toMatchObject({ status: 409, error: { error: "round full" } });
    expect(
      await t.call("update", {
        registrationId: second.id,
        body: { choices: [{ round: 1, workshop: workshops.vol! }] },
      }),
    ).toMatchObject({
      status: 409,
    });
    expect(
      await t.call("update", {
        registrationId: second.id,
        body: { choices: [{ round: 3, workshop: workshops.koken! }] },
      }),
    ).toMatchObject({
      status: 409,
      error: { error: "round unavailable" },
    });
    expect(
      await t.call("update", {
        registrationId: second.id,
        body: { choices: [{ round: 4, workshop: workshops.koken! }] },
      }),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await t.call("update", {
        registrationId: second.id,
        body: { choices: [{ round: 1, workshop: workshops.archief! }] },
      }),
    ).toMatchObject({
      status: 404,
    });
  });

  it("replaces a round's choice, moves a workshop between rounds and releases with null", async () => {
    const { id } = await t.draft();
    const { workshops } = t.ids();
    const { robotica, koken } = {
      robotica: workshops.robotica!,
      koken: workshops.koken!,
    };
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: koken }] },
    });
    // Another workshop in round 1 releases koken's seat.
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: robotica }] },
    });
    expect(seatsTaken(t.server, koken, 1)).toBe(0);
    expect(seatsTaken(t.server, robotica, 1)).toBe(1);
    // The same workshop in round 2 moves it out of round 1.
    const moved = await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 2, workshop: robotica }] },
    });
    expect(moved.choices).toEqual({
      "1": null,
      "2": {
        workshop: { id: robotica, slug: "robotica", display: "Robotica" },
      },
      "3": null,
    });
    expect(seatsTaken(t.server, robotica, 1)).toBe(0);
    expect(seatsTaken(t.server, robotica, 2)).toBe(1);
    const cleared = await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 2, workshop: null }] },
    });
    expect(cleared.choices["2"]).toBeNull();
    expect(seatsTaken(t.server, robotica, 2)).toBe(0);
  });

  it("applies several choices all or nothing", async () => {
    const other = await t.draft();
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: other.id,
      body: { choices: [{ round: 2, workshop: workshops.koken! }] },
    });
    const result = await t.call("update", {
      registrationId: id,
      body: {
        choices: [
          { round: 1, workshop: workshops.robotica! },
          { round: 2, workshop: workshops.koken! },
        ],
      },
    });
    expect(result.status).toBe(409);
    expect(seatsTaken(t.server, workshops.robotica!, 1)).toBe(0);
  });

  it("refuses changes on a read-only day with 409", async () => {
    const { hash } = await t.ok("registrationHash");
    const { days, schools, workshops } = t.ids();
    await t.ok("create", {
      registrationId: hash,
      body: { orientationDay: days.readonly!, school: schools.alpha! },
    });
    const result = await t.call("update", {
      registrationId: hash,
      body: { choices: [{ round: 1, workshop: workshops.archief! }] },
    });
    expect(result).toMatchObject({
      status: 409,
      error: { error: "day read-only" },
    });
    expect(
      await t.call("pendingConfirmation", {
        registrationId: hash,
        body: personal(),
      }),
    ).toMatchObject({ status: 409 });
  });

  it("holds a draft's seats 30 minutes from its last change (a read does not slide it), says until when, and gives them back", async () => {
    const holder = await t.draft();
    const waiting = await t.draft();
    const { workshops } = t.ids();
    const taken = await t.ok("update", {
      registrationId: holder.id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(taken.expires).toBe(
      new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
    );
    expect(taken.confirmation).toBeNull();
    t.clock.advanceMinutes(20);
    // A read does not slide the hold; the refused change slides the waiting draft's own.
    expect(
      (await t.ok("registration", { registrationId: holder.id })).expires,
    ).toBe(taken.expires);
    expect(
      await t.call("update", {
        registrationId: waiting.id,
        body: { choices: [{ round: 1, workshop: workshops.koken! }] },
      }),
    ).toMatchObject({
      status: 409,
    });
    t.clock.advanceMinutes(11); // 31 minutes after the holder's last change
    expect(await t.call("registration", { registrationId: holder.id })).toEqual(
      { status: 204 },
    );
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(0);
    await t.ok("update", {
      registrationId: waiting.id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
  });

  it("frees the seats of an expired draft for others before checking", async () => {
    const holder = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: holder.id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    t.clock.advanceMinutes(181);
    const newcomer = await t.draft();
    expect(
      (
        await t.ok("availability", {
          registrationId: newcomer.id,
          params: { slug: "koken" },
        })
      )[0]!.available,
    ).toBe(true);
    await t.ok("update", {
      registrationId: newcomer.id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(1);
  });

  it("deletes a registration and releases its seats", async () => {
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(await t.ok("delete", { registrationId: id })).toEqual({
      message: expect.any(String),
    });
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(0);
    expect(await t.call("registration", { registrationId: id })).toEqual({
      status: 204,
    });
  });
});

describe("confirmation", () => {
  it("needs a choice first", async () => {
    const { id } = await t.draft();
    const result = await t.call("pendingConfirmation", {
      registrationId: id,
      body: personal(),
    });
    expect(result).toMatchObject({
      status: 409,
      error: { error: "no choices", detail: expect.any(String) },
    });
  });

  it("mails a confirmation link that creates the registration and stays valid until it expires", async () => {
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 2, workshop: workshops.robotica! }] },
    });
    expect(
      await t.ok("pendingConfirmation", {
        registrationId: id,
        body: personal(),
      }),
    ).toEqual({ message: expect.any(String) });
    const pending = await t.ok("registration", { registrationId: id });
    expect(pending).toMatchObject({
      created: null,
      voornaam: "Sanne",
      emailadres: "sanne@example.com",
      display: null,
    });

    const [mail] = await mailbox("sanne@example.com");
    expect(mail!.subject).toBe("Bevestig je inschrijving");
    expect(mail!.links[0]).toMatch(
      /^http:\/\/localhost:3000\/inschrijving-bevestigen\?token=[A-Za-z0-9_-]{43}$/,
    );
    expect(mail!.text).toContain("Ronde 2 (10:15 - 11:15): Robotica");
    const token = new URL(mail!.links[0]!).searchParams.get("token")!;
    // Only the hash of the token is stored.
    expect(
      JSON.stringify(t.server.db.prepare("SELECT * FROM tokens").all()),
    ).not.toContain(token);

    const confirmed = await t.ok("confirm", { body: { token } });
    expect(confirmed.created).toBe(t.clock.now().toISOString());
    expect(confirmed.display).toBe("Sanne");
    expect((await mailbox("sanne@example.com"))[0]!.subject).toBe(
      "Je inschrijving is bevestigd",
    );
    // A second click (or a scanner that got through first) lands on the same confirmed registration, and
    // mails nothing again.
    const mailsBefore = (await mailbox("sanne@example.com")).length;
    const again = await t.ok("confirm", { body: { token } });
    expect(again.created).toBe(confirmed.created);
    expect(await mailbox("sanne@example.com")).toHaveLength(mailsBefore);
    t.clock.advanceMinutes(61);
    expect(await t.call("confirm", { body: { token } })).toMatchObject({
      status: 401,
    });
    // Confirmed registrations no longer expire.
    t.clock.advanceMinutes(10 * 24 * 60);
    expect(
      (await t.ok("registration", { registrationId: id })).created,
    ).not.toBeNull();
  });

  it("refuses every change through the draft's own id once sent, pending or confirmed (403); a login's id changes it", async () => {
    const { id } = await t.draft();
    const { workshops, schools } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
    });
    await t.ok("pendingConfirmation", { registrationId: id, body: personal() });
    const token = await mailedToken(
      "sanne@example.com",
      "/inschrijving-bevestigen",
    );
    const changes = () => [
      t.call("update", {
        registrationId: id,
        body: { choices: [{ round: 2, workshop: workshops.koken! }] },
      }),
      t.call("update", {
        registrationId: id,
        body: { choices: [{ round: 1, workshop: null }] },
      }),
      t.call("pendingConfirmation", {
        registrationId: id,
        body: personal({
          voornaam: "Iemand",
          emailadres: "iemand@example.com",
          aantalPersonen: 2,
        }),
      }),
      t.call("addSchool", {
        registrationId: id,
        body: { school: schools.beta! },
      }),
      t.call("removeSchool", { registrationId: id }),
      t.call("delete", { registrationId: id }),
    ];
    const mailsBefore = (await mailbox()).length;
    for (const refused of await Promise.all(changes()))
      expect(refused).toMatchObject({
        status: 403,
        error: { error: "registration sent" },
      });
    // Nothing changed, nothing was mailed; reading and the resend still work with it.
    expect(await mailbox()).toHaveLength(mailsBefore);
    const pending = await t.ok("registration", { registrationId: id });
    expect(pending).toMatchObject({
      voornaam: "Sanne",
      emailadres: "sanne@example.com",
      school: { id: t.ids().schools.alpha },
    });
    expect(pending.choices["1"]?.workshop.id).toBe(workshops.robotica);
    await t.ok("resendConfirmation", { registrationId: id });
    const newest = await mailedToken(
      "sanne@example.com",
      "/inschrijving-bevestigen",
    );
    expect(newest).not.toBe(token);

    // Confirmed: still refused through the draft's id; a login's id (from the mailed link) changes it.
    await t.ok("confirm", { body: { token: newest } });
    for (const refused of await Promise.all(changes()))
      expect(refused).toMatchObject({ status: 403 });
    const owner = await loginId();
    expect(owner).not.toBe(id);
    expect(
      (
        await t.ok("update", {
          registrationId: owner,
          body: { choices: [{ round: 2, workshop: workshops.koken! }] },
        })
      ).choices["2"]?.workshop.id,
    ).toBe(workshops.koken);
    // A login's id names a registration, never a new draft.
    expect(
      await t.call("create", {
        registrationId: owner,
        body: { orientationDay: t.ids().days.open!, school: schools.alpha! },
      }),
    ).toMatchObject({ status: 409 });
    expect(await t.ok("delete", { registrationId: owner })).toEqual({
      message: expect.any(String),
    });
    expect(await t.call("registration", { registrationId: owner })).toEqual({
      status: 204,
    });
  });

  it("says until when the link works, mails it again on request (only the newest confirms), and holds the seats as long", async () => {
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
    });
    await t.ok("pendingConfirmation", { registrationId: id, body: personal() });
    const first = await mailedToken(
      "sanne@example.com",
      "/inschrijving-bevestigen",
    );
    const sentAt = t.clock.now().getTime();
    const pending = await t.ok("registration", { registrationId: id });
    const hour = new Date(sentAt + 60 * 60_000).toISOString();
    expect(pending).toMatchObject({
      confirmation: { linkExpires: hour },
      expires: hour,
    });

    t.clock.advanceMinutes(50);
    const KEY = "9b1f4c2e-1d2a-4b53-8a43-0c4b1f1e2d3c:resendConfirmation";
    const resent = await t.call("resendConfirmation", {
      registrationId: id,
      idempotencyKey: KEY,
    });
    // A replayed resend is answered again and mails nothing more.
    expect(
      await t.call("resendConfirmation", {
        registrationId: id,
        idempotencyKey: KEY,
      }),
    ).toEqual(resent);
    expect(await mailbox("sanne@example.com")).toHaveLength(2);
    const later = new Date(sentAt + 110 * 60_000).toISOString();
    expect(resent).toMatchObject({
      status: 200,
      data: { confirmation: { linkExpires: later }, expires: later },
    });
    const second = await mailedToken(
      "sanne@example.com",
      "/inschrijving-bevestigen",
    );
    expect(second).not.toBe(first);
    expect(await t.call("confirm", { body: { token: first } })).toMatchObject({
      status: 401,
    });
    // Past the first link's hour, the registration and its seat still wait for the new link.
    t.clock.advanceMinutes(30);
    expect(seatsTaken(t.server, workshops.robotica!, 1)).toBe(1);
    const confirmed = await t.ok("confirm", { body: { token: second } });
    expect(confirmed).toMatchObject({ confirmation: null, expires: null });
    expect(confirmed.created).not.toBeNull();
    // Confirmed: nothing to resend.
    expect(
      await t.call("resendConfirmation", { registrationId: id }),
    ).toMatchObject({ status: 409, error: { error: "already confirmed" } });
  });

  it("refuses a resend for a draft (409), answers 204 for an unknown or expired one, and limits confirmation mails per registration (429)", async () => {
    const { id } = await t.draft();
    expect(
      await t.call("resendConfirmation", { registrationId: id }),
    ).toMatchObject({ status: 409 });
    expect(
      await t.call("resendConfirmation", { registrationId: "x".repeat(32) }),
    ).toEqual({ status: 204 });
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
    });
    await t.ok("pendingConfirmation", { registrationId: id, body: personal() });
    // Five confirmation mails per registration in the window, the first one included.
    for (let i = 0; i < 4; i++)
      await t.ok("resendConfirmation", { registrationId: id });
    expect(
      await t.call("resendConfirmation", { registrationId: id }),
    ).toMatchObject({ status: 429 });
    expect(await mailbox("sanne@example.com")).toHaveLength(5);
    // Not opened in time: the registration goes and its seat is free again.
    t.clock.advanceMinutes(61);
    expect(await t.call("resendConfirmation", { registrationId: id })).toEqual({
      status: 204,
    });
    expect(seatsTaken(t.server, workshops.robotica!, 1)).toBe(0);
  });

  it("mails one address at most five confirmation mails in the window, however many registrations send to it (429, nothing changes)", async () => {
    const { workshops } = t.ids();
    const send = async (email: string) => {
      const { id } = await t.draft();
      await t.ok("update", {
        registrationId: id,
        body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
      });
      return {
        id,
        answer: await t.call("pendingConfirmation", {
          registrationId: id,
          body: personal({ emailadres: email }),
        }),
      };
    };
    for (let i = 0; i < 5; i++)
      expect((await send("doelwit@example.com")).answer.status).toBe(200);
    const refused = await send("DOELWIT@example.com");
    expect(refused.answer).toMatchObject({
      status: 429,
      error: { error: "too many requests" },
    });
    expect(await mailbox("doelwit@example.com")).toHaveLength(5);
    // The refused draft is still a draft, and other addresses are not held back.
    expect(
      (await t.ok("registration", { registrationId: refused.id })).emailadres,
    ).toBeNull();
    expect((await send("ander@example.com")).answer.status).toBe(200);
    t.clock.advanceMinutes(16);
    expect((await send("doelwit@example.com")).answer.status).toBe(200);
  });

  it("counts a created registration's change mails per registration: five in the window, the confirmation's included", async () => {
    await confirmedRegistration();
    const owner = await loginId();
    const change = (klas: string) =>
      t.call("pendingConfirmation", {
        registrationId: owner,
        body: personal({ klas }),
      });
    for (let i = 0; i < 4; i++)
      expect((await change(`${i}A`)).status).toBe(200);
    expect(await change("9Z")).toMatchObject({ status: 429 });
    expect((await t.ok("registration", { registrationId: owner })).klas).toBe(
      "3A",
    );
  });

  it("cancels a draft answered 'already registered' three times: the answer stays for the student, the draft is no lookup tool", async () => {
    await confirmedRegistration("bekend@example.com");
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(1);
    const tryAddress = () =>
      t.call("pendingConfirmation", {
        registrationId: id,
        body: personal({ emailadres: "bekend@example.com" }),
      });
    for (let i = 0; i < 3; i++)
      expect(await tryAddress()).toMatchObject({
        status: 409,
        error: { detail: expect.stringContaining("already registered") },
      });
    // Gone, with its seat: the next try, with any address, finds no registration.
    expect(seatsTaken(t.server, workshops.koken!, 1)).toBe(0);
    expect(await tryAddress()).toEqual({ status: 204 });
    expect(
      await t.call("pendingConfirmation", {
        registrationId: id,
        body: personal({ emailadres: "nieuw@example.com" }),
      }),
    ).toEqual({ status: 204 });
  });

  it("refuses unknown and expired confirmation tokens with 401", async () => {
    expect(
      await t.call("confirm", { body: { token: "a".repeat(43) } }),
    ).toMatchObject({ status: 401 });
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
    });
    await t.ok("pendingConfirmation", { registrationId: id, body: personal() });
    const token = await mailedToken(
      "sanne@example.com",
      "/inschrijving-bevestigen",
    );
    t.clock.advanceMinutes(61);
    expect(await t.call("confirm", { body: { token } })).toMatchObject({
      status: 401,
    });
    // A token only works on its own site.
    expect(
      await t.call("confirm", { site: "venlo.localhost", body: { token } }),
    ).toMatchObject({ status: 401 });
  });

  it("answers 'already registered' for a second registration of an address on the same day", async () => {
    await confirmedRegistration("sanne@example.com");
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 3, workshop: workshops.robotica! }] },
    });
    const result = await t.call("pendingConfirmation", {
      registrationId: id,
      body: personal({ emailadres: "SANNE@Example.com" }),
    });
    expect(result.status).toBe(409);
    expect("error" in result && result.error.detail).toMatch(
      /already registered/i,
    );
  });

  it("answers 'already registered' on confirm when another registration was confirmed in between", async () => {
    const { workshops } = t.ids();
    const drafts = [await t.draft(), await t.draft()];
    for (const d of drafts) {
      await t.ok("update", {
        registrationId: d.id,
        body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
      });
      await t.ok("pendingConfirmation", {
        registrationId: d.id,
        body: personal(),
      });
    }
    const [second, first] = (await mailbox("sanne@example.com")).map((m) =>
      new URL(m.links[0]!).searchParams.get("token")!,
    );
    await t.ok("confirm", { body: { token: first! } });
    const result = await t.call("confirm", { body: { token: second! } });
    expect(result).toMatchObject({
      status: 409,
      error: { detail: expect.stringContaining("already registered") },
    });
  });

  it("stores a change of a created registration at once and mails a summary", async () => {
    const { registration } = await confirmedRegistration();
    const id = await loginId();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 2, workshop: workshops.koken! }] },
    });
    await t.ok("pendingConfirmation", {
      registrationId: id,
      body: personal({ klas: "5A", display: "San" }),
    });
    const changed = await t.ok("registration", { registrationId: id });
    expect(changed).toMatchObject({
      created: registration.created,
      klas: "5A",
      display: "San",
    });
    const [mail] = await mailbox("sanne@example.com");
    expect(mail!.subject).toBe("Je inschrijving is gewijzigd");
    expect(mail!.text).toContain("Ronde 2 (10:15 - 11:15): Koken");
  });
});

describe("login", () => {
  it("answers the same message for known and unknown addresses and mails a link only for the known one", async () => {
    const { id } = await confirmedRegistration();
    const { days } = t.ids();
    const known = await t.ok("requestLogin", {
      body: { email: "Sanne@example.com", orientationDayId: days.open! },
    });
    const unknown = await t.ok("requestLogin", {
      body: { email: "niemand@example.com", orientationDayId: days.open! },
    });
    expect(known).toEqual(unknown);
    expect(await mailbox("niemand@example.com")).toEqual([]);

    const token = await mailedToken("sanne@example.com", "/login");
    const login = await t.ok("login", { body: { token } });
    // An id of the login's own, naming the same registration (decision 0076).
    expect(login.registrationId).not.toBe(id);
    expect(
      (await t.ok("registration", { registrationId: login.registrationId }))
        .emailadres,
    ).toBe("sanne@example.com");
    expect(login.registration.emailadres).toBe("sanne@example.com");
    expect(await t.call("login", { body: { token } })).toMatchObject({
      status: 401,
    });
  });

  it("refuses unknown and expired login tokens with 401", async () => {
    await confirmedRegistration();
    const { days } = t.ids();
    expect(
      await t.call("login", { body: { token: "b".repeat(43) } }),
    ).toMatchObject({ status: 401 });
    await t.ok("requestLogin", {
      body: { email: "sanne@example.com", orientationDayId: days.open! },
    });
    const token = await mailedToken("sanne@example.com", "/login");
    t.clock.advanceMinutes(60);
    expect(await t.call("login", { body: { token } })).toMatchObject({
      status: 401,
    });
    // A confirmation token is no login token, and trying it does not use it up.
    const { id } = await t.draft();
    const { workshops } = t.ids();
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.koken! }] },
    });
    await t.ok("pendingConfirmation", {
      registrationId: id,
      body: personal({ emailadres: "kees@example.com" }),
    });
    const confirmToken = await mailedToken(
      "kees@example.com",
      "/inschrijving-bevestigen",
    );
    expect(
      await t.call("login", { body: { token: confirmToken } }),
    ).toMatchObject({ status: 401 });
    await t.ok("confirm", { body: { token: confirmToken } });
  });

  it("builds links with the site's host", async () => {
    const { hash } = await t.ok("registrationHash");
    const venlo = (table: string, key: string) =>
      (
        t.server.db
          .prepare(`SELECT id FROM ${table} WHERE key = ?`)
          .get(key) as { id: number }
      ).id;
    const site = "venlo.localhost:3000";
    const workshop = (
      t.server.db
        .prepare(
          "SELECT w.id FROM workshops w JOIN sites s ON s.id = w.site_id WHERE s.name = 'venlo'",
        )
        .get() as { id: number }
    ).id;
    await t.ok("create", {
      site,
      registrationId: hash,
      body: {
        orientationDay: venlo("orientation_days", "venlo-dag"),
        school: venlo("schools", "delta"),
      },
    });
    await t.ok("update", {
      site,
      registrationId: hash,
      body: { choices: [{ round: 1, workshop }] },
    });
    await t.ok("pendingConfirmation", {
      site,
      registrationId: hash,
      body: personal({ emailadres: "jan@example.com" }),
    });
    expect((await mailbox("jan@example.com"))[0]!.links[0]).toMatch(
      /^http:\/\/venlo\.localhost:3000\/inschrijving-bevestigen\?token=/,
    );
  });

  it("limits login requests per address and requester, answering the same message and mailing nothing more", async () => {
    await confirmedRegistration();
    const { days } = t.ids();
    const body = { email: "sanne@example.com", orientationDayId: days.open! };
    const loginMails = async () =>
      (await mailbox("sanne@example.com")).filter((mail) =>
        mail.links.some((link) => link.includes("/login")),
      );
    const stranger = { body, anonymousId: "a-stranger" };
    const first = await t.ok("requestLogin", stranger);
    for (let i = 0; i < 4; i++) await t.ok("requestLogin", stranger);
    const sent = (await loginMails()).length;
    // Past the limit: the neutral answer, never an error, and no mail.
    expect(
      await t.ok("requestLogin", {
        ...stranger,
        body: { ...body, email: "SANNE@example.com" },
      }),
    ).toEqual(first);
    expect(await loginMails()).toHaveLength(sent);
    // The owner, asking from their own browser, still gets a link.
    await t.ok("requestLogin", { body, anonymousId: "the-owner" });
    expect(await loginMails()).toHaveLength(sent + 1);
    // Strangers together are bounded per address too (four times one requester's limit).
    for (let i = 0; i < 30; i++)
      await t.ok("requestLogin", { body, anonymousId: `stranger-${i}` });
    expect((await loginMails()).length).toBeLessThanOrEqual(20);
    t.clock.advanceMinutes(15);
    await t.ok("requestLogin", stranger);
    expect((await loginMails()).length).toBeGreaterThan(sent + 1);
  });
});

describe("support questions", () => {
  const question = {
    name: "Piet",
    email: "piet@example.com",
    school: "Alpha College",
    klas: null,
    questionAbout: "Workshop" as const,
    message: "Is er <b>parkeerruimte</b>?",
  };

  it("stores the question and mails it to the site's support address", async () => {
    expect(await t.ok("supportCreate", { body: question })).toEqual({
      message: expect.any(String),
    });
    const [mail] = await mailbox("vragen@example.com");
    expect(mail!.subject).toBe("Vraag over Workshop van Piet");
    expect(mail!.text).toContain("Is er <b>parkeerruimte</b>?");
    expect(mail!.html).toContain("Is er &lt;b&gt;parkeerruimte&lt;/b&gt;?");
    expect(
      t.server.db.prepare("SELECT COUNT(*) AS n FROM support_questions").get(),
    ).toEqual({ n: 1 });
  });

  it("rate-limits questions per address with 429", async () => {
    for (let i = 0; i < 5; i++) await t.ok("supportCreate", { body: question });
    expect(await t.call("supportCreate", { body: question })).toMatchObject({
      status: 429,
    });
  });
});

describe("idempotency keys", () => {
  const question = {
    name: "Piet",
    email: "piet@example.com",
    school: null,
    klas: null,
    questionAbout: "Overig" as const,
    message: "Hoe laat begint het?",
  };
  const KEY = "3f0d6c1e-8d7a-4a53-9a43-0c4b1f1e2d3c:supportCreate";
  const storedQuestions = () =>
    (
      t.server.db
        .prepare("SELECT COUNT(*) AS n FROM support_questions")
        .get() as { n: number }
    ).n;

  it("answers a repeated request with the first answer and does the work once, also when the copies race", async () => {
    const first = await t.call("supportCreate", {
      body: question,
      idempotencyKey: KEY,
    });
    expect(first.status).toBe(200);
    // More copies than the address's rate limit allows (5): none of them counts as a question.
    const copies = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call("supportCreate", { body: question, idempotencyKey: KEY }),
      ),
    );
    expect(copies).toEqual(copies.map(() => first));
    expect(storedQuestions()).toBe(1);
    expect(await mailbox("vragen@example.com")).toHaveLength(1);
  });

  it("marks the answer it gives again as replayed, and the first one not", async () => {
    const send = () =>
      fetch(new URL(`${API_BASE_PATH}/support/create`, t.server.url), {
        method: "POST",
        headers: {
          [HEADERS.siteHost]: "localhost:3000",
          [HEADERS.anonymousUserId]: "anonymous-test-user",
          [HEADERS.apiKey]: TEST_API_KEY,
          [HEADERS.idempotencyKey]: KEY,
          "content-type": "application/json",
        },
        body: JSON.stringify(question),
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(first.headers.get(ANSWER_HEADERS.idempotentReplayed)).toBeNull();
    expect(again.headers.get(ANSWER_HEADERS.idempotentReplayed)).toBe("true");
    expect(await again.json()).toEqual(await first.json());
  });

  it("takes the same key with another payload, on another site or without a key as another request", async () => {
    await t.ok("supportCreate", { body: question, idempotencyKey: KEY });
    await t.ok("supportCreate", {
      body: { ...question, message: "En hoe laat eindigt het?" },
      idempotencyKey: KEY,
    });
    await t.ok("supportCreate", {
      body: question,
      idempotencyKey: KEY,
      site: "venlo.localhost",
    });
    await t.ok("supportCreate", { body: question });
    expect(storedQuestions()).toBe(4);
  });

  it("replays a registration call's first answer without doing it again", async () => {
    const { id } = await t.draft();
    const { workshops } = t.ids();
    const add = {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: workshops.robotica! }] },
      idempotencyKey: "add-robotica:update",
    };
    const added = await t.ok("update", add);
    await t.ok("update", {
      registrationId: id,
      body: { choices: [{ round: 1, workshop: null }] },
    });
    // The repeat says what the first call said; the round stays empty and the seat free.
    expect(await t.ok("update", add)).toEqual(added);
    expect(
      (await t.ok("registration", { registrationId: id })).choices["1"],
    ).toBeNull();
    expect(seatsTaken(t.server, workshops.robotica!, 1)).toBe(0);

    // A cancel repeated after a timeout says it was cancelled, not that the registration is gone.
    const cancel = { registrationId: id, idempotencyKey: "cancel:delete" };
    const cancelled = await t.call("delete", cancel);
    expect(cancelled.status).toBe(200);
    expect(await t.call("delete", cancel)).toEqual(cancelled);
    expect(await t.call("delete", { registrationId: id })).toEqual({
      status: 204,
    });
  });

  it("lets a double click on 'Ga verder' spend the login token once and log in with both", async () => {
    const { registration } = await confirmedRegistration();
    await t.ok("requestLogin", {
      body: {
        email: "sanne@example.com",
        orientationDayId: registration.orientationDay.id,
      },
    });
    const token = await mailedToken("sanne@example.com", "/login");
    const click = { body: { token }, idempotencyKey: "ga-verder:login" };
    const [a, b] = await Promise.all([
      t.call("login", click),
      t.call("login", click),
    ]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    // The token is spent all the same.
    expect(await t.call("login", { body: { token } })).toMatchObject({
      status: 401,
    });
  });

  it("never gives a login's answer to another visitor sending the same key and token", async () => {
    const { registration } = await confirmedRegistration();
    await t.ok("requestLogin", {
      body: {
        email: "sanne@example.com",
        orientationDayId: registration.orientationDay.id,
      },
    });
    const token = await mailedToken("sanne@example.com", "/login");
    const click = { body: { token }, idempotencyKey: "ga-verder:login" };
    expect(
      (await t.call("login", { ...click, anonymousId: "first" })).status,
    ).toBe(200);
    expect(
      await t.call("login", { ...click, anonymousId: "second-browser" }),
    ).toMatchObject({ status: 401 });
  });

  it("stores the same question from two visitors under the same key twice", async () => {
    const same = { body: question, idempotencyKey: KEY };
    await t.ok("supportCreate", { ...same, anonymousId: "one" });
    await t.ok("supportCreate", { ...same, anonymousId: "two" });
    expect(storedQuestions()).toBe(2);
  });

  it("keeps no refusal: its repeat is handled again", async () => {
    for (let i = 0; i < 5; i++) await t.ok("supportCreate", { body: question });
    const limited = { body: question, idempotencyKey: KEY };
    expect(await t.call("supportCreate", limited)).toMatchObject({
      status: 429,
    });
    t.clock.advanceMinutes(15);
    expect((await t.call("supportCreate", limited)).status).toBe(200);
    expect(storedQuestions()).toBe(6);
  });

  it("keeps an answer for 24 hours", async () => {
    await t.ok("supportCreate", { body: question, idempotencyKey: KEY });
    t.clock.advanceMinutes(24 * 60 - 1);
    await t.ok("supportCreate", { body: question, idempotencyKey: KEY });
    expect(storedQuestions()).toBe(1);
    t.clock.advanceMinutes(1);
    await t.ok("supportCreate", { body: question, idempotencyKey: KEY });
    expect(storedQuestions()).toBe(2);
  });

  it("refuses a malformed key with 400 and does nothing", async () => {
    for (const key of ["", "met spatie", "x".repeat(256), "sleutel\u00e9"]) {
      expect(
        await t.call("supportCreate", { body: question, idempotencyKey: key }),
      ).toMatchObject({
        status: 400,
        error: { error: "invalid idempotency key" },
      });
    }
    expect(storedQuestions()).toBe(0);
  });
});

describe("dev routes", () => {
  it("lists mail newest first as JSON and as an HTML page with links", async () => {
    await confirmedRegistration();
    const all = await mailbox();
    expect(all.map((m) => m.subject)).toEqual([
      "Je inschrijving is bevestigd",
      "Bevestig je inschrijving",
    ]);
    expect(all[0]).toMatchObject({
      id: expect.any(Number),
      to: "sanne@example.com",
      createdAt: t.clock.now().toISOString(),
    });
    const page = await fetch(`${t.server.url}/dev/mailbox`);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(`<a href="${all[1]!.links[0]}">`);
  });

  it("serves media through the renderer with cache headers, 404 when unknown", async () => {
    await t.server.close();
    t = await startTestUpstream({
      renderMedia: (path) =>
        path === "/media/logo.svg"
          ? { contentType: "image/svg+xml", body: "<svg/>" }
          : null,
    });
    const found = await fetch(`${t.server.url}/media/logo.svg`);
    expect(found.status).toBe(200);
    expect(found.headers.get("content-type")).toBe("image/svg+xml");
    expect(found.headers.get("cache-control")).toContain("max-age");
    expect(await found.text()).toBe("<svg/>");
    expect((await fetch(`${t.server.url}/media/anders.svg`)).status).toBe(404);
  });
});
