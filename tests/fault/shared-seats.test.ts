/**
 * The seats an open workshop page follows (`/workshop/{slug}/plaatsen`, decision 0053) against the reference
 * upstream with the demo data, where 'bouwkunde' is held on two days of one site with other seats on each
 * (issue 34). Without a live registration the upstream answers for the slug's first upcoming day, so such a request
 * must never fill the answer shared by the visitors of another day (decision 0057).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { renderMedia } from "../../reference-upstream/demo/media";
import { createUpstreamServer } from "../../reference-upstream/server";
import type { UpstreamServer } from "../../reference-upstream/server";
import { mergeCookies, send, sessionCookie, startSite } from "../support/site";
import type { Site } from "../support/site";

const SLUG = "bouwkunde";

let upstream: UpstreamServer;
let site: Site;
/** The localhost site's days, as Home lists them: the spring day, then the afternoon. */
let days: number[] = [];

beforeAll(async () => {
  upstream = await createUpstreamServer({
    data: buildDemoData,
    renderMedia,
    log: () => {},
  });
  site = await startSite({ UPSTREAM_URL: upstream.url });
  const home = await send(site, { path: "/" });
  days = [...home.text.matchAll(/name="orientationDayId" value="(\d+)"/g)]
    .map((match) => Number(match[1]))
    .filter((day, index, all) => all.indexOf(day) === index);
});

afterAll(async () => {
  await site?.stop();
  await upstream?.close();
});

const form = (cookie = "") => ({
  "content-type": "application/x-www-form-urlencoded",
  origin: `http://${site.host}`,
  "sec-fetch-site": "same-origin",
  ...(cookie ? { cookie } : {}),
});

/** A visitor with a live registration on the day: day and school chosen through the site's forms. */
async function registeredOn(day: number): Promise<string> {
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
  const school = /name="school" value="(\d+)"/.exec(schools.text)?.[1];
  const withSchool = await send(site, {
    method: "POST",
    path: "/inschrijven",
    headers: form(cookie),
    body: `intent=school&school=${school}`,
  });
  cookie = mergeCookies(cookie, withSchool.headers["set-cookie"]);
  const list = await send(site, { path: "/workshops", headers: { cookie } });
  expect(list.status).toBe(200);
  return mergeCookies(cookie, list.headers["set-cookie"]);
}

async function seats(cookie: string) {
  const answer = await send(site, {
    path: `/workshop/${SLUG}/plaatsen`,
    headers: { cookie },
  });
  return {
    status: answer.status,
    availability: (
      JSON.parse(answer.text) as {
        availability: { round: number; available: boolean }[] | null;
      }
    ).availability,
  };
}

describe("seats of a workshop held on two days (issue 34)", () => {
  it("are never shared from an answer for another day: a visitor without a live registration fills nothing", async () => {
    const afternoon = days[1]!;
    // A session naming the afternoon but holding no registration (after 'Uitloggen', an expired draft, on purpose):
    // the upstream would answer with the spring day's seats, where round 1 is open.
    const dayOnly = await sessionCookie({ orientationDayId: afternoon });
    expect(await seats(dayOnly)).toEqual({ status: 409, availability: null });

    // A visitor of the afternoon with a live registration: the afternoon's seats, round 1 full.
    const visitor = await registeredOn(afternoon);
    const live = await seats(visitor);
    expect(live.status).toBe(200);
    expect(live.availability?.find((entry) => entry.round === 1)).toEqual(
      expect.objectContaining({ available: false }),
    );

    // Now shared with every visitor of the afternoon, the one without a registration included.
    expect(await seats(dayOnly)).toEqual(live);
  });
});
