/**
 * Read-only checks: safe against any upstream, production included. Every answer is parsed by the contract's
 * schemas inside the client, so a passing call is a conforming answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { OrientationDay } from "#contract";
import { answered, client, config, newIdentity, ok, refused } from "./upstream";

describe("upstream contract, reading", () => {
  const upstream = client();
  let days: OrientationDay[] = [];

  beforeAll(async () => {
    days = await ok(upstream.call("orientationDays"));
  });

  it("answers the settings", async () => {
    await ok(upstream.call("settings"));
  });

  it("answers the home page and the thank-you page", async () => {
    await ok(upstream.call("page", { params: { slug: "home" } }));
    await ok(
      upstream.call("page", { params: { slug: "inschrijfformulier_bedankt" } }),
    );
  });

  it("answers 404 for an unknown page", async () => {
    await refused(
      upstream.call("page", {
        params: { slug: "no-such-page-for-contract-check" },
      }),
      404,
    );
  });

  it("lists the available orientation days with their rounds", () => {
    for (const day of days) {
      const numbers = day.rondes.map((ronde) => ronde.number);
      expect(
        new Set(numbers).size,
        `day ${day.id} has duplicate round numbers`,
      ).toBe(numbers.length);
    }
  });

  it("lists the school logos", async () => {
    await ok(upstream.call("schoolLogos"));
  });

  it("lists the schools of the first orientation day, or answers 204 for no events", async (context) => {
    const [day] = days;
    if (!day) return context.skip("the site has no orientation days");
    const answer = await answered(
      upstream.call("schools", { query: { orientationDay: day.id } }),
    );
    expect([200, 204]).toContain(answer.status);
  });

  it("lists the locations", async () => {
    await ok(upstream.call("locations"));
  });

  it("hands out a fresh registration id each time", async () => {
    const first = await ok(upstream.call("registrationHash"));
    const second = await ok(upstream.call("registrationHash"));
    expect(first.hash).not.toBe(second.hash);
  });

  it("answers 204 for the registration of a fresh registration id", async () => {
    const { hash } = await ok(upstream.call("registrationHash"));
    const answer = await answered(
      client(newIdentity(hash)).call("registration"),
    );
    expect(answer.status).toBe(204);
  });

  it("answers 204 for the registration when no registration id is sent", async () => {
    const answer = await answered(upstream.call("registration"));
    expect(answer.status).toBe(204);
  });

  it("serves the /media/ pictures it refers to as images, without an API key", async () => {
    const settings = await ok(upstream.call("settings"));
    const logos = await ok(upstream.call("schoolLogos"));
    const locations = await ok(upstream.call("locations"));
    const pictures = [
      settings.logo,
      ...logos.map((logo) => logo.logo),
      ...locations.map((location) => location.afbeelding),
    ];
    const mediaPaths = [
      ...new Set(
        pictures.filter(
          (picture): picture is string =>
            picture?.startsWith("/media/") ?? false,
        ),
      ),
    ];
    // A handful is enough to show the route works; the upstream may hold many.
    for (const path of mediaPaths.slice(0, 5)) {
      const response = await fetch(config.baseUrl.replace(/\/+$/, "") + path);
      await response.body?.cancel();
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toMatch(/^image\//);
    }
  });

  it("refuses a wrong API key with 401", async () => {
    await refused(
      client(newIdentity(), "wrong-api-key-for-contract-check").call(
        "settings",
      ),
      401,
    );
  });
});
