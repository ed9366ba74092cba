import { mkdtempSync } from "node:fs";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ErrorEvent } from "@sentry/node-core/light";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { METHOD_NOT_ALLOWED } from "~/messages";
import { MemoryStore } from "express-rate-limit";
import type { Store } from "express-rate-limit";
import { createServerApp } from "./app";
import { reportCap } from "./error-reports";
import type { ErrorReportSink } from "./error-reports";
import { sendRequest } from "../tests/fixtures/http";
import type { Answer, Outgoing } from "../tests/fixtures/http";
import { appRouteTable } from "../tests/fixtures/routes";
import { serveForTest } from "../tests/fixtures/serve";

const CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

interface Started {
  send: (sent?: Partial<Outgoing>) => Promise<Answer>;
  sent: ErrorEvent[];
  reachedApp: () => number;
  log: string[];
}

async function start(
  env: Record<string, string> = {},
  enabled = true,
  send?: ErrorReportSink["send"],
): Promise<Started> {
  const sent: ErrorEvent[] = [];
  const log: string[] = [];
  let reached = 0;
  const clientDir = mkdtempSync(join(tmpdir(), "error-reports-"));
  mkdirSync(join(clientDir, "assets"));
  const app = createServerApp({
    handler: (_req, res) => {
      reached += 1;
      res.send("app");
    },
    clientDir,
    routes: appRouteTable(),
    config: parseEnv(env),
    log: (line) => log.push(line),
    errorReports: {
      enabled: () => enabled,
      send: send ?? ((event) => sent.push(event)),
    },
  });
  const port = await serveForTest(app);
  return {
    sent,
    log,
    reachedApp: () => reached,
    send: (outgoing = {}) =>
      sendRequest(port, {
        method: "POST",
        path: "/fouten",
        ...outgoing,
        headers: {
          host: `localhost:${port}`,
          "user-agent": CHROME,
          "content-type": "application/json",
          ...outgoing.headers,
        },
      }),
  };
}

const REPORT = {
  kind: "error",
  type: "TypeError",
  message: "x is undefined",
  stack:
    "TypeError: x is undefined\n    at Home (http://localhost/assets/home-abc.js:1:20)",
  path: "/workshops",
};
const body = (value: unknown = REPORT) => JSON.stringify(value);

