/**
 * How many upstream calls a page view costs, counted by a proxy between the production build and the reference
 * upstream: the site's shared data comes from the per-site cache (decision 0021) and a day's workshops from one
 * shared answer (decision 0072), so a student's /workshops view and a workshop's page ask only for the registration
 * (a workshop's images are the same for everyone and come from the site's cache; seats left come with the day's
 * workshops), and Home with a warm cache only for the registration. The seats open workshop pages follow (decision 0053) cost one call per
 * workshop for all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy } from "../../scripts/counting-proxy";
import type { CountingProxy } from "../../scripts/counting-proxy";
import { flowVisitor } from "../../scripts/flow-visitor";
import type { FlowVisitor } from "../../scripts/flow-visitor";
import { freePort, startUpstream } from "../../scripts/processes.mjs";
import { startSite } from "../support/site";
import type { Site } from "../support/site";

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: CountingProxy;
let site: Site;
let appUrl: string;
let visitor: FlowVisitor;

beforeAll(async () => {
  upstream = await startUpstream({
    port: await freePort(),
  });
  proxy = await startProxy(upstream.url);
  // A day's shared workshops stay for the suite (5 s by default): a slow machine must not refill them mid-test.
  site = await startSite({
    UPSTREAM_URL: proxy.url,
    SEATS_CACHE_SECONDS: "300",
  });
  appUrl = `http://${site.host}`;
  visitor = await flowVisitor(appUrl);
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await proxy?.close();
  await upstream?.stop();
});

/** The upstream calls (by their contract name) one view of `path` makes, with the visitor's cookie. */
async function callsOf(path: string, cookie: string): Promise<string[]> {
  const before = proxy.calls.length;
  const answer = await fetch(`${appUrl}${path}`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  await answer.text();
  return proxy.calls.slice(before);
}

describe("upstream calls per view", () => {
  it("/workshops asks for the registration only: the day's workshops are one shared answer (decision 0072)", async () => {
    await callsOf("/workshops", visitor.cookie);
    expect(await callsOf("/workshops", visitor.cookie)).toEqual([
      "registration",
    ]);
    // Another student of the same day and school shares the list too.
    const other = await flowVisitor(appUrl);
    expect(await callsOf("/workshops", other.cookie)).toEqual(["registration"]);
  });

  it("/workshop/{slug} asks for the registration only: the workshop comes from the day's list, its images once for every visitor", async () => {
    const path = `/workshop/${visitor.slug}`;
    await callsOf(path, visitor.cookie);
    expect(await callsOf(path, visitor.cookie)).toEqual(["registration"]);
    const other = await flowVisitor(appUrl);
    expect(await callsOf(path, other.cookie)).toEqual(["registration"]);
  });

  it("Home with a warm cache asks for the registration only, and nothing without one", async () => {
    await callsOf("/", visitor.cookie);
    expect(await callsOf("/", visitor.cookie)).toEqual(["registration"]);
    expect(await callsOf("/", "")).toEqual([]);
  });

  it("the site's shared data is asked for once, however many visitors come", async () => {
    const before = proxy.calls.length;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${appUrl}/contact`).then((answer) => answer.text()),
      ),
    );
    const locations = proxy.calls
      .slice(before)
      .filter((call) => call === "locations");
    expect(locations.length).toBeLessThanOrEqual(1);
  });

  it("the seats open workshop pages follow cost one availability call for every page of the day, and the one registration read that checks its day (decision 0057)", async () => {
    const others = await Promise.all(
      Array.from({ length: 4 }, () => flowVisitor(appUrl)),
    );
    const before = proxy.calls.length;
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
    expect(proxy.calls.slice(before).toSorted()).toEqual([
      "availability",
      "registration",
    ]);
  });
});
