/**
 * Two workers in one container (WEB_CONCURRENCY=2, server/primary.ts, decision 0040): both serve the port, the
 * rate limits are counted once for the container, /metrics sums the workers, and SIGTERM lets a request in flight
 * finish before the primary exits 0. The production build (`npm run build` first), as the image runs it.
 */
import { readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startUpstream } from "../../scripts/processes.mjs";
import { counterSum, parseMetrics } from "../fixtures/prometheus";
import { startSentryCapture } from "../fixtures/sentry-capture";
import type { SentryCapture } from "../fixtures/sentry-capture";
import { contactQuestion } from "../fixtures/question";
import { confirmByMail, registrationFlow } from "../support/registration-flow";
import { VisitorSession } from "~/session/session.server";
import { SESSION_SECRET, send, startSite, type Site } from "../support/site";

const QUESTIONS_PER_MINUTE = 3;
const LOOKUPS_PER_HOUR = 2;

/** The pids of a process's children (Linux), here the primary's workers. */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8");
  return text.trim().split(" ").filter(Boolean).map(Number);
}

function exited(site: Site): Promise<number | null> {
  return new Promise((resolve) => {
    if (site.child.exitCode !== null) return resolve(site.child.exitCode);
    site.child.once("exit", (code) => resolve(code));
  });
}

describe("two workers behind one port", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let site: Site;
  let metricsPort: number;

  beforeAll(async () => {
    upstream = await startUpstream({
      port: await freePort(),
    });
    metricsPort = await freePort();
    site = await startSite({
      WEB_CONCURRENCY: "2",
      UPSTREAM_URL: upstream.url,
      METRICS_PORT: String(metricsPort),
      RATE_LIMIT_MESSAGES: String(QUESTIONS_PER_MINUTE),
    });
  });
  afterAll(async () => {
    await site?.stop();
    await upstream?.stop();
  });

  it("forks two workers, and /metrics counts what both answered", async () => {
    expect(childrenOf(site.child.pid!)).toHaveLength(2);
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The site answers once one worker listens; the sum needs both (on a busy machine the second is seconds later).
    await expect
      .poll(async () => (await fetch(metricsUrl)).status, { timeout: 20_000 })
      .toBe(200);
    const metrics = async () =>
      parseMetrics(await (await fetch(metricsUrl)).text());
    const before = counterSum(await metrics(), "http_requests_total", {
      route: "/health",
    });
    for (let i = 0; i < 20; i++)
      expect((await send(site, { path: "/health" })).status).toBe(200);
    // Connections go round the workers: a sum of one worker's registry would miss about half. A request is
    // counted once its answer is sent, which can be just after the client has read it: wait for the count.
    await expect
      .poll(
        async () =>
          counterSum(await metrics(), "http_requests_total", {
            route: "/health",
          }) - before,
      )
      .toBe(20);
  });

  it(`counts questions once for the container: the ${QUESTIONS_PER_MINUTE + 1}th in a minute is refused, whichever worker takes it`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= QUESTIONS_PER_MINUTE; i++)
      statuses.push(
        (
          await send(site, {
            method: "POST",
            path: "/contact",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(
              contactQuestion(`cluster-${i}`),
            ).toString(),
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(QUESTIONS_PER_MINUTE).fill(302), 429]);
  });

  it("shows the student's own change on every page after it, and a change made elsewhere on the next page, whichever worker serves them (decision 0072)", async () => {
    const flow = registrationFlow(site);
    const home = await send(site, { path: "/" });
    const day = Number(
      /name="orientationDayId" value="(\d+)"/.exec(home.text)![1],
    );
    // The add's redirect is not followed: its answer stays behind, unshown, on the worker that made it.
    const { cookie, round } = await flow.draft(day);
    // As a browser keeps it: each answer's cookies go with the next request.
    let current = cookie;
    const chosenOn = async (path: string) => {
      const shown = await flow.page(current, path);
      current = shown.cookie;
      return (shown.answer.text.match(/Geselecteerd – /g) ?? []).length;
    };
    // The page after the change (each request on a connection of its own: the workers take them in turn, so this
    // one is most likely the other worker's, leaving the change's answer unshown where it was made).
    expect(await chosenOn("/workshops")).toBe(1);

    // Elsewhere (another device, or the upstream itself): the round is emptied without this browser's cookie.
    const session = await VisitorSession.load(cookie, {
      secrets: [SESSION_SECRET],
      secure: false,
    });
    const emptied = await fetch(`${upstream.url}/v1/registration/update`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": "demo-api-key",
        "x-site-host": site.host,
        "x-anonymous-user-id": "elsewhere",
        "x-registration-id": session.registrationId!,
      },
      body: JSON.stringify({ choices: [{ round, workshop: null }] }),
    });
    expect(emptied.status).toBe(200);
    for (let i = 0; i < 6; i++) expect(await chosenOn("/workshops")).toBe(0);
  });
});