describe("POST /fouten", () => {
  it("answers 204 with no-store and sends the report on as a browser event", async () => {
    const site = await start();
    const answer = await site.send({ body: body() });
    expect(answer.status).toBe(204);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.text).toBe("");
    expect(site.sent).toHaveLength(1);
    const [event] = site.sent;
    expect(event?.platform).toBe("javascript");
    expect(event?.exception?.values?.[0]).toMatchObject({
      type: "TypeError",
      value: "x is undefined",
      stacktrace: { frames: [{ function: "Home", lineno: 1, colno: 20 }] },
    });
    expect(event?.request?.url).toMatch(/^http:\/\/localhost:\d+\/workshops$/);
    expect(event?.request?.headers).toEqual({ "User-Agent": CHROME });
    expect(site.reachedApp()).toBe(0);
    // Its own label in the metrics and the log, never React Router's not-found route.
    expect(JSON.parse(site.log.at(-1)!)).toMatchObject({
      method: "POST",
      path: "/fouten",
      status: 204,
    });
  });

  it("answers 204 unread while reporting is off", async () => {
    const site = await start({}, false);
    const answer = await site.send({ body: "not even json" });
    expect(answer.status).toBe(204);
    expect(site.sent).toEqual([]);
  });

  it("drops reports from bots, scanners and Office with a 204, unsent", async () => {
    const site = await start();
    for (const agent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/4.0 (compatible; ms-office; MSOffice 16)",
      "",
    ]) {
      const answer = await site.send({
        body: body(),
        headers: { "user-agent": agent },
      });
      expect(answer.status, agent).toBe(204);
    }
    expect(site.sent).toEqual([]);
  });

  it("refuses what is no report: 400 for a bad body, 415 for another type, 413 over 16 kB", async () => {
    const site = await start();
    const cases: [Partial<Outgoing>, number][] = [
      [{ body: "{" }, 400],
      [{ body: "null" }, 400],
      [{ body: body({ ...REPORT, kind: "other" }) }, 400],
      [{ body: body({ ...REPORT, path: "https://evil.example/" }) }, 400],
      [{ body: body(), headers: { "content-type": "text/plain" } }, 415],
      [
        {
          body: body(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        },
        415,
      ],
      [{ body: body(), headers: { "content-encoding": "gzip" } }, 415],
      [{ body: body({ ...REPORT, stack: "x".repeat(17 * 1024) }) }, 413],
      [
        {
          body: body({ ...REPORT, stack: "x".repeat(17 * 1024) }),
          chunked: true,
        },
        413,
      ],
    ];
    for (const [sent, status] of cases) {
      const answer = await site.send(sent);
      expect(answer.status, JSON.stringify(sent).slice(0, 80)).toBe(status);
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
    expect(site.sent).toEqual([]);
    expect(site.reachedApp()).toBe(0);
  });

  it("answers only POST: 405 with Allow: POST otherwise", async () => {
    const site = await start();
    for (const method of ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]) {
      const answer = await site.send({ method, body: undefined });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("POST");
      if (method !== "HEAD")
        expect(answer.text).toContain(METHOD_NOT_ALLOWED.message);
    }
    expect(site.reachedApp()).toBe(0);
  });

  it("refuses reports from another origin with 403", async () => {
    const site = await start();
    for (const headers of [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ]) {
      const answer = await site.send({ body: body(), headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
    expect(site.sent).toEqual([]);
    const same = await site.send({
      body: body(),
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(same.status).toBe(204);
  });

  it("counts reports against a budget of their own, apart from the client's posts", async () => {
    const site = await start({
      RATE_LIMIT_REPORTS: "3",
      RATE_LIMIT_POSTS: "1",
    });
    for (let i = 0; i < 3; i++)
      expect((await site.send({ body: body() })).status).toBe(204);
    expect((await site.send({ body: body() })).status).toBe(429);
    expect(site.sent).toHaveLength(3);
  });

  it("sends at most ERROR_REPORTS_PER_MINUTE reports a minute, whoever sends them; the rest get their 204 unsent", async () => {
    const site = await start({
      ERROR_REPORTS_PER_MINUTE: "3",
      RATE_LIMIT_POSTS: "0",
    });
    // A bot's report is dropped by the filter and costs the cap nothing.
    await site.send({
      body: body(),
      headers: { "user-agent": "Googlebot/2.1" },
    });
    for (let i = 0; i < 5; i++)
      expect((await site.send({ body: body() })).status).toBe(204);
    expect(site.sent).toHaveLength(3);
  });

  it("sends the default 60 a minute, and every report with ERROR_REPORTS_PER_MINUTE=0", async () => {
    // The client's own budget for reports (RATE_LIMIT_REPORTS) is off: this is the server's cap.
    const capped = await start({ RATE_LIMIT_REPORTS: "0" });
    for (let i = 0; i < 61; i++) await capped.send({ body: body() });
    expect(capped.sent).toHaveLength(60);
    const open = await start({
      ERROR_REPORTS_PER_MINUTE: "0",
      RATE_LIMIT_REPORTS: "0",
    });
    for (let i = 0; i < 61; i++) await open.send({ body: body() });
    expect(open.sent).toHaveLength(61);
  });

  it("sends no address or phone number a page put in the message, the stack or the path", async () => {
    const site = await start();
    const answer = await site.send({
      body: body({
        ...REPORT,
        type: "Error sanne@example.nl",
        message: "Geen geldig nummer: 06-12345678 (sanne@example.nl)",
        stack:
          "Error: +31 6 12345678\n    at sanne@example.nl (http://localhost/assets/home-abc.js:1:20)",
        path: "/contact/sanne%40example.nl/0612345678",
      }),
    });
    expect(answer.status).toBe(204);
    const sent = JSON.stringify(site.sent);
    expect(sent).not.toMatch(/sanne|12345678/);
    expect(sent).toContain("[email]");
    expect(sent).toContain("[phone]");
  });

  it("answers 204 even when sending fails, and logs the fault", async () => {
    const site = await start({}, true, () => {
      throw new Error("sink down");
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (error: unknown) => errors.push(error);
    try {
      expect((await site.send({ body: body() })).status).toBe(204);
    } finally {
      console.error = original;
    }
    expect(String(errors[0])).toContain("sink down");
  });
});

describe("reportCap", () => {
  const failing: Store = {
    increment: () => Promise.reject(new Error("primary gone")),
    decrement: async () => {},
    resetKey: async () => {},
  };

  it("counts in the store it is given, one count for every client", async () => {
    const store = new MemoryStore();
    const underCap = reportCap(store, 2);
    expect([await underCap(), await underCap(), await underCap()]).toEqual([
      true,
      true,
      false,
    ]);
    // Another cap on the same store (another worker) counts on from there.
    expect(await reportCap(store, 2)()).toBe(false);
  });

  it("drops a report when its store fails, saying so once a minute", async () => {
    const lines: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((line: string) => lines.push(line)) as never;
    let now = 0;
    try {
      const underCap = reportCap(failing, 60, () => now);
      expect(await underCap()).toBe(false);
      expect(await underCap()).toBe(false);
      now = 60_000;
      expect(await underCap()).toBe(false);
    } finally {
      process.stdout.write = write;
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("error reports over the cap");
  });

  it("lets everything through when switched off", async () => {
    expect(await reportCap(failing, 0)()).toBe(true);
  });
});
