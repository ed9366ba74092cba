import { afterEach, describe, expect, it } from "vitest";
import { startTestUpstream } from "../tests/fixtures/reference-upstream";
import type { TestUpstream } from "../tests/fixtures/reference-upstream";

let t: TestUpstream | undefined;

afterEach(async () => {
  await t?.server.close();
  t = undefined;
});

async function addWorkshop(upstream: TestUpstream, body: unknown) {
  return fetch(new URL("/dev/test/workshop", upstream.server.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("POST /dev/test/workshop", () => {
  it("is not served unless test hooks are on", async () => {
    t = await startTestUpstream();
    const response = await addWorkshop(t, {
      orientationDay: t.ids().days.open,
      slug: "laatste-plek",
      display: "Laatste plek",
      seats: { "1": 1 },
    });
    expect(response.status).toBe(404);
  });

  it("adds a workshop with the given seats, which the day then offers", async () => {
    t = await startTestUpstream({ testHooks: true });
    const response = await addWorkshop(t, {
      orientationDay: t.ids().days.open,
      slug: "laatste-plek",
      display: "Laatste plek",
      seats: { "1": 1 },
    });
    expect(response.status).toBe(200);

    const first = await t.draft();
    const workshop = await t.ok("workshop", {
      registrationId: first.id,
      params: { slug: "laatste-plek" },
    });
    expect(workshop.availability.find((entry) => entry.round === 1)).toEqual({
      round: 1,
      available: true,
      seatsLeft: 1,
    });
    await t.ok("update", {
      registrationId: first.id,
      body: { choices: [{ round: 1, workshop: workshop.id }] },
    });
    const second = await t.draft();
    const full = await t.call("update", {
      registrationId: second.id,
      body: { choices: [{ round: 1, workshop: workshop.id }] },
    });
    expect(full.status).toBe(409);
  });

  it("refuses an unknown day and a malformed body", async () => {
    t = await startTestUpstream({ testHooks: true });
    expect(
      (
        await addWorkshop(t, {
          orientationDay: 9999,
          slug: "x",
          display: "X",
          seats: {},
        })
      ).status,
    ).toBe(404);
    expect((await addWorkshop(t, { slug: "../x" })).status).toBe(400);
  });
});
