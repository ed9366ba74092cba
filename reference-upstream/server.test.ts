import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { siteNameOf, siteUrlFrom } from "./app";
import { parseUpstreamEnv } from "./config";
import { openDatabase } from "./db";
import { startTestUpstream } from "../tests/fixtures/reference-upstream";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upstream-test-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, "nested", "upstream.sqlite");
}

describe("database file", () => {
  it("migrates once, keeps data across restarts, seeds only when empty, and starts afresh with reset", async () => {
    const file = tempFile();
    let t = await startTestUpstream({ db: file });
    cleanups.push(() => t.server.close());
    const { id } = await t.draft();
    await t.server.close();

    const db = openDatabase(file);
    const pragma = (name: string) =>
      Object.values(db.prepare(`PRAGMA ${name}`).get()!)[0];
    expect(pragma("user_version")).toBe(4);
    expect(pragma("journal_mode")).toBe("wal");
    expect(pragma("foreign_keys")).toBe(1);
    expect(pragma("busy_timeout")).toBe(5000);
    expect(pragma("synchronous")).toBe(1); // NORMAL
    db.close();

    t = await startTestUpstream({ db: file });
    expect((await t.call("registration", { registrationId: id })).status).toBe(
      200,
    );
    expect(
      t.server.db.prepare("SELECT COUNT(*) AS n FROM sites").get(),
    ).toEqual({ n: 2 });
    await t.server.close();

    t = await startTestUpstream({ db: file, reset: true });
    expect(await t.call("registration", { registrationId: id })).toEqual({
      status: 204,
    });
    expect(
      t.server.db.prepare("SELECT COUNT(*) AS n FROM sites").get(),
    ).toEqual({ n: 2 });
  });
});

describe("mail delivery", () => {
  it("sends outbox mail through the transport and records it as sent", async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const sendMail = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: { to: string }) => {
      sent.push(mail.to);
      return sendMail(mail);
    }) as typeof transport.sendMail;
    const t = await startTestUpstream({
      mailTransport: transport,
      mailFrom: "Test <test@example.com>",
    });
    cleanups.push(() => t.server.close());
    await t.ok("supportCreate", {
      body: {
        name: "Piet",
        email: "piet@example.com",
        school: null,
        klas: null,
        questionAbout: "Overig",
        message: "Hallo",
      },
    });
    await t.server.close(); // waits for delivery
    expect(sent).toEqual(["vragen@example.com"]);
  });

  it("records a failed delivery instead of failing the call", async () => {
    const file = tempFile();
    const transport = nodemailer.createTransport({ jsonTransport: true });
    transport.sendMail = (() =>
      Promise.reject(
        new Error("connection refused"),
      )) as typeof transport.sendMail;
    const t = await startTestUpstream({ db: file, mailTransport: transport });
    cleanups.push(() => t.server.close());
    await t.ok("supportCreate", {
      body: {
        name: "Piet",
        email: "piet@example.com",
        school: null,
        klas: null,
        questionAbout: "Overig",
        message: "Hallo",
      },
    });
    await t.server.close();
    const db = openDatabase(file);
    cleanups.push(() => {
      db.close();
    });
    expect(db.prepare("SELECT sent_at, error FROM outbox").all()).toEqual([
      { sent_at: null, error: "connection refused" },
    ]);
  });
});

describe("options", () => {
  it("delays API answers by the configured latency", async () => {
    const t = await startTestUpstream({ latencyMs: 150 });
    cleanups.push(() => t.server.close());
    const start = performance.now();
    await t.ok("settings");
    expect(performance.now() - start).toBeGreaterThanOrEqual(140);
  });

  it("reads the site from the host and builds site URLs from the template", () => {
    expect(siteNameOf("venlo.localhost:3000")).toBe("venlo");
    expect(siteNameOf("localhost:3000")).toBe("localhost");
    expect(siteNameOf("Studiemarkt013.example.nl")).toBe("studiemarkt013");
    const url = siteUrlFrom("http://{host}:3000");
    expect(url("localhost")).toBe("http://localhost:3000");
    expect(url("venlo")).toBe("http://venlo.localhost:3000");
    expect(siteUrlFrom("https://{name}.example.nl")("venlo")).toBe(
      "https://venlo.example.nl",
    );
  });

  it("reads the environment with defaults and refuses bad values", () => {
    expect(parseUpstreamEnv({})).toMatchObject({
      UPSTREAM_PORT: 3001,
      UPSTREAM_HOST: "127.0.0.1",
      UPSTREAM_API_KEY: "demo-api-key",
      UPSTREAM_DB: "data/upstream.sqlite",
      DRAFT_TTL_MINUTES: 30,
      TOKEN_TTL_MINUTES: 60,
      SITE_URL_TEMPLATE: "http://{host}:3000",
      UPSTREAM_LATENCY_MS: 0,
    });
    expect(
      parseUpstreamEnv({ UPSTREAM_PORT: "4000", SMTP_URL: "" }).UPSTREAM_PORT,
    ).toBe(4000);
    expect(() => parseUpstreamEnv({ DRAFT_TTL_MINUTES: "0" })).toThrow(
      /DRAFT_TTL_MINUTES/,
    );
    expect(() => parseUpstreamEnv({ SMTP_URL: "http://mail" })).toThrow(
      /SMTP_URL/,
    );
  });
});
