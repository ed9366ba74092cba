/**
 * Fault suite, second part: an upstream whose answers pass for well-formed but hold values the site cannot show
 * (issue "hardening"). A small proxy in front of the reference upstream rewrites one answer at a time: a day on
 * 2026-13-01 or 2026-02-31, a round at 99:99, an intro with a code point beyond Unicode, a removal answered
 * 'unknown round'. Each must leave the page working (no 5xx), the bad item left out and reported, and the visitor's
 * registration in place.
 */
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { renderMedia } from "../../reference-upstream/demo/media";
import { createUpstreamServer } from "../../reference-upstream/server";
import type { UpstreamServer } from "../../reference-upstream/server";
import { mergeCookies, send, startSite } from "../support/site";
import type { Site } from "../support/site";

type Rewrite = (
  path: string,
  status: number,
  body: unknown,
) => { status: number; body: unknown } | undefined;

let upstream: UpstreamServer;
let proxy: Server;
let site: Site;
let rewrite: Rewrite = () => undefined;

beforeAll(async () => {
  upstream = await createUpstreamServer({
    data: buildDemoData,
    renderMedia,
    log: () => {},
  });
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (
          typeof value === "string" &&
          name !== "host" &&
          name !== "connection"
        )
          headers.set(name, value);
      const answer = await fetch(`${upstream.url}${request.url}`, {
        method: request.method,
        headers,
        body: request.method === "GET" ? undefined : Buffer.concat(chunks),
      });
      const text = await answer.text();
      let status = answer.status;
      let body = text;
      if (text) {
        const changed = rewrite(request.url ?? "", status, JSON.parse(text));
        if (changed) {
          status = changed.status;
          body = JSON.stringify(changed.body);
        }
      }
      response.writeHead(
        status,
        body ? { "content-type": "application/json" } : {},
      );
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  site = await startSite({
    UPSTREAM_URL: `http://127.0.0.1:${port}`,
    SITE_CACHE_SECONDS: "0",
  });
});

afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
  await upstream?.close();
});

const form = () => ({
  "content-type": "application/x-www-form-urlencoded",
  origin: `http://${site.host}`,
  "sec-fetch-site": "same-origin",
});

/** A visitor with a day, a school and a registration, through the site as a browser would. */
async function registeredVisitor(): Promise<string> {
  const home = await send(site, { path: "/" });
  const day = /name="orientationDayId" value="(\d+)"/.exec(home.text)![1];
  const chosen = await send(site, {
    method: "POST",
    path: "/?index",
    headers: form(),
    body: `orientationDayId=${day}`,
  });
  let cookie = mergeCookies("", chosen.headers["set-cookie"]);
  const schools = await send(site, {
    path: "/inschrijven",
    headers: { cookie },
  });
  const school = /name="school" value="(\d+)"/.exec(schools.text)![1];
  const registered = await send(site, {
    method: "POST",
    path: "/inschrijven",
    headers: { ...form(), cookie },
    body: `intent=school&school=${school}`,
  });
  cookie = mergeCookies(cookie, registered.headers["set-cookie"]);
  expect(registered.headers.location).toBe("/workshops");
  return cookie;
}

describe("an upstream with values the site cannot show", () => {
  it("Home leaves out days on dates no calendar has, and shows the rest", async () => {
    rewrite = (path, status, body) => {
      if (
        !path.includes("/orientation-days") ||
        status !== 200 ||
        !Array.isArray(body)
      )
        return undefined;
      const days = body as { date: string; rondes: { startTime: string }[] }[];
      return {
        status,
        body: days.map((day, index) =>
          index === 0
            ? { ...day, date: "2026-13-01" }
            : index === 1
              ? { ...day, date: "2026-02-31" }
              : day,
        ),
      };
    };
    const home = await send(site, { path: "/" });
    expect(home.status).toBe(200);
    expect(home.text).not.toMatch(/13-01|maart 2026/);
    expect(home.text).toMatch(/name="orientationDayId"/);
  });

  it("Home leaves out a day whose round times no clock shows", async () => {
    rewrite = (path, status, body) => {
      if (
        !path.includes("/orientation-days") ||
        status !== 200 ||
        !Array.isArray(body)
      )
        return undefined;
      const days = body as { rondes: { startTime: string }[] }[];
      return {
        status,
        body: days.map((day, index) =>
          index === 0
            ? {
                ...day,
                rondes: day.rondes.map((r) => ({ ...r, startTime: "99:99" })),
              }
            : day,
        ),
      };
    };
    const home = await send(site, { path: "/" });
    expect(home.status).toBe(200);
    expect(home.text).toMatch(/name="orientationDayId"/);
  });

  it("the workshop search reads an intro with a code point beyond Unicode", async () => {
    rewrite = () => undefined;
    const cookie = await registeredVisitor();
    rewrite = (path, status, body) => {
      if (
        !/\/workshops(\?|$)/.test(path) ||
        status !== 200 ||
        !Array.isArray(body)
      )
        return undefined;
      return {
        status,
        body: (body as { intro: string }[]).map((workshop) => ({
          ...workshop,
          intro: `${workshop.intro} &#1114112; &#x110000;`,
        })),
      };
    };
    const search = await send(site, {
      path: "/workshops?q=robot",
      headers: { cookie },
    });
    expect(search.status).toBe(200);
  });

  it("a removal answered 'unknown round' keeps the registration", async () => {
    rewrite = () => undefined;
    const cookie = await registeredVisitor();
    rewrite = (path) =>
      path.includes("/registration/update")
        ? {
            status: 404,
            body: { error: "unknown round", detail: "no round 9 on this day" },
          }
        : undefined;
    const removed = await send(site, {
      method: "POST",
      path: "/winkelwagen",
      headers: { ...form(), cookie },
      body: "intent=remove&round=9&redirectTo=%2Fworkshops",
    });
    rewrite = () => undefined;
    expect(removed.status).toBe(302);
    expect(removed.headers.location).toMatch(/^\/workshops/);
    const after = mergeCookies(cookie, removed.headers["set-cookie"]);
    const workshops = await send(site, {
      path: "/workshops",
      headers: { cookie: after },
    });
    expect(workshops.status).toBe(200);
  });

  it("GET /health.data answers without an error", async () => {
    rewrite = () => undefined;
    const answer = await send(site, { path: "/health.data" });
    expect(answer.status).toBe(200);
  });

  it("logged no error along the way", () => {
    expect(site.stderr()).toBe("");
  });
});
