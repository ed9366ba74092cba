/**
 * The data requests of React Router 8 against the production build (decision 0054): their URLs are trailing-slash
 * aware (`/x/_.data` for `/x/`, `/_.data` for the home page, no more `/_root.data`), and every part of the server
 * that reads a request's path (the cache headers, the rate-limit route table, the metrics' route label) takes a
 * data request for the page it belongs to, however it is spelled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { renderMedia } from "../../reference-upstream/demo/media";
import { createUpstreamServer } from "../../reference-upstream/server";
import type { UpstreamServer } from "../../reference-upstream/server";
import { freePort } from "../../scripts/processes.mjs";
import { parseMetrics } from "../fixtures/prometheus";
import { send, sessionCookie, startSite } from "../support/site";
import type { Site } from "../support/site";

let upstream: UpstreamServer;
let site: Site;
let metricsPort: number;
beforeAll(async () => {
  upstream = await createUpstreamServer({
    data: buildDemoData,
    renderMedia,
    log: () => {},
  });
  metricsPort = await freePort();
  site = await startSite({
    UPSTREAM_URL: upstream.url,
    METRICS_PORT: String(metricsPort),
    // One question a minute per address: the second reaches the limit, whichever spelling it took.
    RATE_LIMIT_MESSAGES: "1",
  });
});
afterAll(async () => {
  await site?.stop();
  await upstream?.close();
});

describe("data request URLs", () => {
  it("are `/_.data` for the home page; `/_root.data` is an unknown page now", async () => {
    const home = await send(site, { path: "/_.data" });
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(home.text).toContain("root");
    const old = await send(site, { path: "/_root.data" });
    expect(old.status).toBe(404);
  });

  it("with or without a trailing slash, get the cache headers of their page", async () => {
    const cookie = await sessionCookie({ orientationDayId: 1 });
    for (const path of ["/workshops.data", "/workshops/_.data"]) {
      const answer = await send(site, { path, headers: { cookie } });
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.headers["cache-control"], path).toBe("private, no-cache");
    }
    for (const path of [
      "/inschrijving-afronden.data",
      "/inschrijving-afronden/_.data",
    ]) {
      const answer = await send(site, { path });
      expect(answer.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("count as posts to the page they belong to for the rate limits", async () => {
    const statuses: number[] = [];
    for (const path of ["/contact/_.data", "/CONTACT.data"])
      statuses.push(
        (
          await send(site, {
            method: "POST",
            path,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: "name=",
          })
        ).status,
      );
    // The first is answered (a form with errors), the second is over the limit for questions.
    expect(statuses[0]).not.toBe(429);
    expect(statuses[1]).toBe(429);
  });

  it("are labelled in the metrics with their page's route, never their raw path", async () => {
    const workshopRequests = async () => {
      const metrics = parseMetrics(
        await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
      );
      const samples = metrics.get("http_requests_total")?.metrics ?? [];
      for (const sample of samples)
        expect(sample.labels?.route).not.toMatch(/\.data|robots/);
      return samples
        .filter((sample) => sample.labels?.route === "/workshop/:slug")
        .reduce((sum, sample) => sum + Number(sample.value), 0);
    };
    const before = await workshopRequests();
    await send(site, { path: "/workshop/robots-bouwen/_.data" });
    await send(site, { path: "/workshop/robots-bouwen.data" });
    // Counted once each answer is sent, which can be just after the client has read it.
    await expect.poll(workshopRequests).toBe(before + 2);
  });
});
