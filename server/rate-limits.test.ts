import express from "express";
import { describe, expect, it } from "vitest";
import { DEV_SESSION_SECRET, parseEnv } from "~/env.server";
import { createSignedCookie } from "~/lib/signed-cookie.server";
import { rateLimits, visitorIdReader } from "./rate-limits";
import { sendRequest } from "../tests/fixtures/http";
import { appRouteTable } from "../tests/fixtures/routes";
import { serveForTest } from "../tests/fixtures/serve";

/** A session cookie as the app signs it, holding an anonymous id. */
async function sessionCookie(
  anonymousUserId: string,
  secret = DEV_SESSION_SECRET,
): Promise<string> {
  const setCookie = await createSignedCookie("session", {
    secrets: [secret],
  }).serialize({ anonymousUserId });
  return setCookie.split(";")[0]!;
}

/**
 * The limits in front of a stand-in app that answers 200, or 409 for a 'Versturen' whose address is "known"
 * (the reference upstream's "already registered").
 */
async function start(env: Record<string, string> = {}) {
  const limits = rateLimits(parseEnv(env), appRouteTable());
  const app = express();
  app.post("/fouten", ...limits.reports, (_req, res) => {
    res.status(204).end();
  });
  app.use(limits.forms);
  app.use((req, res) => {
    res.status(req.get("x-known") ? 409 : 200).send("app");
  });
  const port = await serveForTest(app);
  return async (
    path: string,
    headers: Record<string, string> = {},
  ): Promise<number> =>
    (
      await sendRequest(port, {
        method: "POST",
        path,
        headers: {
          host: `localhost:${port}`,
          "content-type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body: "x=1",
      })
    ).status;
}

/** The posts of one whole registration: a day, a school, a workshop in each of four rounds, 'Versturen'. */
const REGISTRATION = [
  "/",
  "/inschrijven",
  "/winkelwagen",
  "/winkelwagen",
  "/winkelwagen",
  "/winkelwagen",
  "/inschrijving-afronden",
];

describe("rate limits that follow the visitor", () => {
  it("let sixty students at one address each send a whole registration within the minute (defaults)", async () => {
    const post = await start();
    const cookies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sessionCookie(`student-${i}`)),
    );
    const statuses: number[] = [];
    // Step by step, all students at once: 420 posts from one address.
    for (const path of REGISTRATION)
      statuses.push(
        ...(await Promise.all(cookies.map((cookie) => post(path, { cookie })))),
      );
    expect(statuses).toHaveLength(420);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
  });

  it("stop one visitor hammering a form, and leave the others at the address their budget", async () => {
    const post = await start({ RATE_LIMIT_VISITOR_POSTS: "5" });
    const cookie = await sessionCookie("hammer");
    for (let i = 0; i < 5; i++)
      expect(await post("/favorieten", { cookie })).toBe(200);
    expect(await post("/favorieten", { cookie })).toBe(429);
    expect(
      await post("/favorieten", { cookie: await sessionCookie("classmate") }),
    ).toBe(200);
  });

  it("hold a client that starts a new session (or none, or a forged one) for each post at the address ceiling", async () => {
    const post = await start({
      RATE_LIMIT_POSTS: "20",
      RATE_LIMIT_VISITOR_POSTS: "5",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const cookie =
        i % 3 === 0
          ? await sessionCookie(`fresh-${i}`)
          : i % 3 === 1
            ? await sessionCookie(`forged-${i}`, "not the site's secret at all")
            : "";
      statuses.push(await post("/winkelwagen", cookie ? { cookie } : {}));
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });

  it("count 'Versturen' as a message post: one visitor gets a handful, the address its ceiling", async () => {
    const post = await start({
      RATE_LIMIT_VISITOR_MESSAGES: "2",
      RATE_LIMIT_MESSAGES: "4",
    });
    const cookie = await sessionCookie("sender");
    expect(await post("/inschrijving-afronden", { cookie })).toBe(200);
    expect(await post("/inschrijving-afronden", { cookie })).toBe(200);
    expect(await post("/inschrijving-afronden", { cookie })).toBe(429);
    // Other posts are not messages: the cart still answers.
    expect(await post("/winkelwagen", { cookie })).toBe(200);
    expect(await post("/contact", { cookie: await sessionCookie("b") })).toBe(
      200,
    );
    expect(await post("/contact", { cookie: await sessionCookie("c") })).toBe(
      200,
    );
    expect(await post("/contact", { cookie: await sessionCookie("d") })).toBe(
      429,
    );
  });

  it("give the browser's error reports a budget of their own", async () => {
    const post = await start({
      RATE_LIMIT_REPORTS: "2",
      RATE_LIMIT_POSTS: "2",
    });
    expect(await post("/fouten")).toBe(204);
    expect(await post("/fouten")).toBe(204);
    expect(await post("/fouten")).toBe(429);
    // The posts' budget is untouched by the reports.
    expect(await post("/winkelwagen")).toBe(200);
    expect(await post("/winkelwagen")).toBe(200);
    expect(await post("/winkelwagen")).toBe(429);
  });
});

describe("registered addresses are not a lookup service", () => {
  it("answer an address's 'already registered' at most RATE_LIMIT_LOOKUPS times, then refuse every 'Versturen' alike", async () => {
    const post = await start({ RATE_LIMIT_LOOKUPS: "3" });
    const send = (known: boolean) =>
      post("/inschrijving-afronden", {
        cookie: `fresh-${Math.random()}`,
        ...(known ? { "x-known": "1" } : {}),
      });
    // Unknown addresses that register count nothing.
    for (let i = 0; i < 5; i++) expect(await send(false)).toBe(200);
    for (let i = 0; i < 3; i++) expect(await send(true)).toBe(409);
    // The fourth lookup, and every 'Versturen' after it, whatever the address: one answer.
    await expect.poll(() => send(true)).toBe(429);
    expect(await send(false)).toBe(429);
    // Other forms go on.
    expect(await post("/winkelwagen")).toBe(200);
  });

  it("do not refuse sixty students who send at the same moment (only answered 409s count)", async () => {
    const post = await start({ RATE_LIMIT_LOOKUPS: "3" });
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async (_, i) =>
        post("/inschrijving-afronden", {
          cookie: await sessionCookie(`s-${i}`),
        }),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe("visitorIdReader", () => {
  it("reads the anonymous id of a session signed with one of the secrets, and nothing else", async () => {
    const read = visitorIdReader([
      "old secret, still read",
      DEV_SESSION_SECRET,
    ]);
    expect(await read(await sessionCookie("abc"))).toBe("abc");
    expect(await read(`other=1; ${await sessionCookie("abc")}`)).toBe("abc");
    expect(await read(await sessionCookie("abc", "another secret"))).toBe(null);
    expect(await read(await sessionCookie("x".repeat(201)))).toBe(null);
    expect(await read("session=garbage")).toBe(null);
    expect(await read(undefined)).toBe(null);
    expect(await read("")).toBe(null);
  });
});
