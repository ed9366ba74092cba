/**
 * How many upstream calls a page view costs, counted by a proxy between the production build and the reference
 * upstream: the site's shared data comes from the per-site cache (decision 0021) and a day's workshops from one
 * shared answer (decision 0072), so a student's /workshops view and a workshop's page ask only for the registration
 * (a workshop's images are the same for everyone and come from the site's cache; seats left come with the day's
 * workshops), and Home with a warm cache only for the registration. The seats open workshop pages follow (decision 0053) cost one call per
 * workshop for all of them.
 */
import { createServer, request } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowVisitor } from "../../scripts/flow-visitor";
import type { FlowVisitor } from "../../scripts/flow-visitor";
import { freePort, startUpstream } from "../../scripts/processes.mjs";
import { startSite } from "../support/site";
import type { Site } from "../support/site";

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: Server;
let site: Site;
let appUrl: string;
let visitor: FlowVisitor;
/** Paths of the API calls the proxy passed on, in order. */
const calls: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream({
    port: await freePort(),
  });
  const target = new URL(upstream.url);
  proxy = createServer((incoming, outgoing) => {
    calls.push(`${incoming.method} ${incoming.url}`);
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  site = await startSite({ UPSTREAM_URL: `http://127.0.0.1:${port}` });
  appUrl = `http://${site.host}`;
  visitor = await flowVisitor(appUrl);
}, 60_000);

afterAll(async () => {
  await site?.stop();
  proxy?.close();
  await upstream?.stop();
});

/** The upstream calls one view of `path` makes, with the visitor's cookie. */
async function callsOf(path: string, cookie: string): Promise<string[]> {
  const before = calls.length;
  const answer = await fetch(`${appUrl}${path}`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  await answer.text();
  return calls.slice(before).map((call) => call.replace(/\?.*$/, ""));
}

describe("upstream calls per view", () => {
  it("/workshops asks for the registration only: the day's workshops are one shared answer (decision 0072)", async () => {
    await callsOf("/workshops", visitor.cookie);
    expect(await callsOf("/workshops", visitor.cookie)).toEqual([
      "GET /v1/registration",
    ]);
    // Another student of the same day and school shares the list too.
    const other = await flowVisitor(appUrl);
    expect(await callsOf("/workshops", other.cookie)).toEqual([
      "GET /v1/registration",
    ]);
  });

  it("/workshop/{slug} asks for the registration only: the workshop comes from the day's list, its images once for every visitor", async () => {
    const path = `/workshop/${visitor.slug}`;
    await callsOf(path, visitor.cookie);
    expect(await callsOf(path, visitor.cookie)).toEqual([
      "GET /v1/registration",
    ]);
    const other = await flowVisitor(appUrl);
    expect(await callsOf(path, other.cookie)).toEqual(["GET /v1/registration"]);
  });

  it("Home with a warm cache asks for the registration only, and nothing without one", async () => {
    await callsOf("/", visitor.cookie);
    expect(await callsOf("/", visitor.cookie)).toEqual([
      "GET /v1/registration",
    ]);
    expect(await callsOf("/", "")).toEqual([]);
  });

  it("the site's shared data is asked for once, however many visitors come", async () => {
    const before = calls.length;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${appUrl}/contact`).then((answer) => answer.text()),
      ),
    );
    const locations = calls
      .slice(before)
      .filter((call) => call.startsWith("GET /v1/locations"));
    expect(locations.length).toBeLessThanOrEqual(1);
  });

  it("the seats open workshop pages follow cost one availability call for every page of the day, and the one registration read that checks its day (decision 0057)", async () => {
    const others = await Promise.all(
      Array.from({ length: 4 }, () => flowVisitor(appUrl)),
    );
    const before = calls.length;
    await Promise.all(
      [visitor, ...others, visitor, ...others].map((page) =>
        fetch(`${appUrl}/workshop/${visitor.slug}/plaatsen`, {
          headers: { cookie: page.cookie },
        }).then(async (answer) => {
          expect(answer.status).toBe(200);
          await answer.text();
        }),
      ),
    );
    // The filling request's registration is read beside the seats, in either order.
    expect(calls.slice(before).toSorted()).toEqual([
      "GET /v1/registration",
      `GET /v1/workshops/${visitor.slug}/availability`,
    ]);
  });
});
