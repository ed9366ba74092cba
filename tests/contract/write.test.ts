/**
 * The mutating flow, run only with CONTRACT_WRITE=true: a draft registration is created, changed and submitted
 * for confirmation, after which its own id changes nothing (403, decision 0076); another draft is deleted; one
 * address gets no more confirmation mails than the limit allows (429); and a question is sent. It uses example.com
 * addresses, which receive no mail; the registrations it sends wait unconfirmed until they expire.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpstreamClient } from "~/upstream/client.server";
import type { OrientationDay, School, Workshop } from "#contract";
import {
  answered,
  client,
  config,
  newIdentity,
  ok,
  openDayWithSchool,
  refused,
} from "./upstream";

describe.runIf(config.write)("upstream contract, writing", () => {
  const email = `contract-${randomUUID()}@example.com`;
  let day: OrientationDay;
  let school: School;
  let registered: UpstreamClient;
  let workshop: Workshop | undefined;
  let deleted = false;

  beforeAll(async () => {
    ({ day, school } = await openDayWithSchool("the write flow needs"));
    const reader = client();
    const { hash } = await ok(reader.call("registrationHash"));
    registered = client(newIdentity(hash));
  });

  afterAll(async () => {
    if (registered && !deleted)
      await registered.call("delete").catch(() => undefined);
  });

  /** A draft of the day and school with the seat taken; null when the seat is gone. */
  async function draftWithSeat(
    chosen: Workshop,
    round: number,
  ): Promise<UpstreamClient | null> {
    const { hash } = await ok(client().call("registrationHash"));
    const draft = client(newIdentity(hash));
    await ok(
      draft.call("create", {
        body: { school: school.id, orientationDay: day.id },
      }),
    );
    const taken = await answered(
      draft.call("update", {
        body: { choices: [{ round, workshop: chosen.id }] },
      }),
    );
    return taken.status === 200 ? draft : null;
  }

  const personal = (emailadres: string) => ({
    geslacht: "x" as const,
    voornaam: "Contract",
    tussenvoegsel: null,
    achternaam: "Check",
    klas: "4a",
    telefoonnummer: null,
    emailadres,
    aantalPersonen: 1 as const,
    marketingOptin: false,
    display: "Contract",
  });

  /** Picks a workshop and a round it still has a seat in; skips the test when the day has none. */
  function seat(context: { skip: (note?: string) => never }): {
    workshop: Workshop;
    round: number;
  } {
    const round = workshop?.availability.find(
      (entry) => entry.available,
    )?.round;
    if (!workshop || round === undefined)
      return context.skip("no workshop with a free seat");
    return { workshop, round };
  }

  it("refuses to create a registration for an unknown school with 404", async () => {
    const { hash } = await ok(client().call("registrationHash"));
    await refused(
      client(newIdentity(hash)).call("create", {
        body: { school: 999_999_999, orientationDay: day.id },
      }),
      404,
    );
  });

  it("creates a draft registration for a day and school", async () => {
    const registration = await ok(
      registered.call("create", {
        body: { school: school.id, orientationDay: day.id },
      }),
    );
    expect(registration.created).toBeNull();
    expect(registration.school?.id).toBe(school.id);
    expect(registration.orientationDay.id).toBe(day.id);
    expect(registration.orientationDay.rondes.map((r) => r.number)).toEqual(
      day.rondes.map((r) => r.number),
    );

    const fetched = await ok(registered.call("registration"));
    expect(fetched.school?.id).toBe(school.id);
  });

  it("lists the workshops of the registration's day and school, or answers 204 for none", async () => {
    const answer = await answered(registered.call("workshops"));
    expect([200, 204]).toContain(answer.status);
    if (answer.status === 200) {
      workshop =
        answer.data.find((w) =>
          w.availability.some((entry) => entry.available),
        ) ?? answer.data[0];
    }
  });

  it("answers one workshop by slug, its availability and its gallery", async (context) => {
    if (!workshop) return context.skip("no workshops");
    const one = await ok(
      registered.call("workshop", { params: { slug: workshop.slug } }),
    );
    expect(one.id).toBe(workshop.id);
    const availability = await ok(
      registered.call("availability", { params: { slug: workshop.slug } }),
    );
    expect(availability.map((entry) => entry.round).sort()).toEqual(
      one.availability.map((entry) => entry.round).sort(),
    );
    await ok(
      registered.call("workshopImages", { body: { workshop: workshop.id } }),
    );
  });

  it("answers 404 for an unknown workshop slug", async () => {
    await refused(
      registered.call("workshop", {
        params: { slug: "no-such-workshop-for-contract-check" },
      }),
      404,
    );
    await refused(
      registered.call("availability", {
        params: { slug: "no-such-workshop-for-contract-check" },
      }),
      404,
    );
  });

  it("sets and clears the workshop of a round", async (context) => {
    const { workshop: chosen, round } = seat(context);
    const set = await ok(
      registered.call("update", {
        body: { choices: [{ round, workshop: chosen.id }] },
      }),
    );
    expect(set.choices[String(round)]?.workshop.id).toBe(chosen.id);

    const cleared = await ok(
      registered.call("update", {
        body: { choices: [{ round, workshop: null }] },
      }),
    );
    expect(cleared.choices[String(round)] ?? null).toBeNull();
  });

  it("refuses an unknown workshop in the cart with 404", async () => {
    const round = day.rondes[0]?.number ?? 1;
    await refused(
      registered.call("update", {
        body: { choices: [{ round, workshop: 999_999_999 }] },
      }),
      404,
    );
  });

  it("removes the school and sets it again", async () => {
    const removed = await ok(registered.call("removeSchool"));
    expect(removed.school).toBeNull();
    const added = await ok(
      registered.call("addSchool", { body: { school: school.id } }),
    );
    expect(added.school?.id).toBe(school.id);
  });

  it("stores the personal data and answers a message", async (context) => {
    const { workshop: chosen, round } = seat(context);
    await ok(
      registered.call("update", {
        body: { choices: [{ round, workshop: chosen.id }] },
      }),
    );
    await ok(
      registered.call("pendingConfirmation", {
        body: {
          geslacht: "x",
          voornaam: "Contract",
          tussenvoegsel: null,
          achternaam: "Check",
          klas: "4a",
          telefoonnummer: null,
          emailadres: email,
          aantalPersonen: 1,
          marketingOptin: false,
          display: "Contract",
        },
      }),
    );
  });

  it("refuses a change through the draft's own id once it is sent (403): a change needs a login", async () => {
    const sent = await ok(registered.call("registration"));
    if (sent.emailadres !== email) return;
    await refused(
      registered.call("pendingConfirmation", {
        body: personal(`contract-other-${randomUUID()}@example.com`),
      }),
      403,
    );
    await refused(registered.call("removeSchool"), 403);
    await refused(registered.call("delete"), 403);
    deleted = true;
    const still = await ok(registered.call("registration"));
    expect(still.emailadres).toBe(email);
    expect(still.school?.id).toBe(school.id);
  });

  it("mails one address no more confirmation links than the limit allows (429, nothing sent)", async (context) => {
    const { workshop: chosen, round } = seat(context);
    const target = `contract-limit-${randomUUID()}@example.com`;
    // The reference upstream allows five in 15 minutes; any upstream must stop somewhere before twenty.
    let sent = 0;
    for (; sent < 20; sent++) {
      const draft = await draftWithSeat(chosen, round);
      if (!draft) return context.skip("no seat left for another draft");
      const call = draft.call("pendingConfirmation", {
        body: personal(target),
      });
      const answer = await call.then(
        () => null,
        (error: unknown) => error,
      );
      if (answer === null) continue;
      await refused(Promise.reject(answer), 429);
      // Refused: nothing was stored, and the draft is still the client's to delete.
      expect((await ok(draft.call("registration"))).emailadres).toBeNull();
      await ok(draft.call("delete"));
      break;
    }
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(20);
  });

  it("answers a login request with a neutral message, known address or not", async () => {
    await ok(
      client().call("requestLogin", {
        body: { email, orientationDayId: day.id },
      }),
    );
    await ok(
      client().call("requestLogin", {
        body: {
          email: `unknown-${randomUUID()}@example.com`,
          orientationDayId: day.id,
        },
      }),
    );
  });

  it("refuses unknown login and confirmation tokens with 401", async () => {
    await refused(
      client().call("login", { body: { token: `unknown-${randomUUID()}` } }),
      401,
    );
    await refused(
      client().call("confirm", { body: { token: `unknown-${randomUUID()}` } }),
      401,
    );
  });

  it("deletes a draft, after which it answers 204", async () => {
    const { hash } = await ok(client().call("registrationHash"));
    const draft = client(newIdentity(hash));
    await ok(
      draft.call("create", {
        body: { school: school.id, orientationDay: day.id },
      }),
    );
    await ok(draft.call("delete"));
    expect((await answered(draft.call("registration"))).status).toBe(204);
    expect(
      (await answered(draft.call("addSchool", { body: { school: school.id } })))
        .status,
    ).toBe(204);
    expect((await answered(draft.call("removeSchool"))).status).toBe(204);
  });

  it("accepts a question", async () => {
    await ok(
      client().call("supportCreate", {
        body: {
          name: "Contract Check",
          email,
          school: null,
          klas: null,
          questionAbout: "Overig",
          message:
            "An automated check of the upstream contract; no answer needed.",
        },
      }),
    );
  });
});