describe("the browser's error reports from two workers", () => {
  const CAP = 60;
  const POSTED = 90;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let capture: SentryCapture;
  let site: Site;
  let metricsPort: number;

  beforeAll(async () => {
    upstream = await startUpstream({ port: await freePort() });
    capture = await startSentryCapture();
    metricsPort = await freePort();
    site = await startSite({
      WEB_CONCURRENCY: "2",
      UPSTREAM_URL: upstream.url,
      METRICS_PORT: String(metricsPort),
      SENTRY_DSN: capture.dsn,
      ERROR_REPORTS_PER_MINUTE: String(CAP),
      // One client posts them all: its own budget for reports is off, the server's cap is what is tested.
      RATE_LIMIT_REPORTS: "0",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await capture?.stop();
    await upstream?.stop();
  });

  it(`send ${CAP} a minute on for the whole server, whichever worker takes them, scrubbed of addresses and phone numbers`, async () => {
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The sum needs both workers listening.
    await expect
      .poll(async () => (await fetch(metricsUrl)).status, { timeout: 20_000 })
      .toBe(200);
    const handled = async (outcome: string) =>
      counterSum(
        parseMetrics(await (await fetch(metricsUrl)).text()),
        "error_reports_total",
        { outcome },
      );
    for (let i = 0; i < POSTED; i++) {
      const answer = await send(site, {
        method: "POST",
        path: "/fouten",
        headers: {
          "content-type": "application/json",
          origin: `http://${site.host}`,
        },
        body: JSON.stringify({
          kind: "error",
          type: "TypeError",
          message: `report ${i} for leerling${i}@school.example.nl, 06-1234567${i % 10}`,
          stack: `TypeError: x\n    at send (http://${site.host}/assets/a.js:1:${i + 1})`,
          path: "/contact",
        }),
      });
      expect(answer.status).toBe(204);
    }
    // Connections go round the workers: each counting its own would let all of them through.
    await expect
      .poll(async () => (await handled("sent")) + (await handled("capped")))
      .toBe(POSTED);
    expect(await handled("sent")).toBe(CAP);
    expect(await handled("capped")).toBe(POSTED - CAP);
    await expect.poll(() => capture.events().length).toBe(CAP);
    const sent = JSON.stringify(capture.events());
    expect(sent).not.toMatch(/leerling|school\.example|1234567/);
    expect(sent).toContain("[email]");
    expect(sent).toContain("[phone]");
  });
});

describe("two workers and the lookups limit", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let site: Site;

  beforeAll(async () => {
    upstream = await startUpstream({ port: await freePort() });
    site = await startSite({
      WEB_CONCURRENCY: "2",
      UPSTREAM_URL: upstream.url,
      RATE_LIMIT_LOOKUPS: String(LOOKUPS_PER_HOUR),
    });
  });
  afterAll(async () => {
    await site?.stop();
    await upstream?.stop();
  });

  it(`counts 'already registered' once for the container: after ${LOOKUPS_PER_HOUR}, every 'Versturen' is refused, whichever worker takes it`, async () => {
    const flow = registrationFlow(site);
    const home = await send(site, { path: "/" });
    const day = Number(
      /name="orientationDayId" value="(\d+)"/.exec(home.text)![1],
    );
    const known = "cluster-bekend@example.nl";
    const first = await flow.draft(day);
    const sent = await flow.versturen(first.cookie, flow.details(known));
    expect(sent.answer.status, await flow.told(sent.answer)).toBe(302);
    const mails = (await (
      await fetch(`${upstream.url}/dev/mailbox.json?to=${known}`)
    ).json()) as { text: string }[];
    const confirmed = await confirmByMail(upstream.url, site, mails[0]!.text);
    expect(confirmed.status).toBe(200);
    // Each probe its own visitor and connection: the workers take them in turn.
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUPS_PER_HOUR + 1; i++) {
      const prober = await flow.draft(day);
      statuses.push(
        (await flow.versturen(prober.cookie, flow.details(known))).answer
          .status,
      );
    }
    expect(statuses).toEqual([...Array(LOOKUPS_PER_HOUR).fill(409), 429, 429]);
  });
});

describe("SIGTERM to the primary", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let slowUpstream: Server;

  beforeAll(async () => {
    upstream = await startUpstream({
      port: await freePort(),
    });
    // The reference upstream, each answer held back a moment, so a page request is still in flight at the signal.
    slowUpstream = createServer((incoming, outgoing) =>
      setTimeout(() => {
        const forwarded = request(
          `${upstream.url}${incoming.url}`,
          { method: incoming.method, headers: incoming.headers },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        forwarded.on("error", () => outgoing.destroy());
        incoming.pipe(forwarded);
      }, 500),
    );
    await new Promise<void>((resolve) =>
      slowUpstream.listen(0, "127.0.0.1", resolve),
    );
  });
  afterAll(async () => {
    slowUpstream?.close();
    await upstream?.stop();
  });

  it("lets the request in flight finish in its worker, then exits 0", async () => {
    const { port } = slowUpstream.address() as AddressInfo;
    const site = await startSite({
      WEB_CONCURRENCY: "2",
      UPSTREAM_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_DRAIN_SECONDS: "0",
      SHUTDOWN_TIMEOUT_SECONDS: "8",
    });
    const workers = childrenOf(site.child.pid!);
    const inFlight = send(site, { path: "/contact" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exit = exited(site);
    site.child.kill("SIGTERM");
    // Answered in full, not cut off: a cut connection rejects.
    expect((await inFlight).status).toBe(200);
    expect(await exit).toBe(0);
    expect(site.stderr()).not.toContain("worker failed to stop");
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
