/**
 * A client that keeps what it was given (issue 43), against the production build and the reference upstream with
 * the demo data, without JavaScript: the cookie from before 'Versturen' changes nothing once the registration is
 * sent, pending or confirmed, and mails nobody (decision 0076); and 'Versturen' is no way to learn who is
 * registered: one client address hears 'already registered' a few times (here RATE_LIMIT_LOOKUPS=3), after which
 * every 'Versturen' from it gets one answer, and a draft answered so three times is gone (decisions 0075, 0076).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, REFUSAL_PAGES } from "~/messages";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { renderMedia } from "../../reference-upstream/demo/media";
import { createUpstreamServer } from "../../reference-upstream/server";
import type { UpstreamServer } from "../../reference-upstream/server";
import { confirmByMail, registrationFlow } from "../support/registration-flow";
import { send, startSite } from "../support/site";
import type { Site } from "../support/site";

let upstream: UpstreamServer;
let site: Site;
let day: number;
let flow: ReturnType<typeof registrationFlow>;

beforeAll(async () => {
  upstream = await createUpstreamServer({
    data: buildDemoData,
    renderMedia,
    log: () => {},
  });
  site = await startSite({
    UPSTREAM_URL: upstream.url,
    RATE_LIMIT_LOOKUPS: "3",
  });
  const home = await send(site, { path: "/" });
  day = Number(/name="orientationDayId" value="(\d+)"/.exec(home.text)![1]);
  flow = registrationFlow(site);
});

afterAll(async () => {
  await site?.stop();
  await upstream?.close();
});

function stored(email: string) {
  return upstream.db
    .prepare(
      `SELECT r.voornaam, r.telefoonnummer, r.aantal_personen AS party, r.status,
       (SELECT COUNT(*) FROM choices c WHERE c.registration_id = r.id) AS choices
       FROM registrations r WHERE r.emailadres = ?`,
    )
    .all(email);
}

function confirmationMails(email: string): { text: string }[] {
  return upstream.db
    .prepare(
      "SELECT text FROM outbox WHERE recipient = ? AND subject = 'Bevestig je inschrijving'",
    )
    .all(email) as { text: string }[];
}

const draft = () => flow.draft(day);
const versturen: ReturnType<typeof registrationFlow>["versturen"] = (...args) =>
  flow.versturen(...args);
const post: ReturnType<typeof registrationFlow>["post"] = (...args) =>
  flow.post(...args);
const page: ReturnType<typeof registrationFlow>["page"] = (...args) =>
  flow.page(...args);
const details: ReturnType<typeof registrationFlow>["details"] = (...args) =>
  flow.details(...args);
const told: ReturnType<typeof registrationFlow>["told"] = (...args) =>
  flow.told(...args);
const freeRounds: ReturnType<typeof registrationFlow>["freeRounds"] = (
  ...args
) => flow.freeRounds(...args);

describe("the cookie from before 'Versturen'", () => {
  it("changes nothing once the registration is sent, pending or confirmed, and mails nobody", async () => {
    const email = "overdracht@example.nl";
    const { cookie: before, slugs, round: chosen } = await draft();
    const sent = await versturen(before, details(email));
    expect(sent.answer.status).toBe(302);
    expect(await told(sent.answer)).toContain(MESSAGES.registeredNew);
    const original = stored(email);
    expect(original).toEqual([
      {
        voornaam: "Sanne",
        telefoonnummer: "0612345678",
        party: 1,
        status: "pending",
        choices: 1,
      },
    ]);

    /** Every change a script could try with the old cookie: each is refused and said in Dutch. */
    const tryChanges = async () => {
      const other = slugs[0]!;
      const shown = await page(before, `/workshop/${other}`);
      const round = freeRounds(shown.answer.text)[0] ?? 1;
      const attempts = [
        await post(before, `/workshop/${other}`, {
          round: String(round),
          idempotencyKey: crypto.randomUUID(),
        }),
        await post(before, "/winkelwagen", {
          intent: "remove",
          round: String(chosen),
          idempotencyKey: crypto.randomUUID(),
        }),
        await versturen(before, {
          ...details(email, "Iemand"),
          aantalPersonen: "2",
          telefoonnummer: "0687654321",
        }),
      ];
      for (const { answer } of attempts) {
        expect(answer.status).toBeLessThan(500);
        expect(await told(answer)).toContain(MESSAGES.registrationSent);
      }
      // 'Versturen' of a sent registration forgets it and goes home, as any refusal of the form does.
      expect(attempts[2]!.answer.status).toBe(302);
      expect(attempts[2]!.answer.headers.location).toBe("/");
    };

    await tryChanges();
    expect(stored(email)).toEqual(original);
    // However often it is posted: the one confirmation mail of the real 'Versturen', no more.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        versturen(before, details(email, "Spam")),
      ),
    );
    expect(confirmationMails(email)).toHaveLength(1);
    expect(stored(email)).toEqual(original);

    // Confirmed by the mailed link: still nothing through the old cookie.
    const confirmed = await confirmByMail(
      upstream.url,
      site,
      confirmationMails(email)[0]!.text,
    );
    expect(confirmed.status).toBe(200);
    await tryChanges();
    expect(stored(email)).toEqual([{ ...original[0], status: "created" }]);
  });
});

describe("registered addresses are not a lookup service", () => {
  it("says 'already registered' to one client address three times, then answers every 'Versturen' alike; the draft tried three times is gone", async () => {
    const known = "bekend@example.nl";
    const first = await draft();
    expect((await versturen(first.cookie, details(known))).answer.status).toBe(
      302,
    );
    await confirmByMail(upstream.url, site, confirmationMails(known)[0]!.text);

    const prober = await draft();
    const drafts = () =>
      upstream.db
        .prepare(
          "SELECT COUNT(*) AS n FROM registrations WHERE status = 'draft'",
        )
        .get() as { n: number };
    const draftsBefore = drafts().n;
    for (let i = 0; i < 3; i++) {
      // The second as the page sends it with JavaScript (a data request): it counts alike.
      const { answer } =
        i === 1
          ? await post(prober.cookie, "/inschrijving-afronden.data", {
              ...details(known),
              idempotencyKey: crypto.randomUUID(),
            })
          : await versturen(prober.cookie, details(known));
      expect(answer.status).toBe(409);
      expect(await told(answer)).toContain(MESSAGES.alreadyRegistered);
    }
    // The draft answered three times is gone, with its seat.
    expect(drafts().n).toBe(draftsBefore - 1);

    // From here on every 'Versturen' from this address is answered alike, registered address or not.
    const fresh = await draft();
    const unknown = await versturen(fresh.cookie, details("nieuw@example.nl"));
    const again = await versturen(fresh.cookie, details(known));
    for (const { answer } of [unknown, again]) {
      expect(answer.status).toBe(429);
      expect(answer.text).toContain(REFUSAL_PAGES.tooManyRequests.title);
    }
    expect(unknown.answer.text).toBe(again.answer.text);
    expect(stored("nieuw@example.nl")).toEqual([]);
  });
});
