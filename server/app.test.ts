import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RequestHandler } from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { METHOD_NOT_ALLOWED } from "~/messages";
import { compressAssets } from "../scripts/compress-assets";
import { createServerApp } from "./app";
import { fetchRequest } from "./react-router";
import { sendRequest } from "../tests/fixtures/http";
import { appRouteTable } from "../tests/fixtures/routes";
import type { Outgoing } from "../tests/fixtures/http";
import { serveForTest } from "../tests/fixtures/serve";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: Buffer;
}

type Sent = Partial<Outgoing>;

/** What the app's handler saw: the Fetch Request React Router would get, and the client address. */
const echo: RequestHandler = async (req, res) => {
  const request = fetchRequest(req, new AbortController().signal);
  const body = request.body ? await request.text() : null;
  res.json({ url: request.url, ip: req.ip, body });
};

/** A build's browser files, compressed as the build compresses them. */
async function clientDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "server-app-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "assets", "entry-abc123.js"),
    "console.log(1);\n".repeat(200),
  );
  writeFileSync(join(dir, "favicon.svg"), "<svg></svg>");
  await compressAssets(dir);
  return dir;
}

async function start(
  env: Record<string, string> = {},
  handler: RequestHandler = echo,
  log: string[] = [],
  dir?: string,
): Promise<(sent?: Sent) => Promise<Answer>> {
  const app = createServerApp({
    handler,
    clientDir: dir ?? (await clientDir()),
    routes: appRouteTable(),
    config: parseEnv(env),
    log: (line) => log.push(line),
  });
  const port = await serveForTest(app);
  return async (sent = {}) => {
    const answer = await sendRequest(port, {
      ...sent,
      path: sent.path ?? "/",
      headers: { host: `localhost:${port}`, ...sent.headers },
    });
    return {
      status: answer.status,
      headers: answer.headers,
      body: answer.text,
      bytes: answer.bytes,
    };
  };
}

const form = (body: string, headers: Record<string, string> = {}): Sent => ({
  method: "POST",
  path: "/contact",
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  body,
});

describe("behind a reverse proxy", () => {
  const forwarded = {
    "x-forwarded-for": "10.9.8.7, 203.0.113.5",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "venlo.example.nl",
  };

  it("with TRUST_PROXY=true, trusts one proxy: its scheme and host, and the address it saw", async () => {
    const send = await start({ TRUST_PROXY: "true" });
    const answer = await send({ path: "/contact?token=x", headers: forwarded });
    expect(JSON.parse(answer.body)).toMatchObject({
      url: "https://venlo.example.nl/contact?token=x",
      // Not the leftmost address, which the visitor wrote: the one the proxy appended.
      ip: "203.0.113.5",
    });
    expect(answer.headers["strict-transport-security"]).toBe(
      "max-age=31536000",
    );
  });

  it("with a hop count, trusts that many proxies", async () => {
    const send = await start({ TRUST_PROXY: "2" });
    const answer = await send({ headers: forwarded });
    expect(JSON.parse(answer.body).ip).toBe("10.9.8.7");
  });

  it("ignores X-Forwarded-* from a peer that is not one of the listed proxies", async () => {
    const send = await start({ TRUST_PROXY: "10.0.0.1,192.168.0.0/16" });
    const answer = await send({
      headers: { ...forwarded, "x-forwarded-host": "venlo.example.nl:8443" },
    });
    const seen = JSON.parse(answer.body);
    expect(seen.url).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(seen.ip).toBe("127.0.0.1");
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });

  it("trusts the listed proxies", async () => {
    const send = await start({ TRUST_PROXY: "loopback" });
    const answer = await send({ headers: forwarded });
    expect(JSON.parse(answer.body)).toMatchObject({
      url: "https://venlo.example.nl/",
      ip: "203.0.113.5",
    });
  });

  it("without TRUST_PROXY, the connection and Host header count", async () => {
    const send = await start();
    const answer = await send({ headers: forwarded });
    const seen = JSON.parse(answer.body);
    expect(seen.url).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(seen.ip).toBe("127.0.0.1");
  });
});

describe("every response", () => {
  it("carries the security headers, static files and refusals included", async () => {
    const send = await start();
    for (const sent of [
      { path: "/assets/entry-abc123.js" },
      { path: "/favicon.svg" },
      { path: "/" },
      { headers: { host: "a b" } },
      form("x=1", { "content-type": "application/json" }),
    ]) {
      const { headers } = await send(sent);
      expect(headers["x-content-type-options"], JSON.stringify(sent)).toBe(
        "nosniff",
      );
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("keeps the app's own values of those headers, once", async () => {
    const send = await start({}, (_req, res) => {
      res.set("Referrer-Policy", "no-referrer").send("page");
    });
    const { headers } = await send();
    expect(headers["referrer-policy"]).toBe("no-referrer");
  });
});

describe("static files", () => {
  it("are cached for a year under /assets, an hour elsewhere", async () => {
    const send = await start();
    const asset = await send({ path: "/assets/entry-abc123.js" });
    expect(asset.headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    const favicon = await send({ path: "/favicon.svg" });
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("are sent as the build compressed them, in the encoding the browser accepts", async () => {
    const dir = await clientDir();
    const send = await start({}, echo, [], dir);
    const file = join(dir, "assets", "entry-abc123.js");
    for (const [accepted, encoding, sent] of [
      ["gzip, deflate, br, zstd", "br", `${file}.br`],
      ["gzip", "gzip", `${file}.gz`],
      ["identity", undefined, file],
      [undefined, undefined, file],
    ] as const) {
      const asset = await send({
        path: "/assets/entry-abc123.js",
        headers: accepted ? { "accept-encoding": accepted } : {},
      });
      expect(asset.headers["content-encoding"], accepted).toBe(encoding);
      // The build's bytes, not compressed again for this request.
      expect(asset.bytes.equals(readFileSync(sent)), accepted).toBe(true);
      expect(asset.headers["content-type"]).toMatch(/javascript/);
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
    }
  });
});

describe("malformed hosts", () => {
  it("are a bad request, never an error", async () => {
    const send = await start();
    for (const host of [
      "a b",
      "localhost<script>",
      "venlo.localhost:99999",
      "",
      `${"a".repeat(5000)}.localhost`,
    ]) {
      const answer = await send({ headers: { host } });
      expect(answer.status, host.slice(0, 30)).toBe(400);
      expect(answer.body).toContain('lang="nl"');
    }
  });
});

describe("request bodies", () => {
  const multipart = (boundary: string, body: string): Sent =>
    form(body.replaceAll("\n", "\r\n"), {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
  const part = `--b1\nContent-Disposition: form-data; name="name"\n\nAnne\n`;

  it("of a form reach the app whole", async () => {
    const send = await start();
    expect(JSON.parse((await send(form("name=Anne&x=%C3%A9"))).body).body).toBe(
      "name=Anne&x=%C3%A9",
    );
    expect((await send(multipart("b1", `${part}--b1--\n`))).status).toBe(200);
  });

  it("that are absent (a POST of nothing, without a type) reach the app as an empty form", async () => {
    const seen: string[] = [];
    const send = await start({}, async (req, res) => {
      const request = fetchRequest(req, new AbortController().signal);
      seen.push(request.headers.get("content-type") ?? "");
      res.json([...(await request.formData()).keys()]);
    });
    const answer = await send({ method: "POST", path: "/uitloggen" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual([]);
    // Whatever type an empty body declares, it is read as an empty form.
    for (const type of [
      "application/json",
      "multipart/form-data",
      "text/plain",
    ]) {
      const empty = await send({
        method: "POST",
        path: "/uitloggen",
        headers: { "content-type": type },
        body: "",
      });
      expect(empty.status, type).toBe(200);
      expect(JSON.parse(empty.body)).toEqual([]);
    }
    expect(seen).toEqual(Array(4).fill("application/x-www-form-urlencoded"));
  });

  it("of another type are refused with 415, unread forms with 400, and never reach the app", async () => {
    let reached = 0;
    const send = await start({}, (_req, res) => {
      reached++;
      res.send("app");
    });
    const cases: [Sent, number][] = [
      [form('{"name":"x"}', { "content-type": "application/json" }), 415],
      [form("name=x", { "content-type": "text/plain" }), 415],
      [
        form("\u0000\u0001", { "content-type": "application/octet-stream" }),
        415,
      ],
      [form("name=x", { "content-type": "x;;=/" }), 415],
      [{ method: "POST", path: "/contact", body: "name=x" }, 415],
      [form("name=x", { "content-encoding": "gzip" }), 415],
      [form("name=x", { "content-type": "multipart/form-data" }), 400],
      [multipart("other", `${part}--b1--\n`), 400],
      [multipart("b1", part.slice(0, 40)), 400],
      [form("__intent__=%7Bgarbled"), 400],
      [form("name=x&__intent__=validate%2Fname"), 400],
      [
        multipart(
          "b1",
          `--b1\nContent-Disposition: form-data; name="__intent__"\n\n{"type":"x"}\n--b1--\n`,
        ),
        400,
      ],
    ];
    for (const [sent, status] of cases) {
      const answer = await send(sent);
      expect(answer.status, JSON.stringify(sent.headers)).toBe(status);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.body).toContain('lang="nl"');
    }
    expect(reached).toBe(0);
  });

  it("larger than the limit are refused with 413, with or without Content-Length", async () => {
    const send = await start({ BODY_LIMIT_KB: "64" });
    const big = `message=${"x".repeat(70 * 1024)}`;
    for (const chunked of [false, true]) {
      const answer = await send({ ...form(big), chunked });
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("Te veel gegevens");
    }
    expect((await send(form(`message=${"x".repeat(60 * 1024)}`))).status).toBe(
      200,
    );
  });
});

describe("posts from another origin", () => {
  it("are refused with 403 before the app sees them; same-origin posts and posts without Origin pass", async () => {
    let reached = 0;
    const send = await start({}, (_req, res) => {
      reached++;
      res.send("app");
    });
    const refused: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "not a url" },
      // Same host, other scheme: React Router's own check would refuse it with a logged error.
      { origin: "https://localhost" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of refused) {
      const answer = await send(form("name=x", headers));
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toBe("Verzoek geweigerd.");
    }
    expect(reached).toBe(0);

    const passed: Record<string, string>[] = [
      {},
      { host: "venlo.localhost:8080", origin: "http://venlo.localhost:8080" },
      { host: "localhost:80", origin: "http://localhost" },
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
    ];
    for (const headers of passed) {
      const answer = await send(form("name=x", headers));
      expect(answer.status, JSON.stringify(headers)).toBe(200);
    }
    expect(reached).toBe(passed.length);
  });

  it("behind a trusted proxy, the proxy's scheme and host make the origin", async () => {
    const send = await start({ TRUST_PROXY: "true" });
    const proxied = {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "venlo.example.nl",
    };
    expect(
      (
        await send(
          form("name=x", { ...proxied, origin: "https://venlo.example.nl" }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await send(
          form("name=x", { ...proxied, origin: "http://venlo.example.nl" }),
        )
      ).status,
    ).toBe(403);
  });
});

describe("methods the site does not serve", () => {
  it("are refused with 405, Allow and the site's page before the app builds a request", async () => {
    let reached = 0;
    const send = await start({}, (_req, res) => {
      reached += 1;
      res.send("app");
    });
    for (const [method, path, allow] of [
      ["TRACE", "/", "GET, HEAD, POST"],
      ["MKCOL", "/workshops", "GET, HEAD, POST"],
      ["PROPFIND", "/health", "GET, HEAD"],
      ["DELETE", "/uitloggen", "POST"],
      ["PUT", "/nergens", "GET, HEAD, POST"],
    ] as const) {
      const answer = await send({ method, path });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
      expect(answer.body).toContain(METHOD_NOT_ALLOWED.message);
    }
    expect(reached).toBe(0);
    expect((await send({ method: "GET" })).body).toBe("app");
  });
});

describe("rate limits", () => {
  it("answer 429 when an address posts too often, tighter for questions and login requests", async () => {
    const send = await start({
      RATE_LIMIT_MESSAGES: "2",
      RATE_LIMIT_POSTS: "3",
    });
    const login = {
      ...form("intent=login&email=a%40b.nl"),
      path: "/inschrijven",
    };
    expect((await send(form("name=x"))).status).toBe(200);
    expect((await send({ ...login, path: "/inschrijven.data" })).status).toBe(
      200,
    );
    const refused = await send(login);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Even wachten");
    // Other posts count apart: a school choice and cart changes.
    const school = {
      ...form("intent=school&schoolId=1"),
      path: "/inschrijven",
    };
    expect((await send(school)).status).toBe(200);
    expect(
      (await send({ ...form("round=1"), path: "/winkelwagen" })).status,
    ).toBe(200);
    expect((await send({ ...form("id=1"), path: "/favorieten" })).status).toBe(
      200,
    );
    expect((await send({ ...form("id=1"), path: "/favorieten" })).status).toBe(
      429,
    );
    // Pages are never limited.
    expect((await send({ path: "/contact" })).status).toBe(200);
  });

  it("count a post by the route it reaches, however its path is spelled", async () => {
    const variants = [
      "/contact/",
      "/%63ontact",
      "/CONTACT.data",
      "/inschrijven/",
      "/%69nschrijven",
    ];
    for (const path of variants) {
      const send = await start({ RATE_LIMIT_MESSAGES: "1" });
      const body =
        path.includes("ontact") || path.includes("ONTACT")
          ? "name=x"
          : "intent=login&email=a%40b.nl";
      expect((await send({ ...form(body), path })).status, path).toBe(200);
      expect((await send({ ...form(body), path })).status, path).toBe(429);
    }
  });

  it("can be switched off", async () => {
    const send = await start({
      RATE_LIMIT_MESSAGES: "0",
      RATE_LIMIT_POSTS: "0",
    });
    for (let i = 0; i < 30; i++)
      expect((await send(form("name=x"))).status).toBe(200);
  });
});

describe("request log", () => {
  it("writes one JSON line per request, without the query string", async () => {
    const log: string[] = [];
    const send = await start({}, echo, log);
    const answer = await send({
      path: "/login?token=secret-token",
      headers: { host: "venlo.localhost:3000" },
    });
    await new Promise((done) => setTimeout(done, 10));
    expect(log).toHaveLength(1);
    const line = JSON.parse(log[0]!);
    expect(line).toMatchObject({
      id: answer.headers["x-request-id"],
      site: "venlo",
      host: "venlo.localhost:3000",
      method: "GET",
      path: "/login",
      status: 200,
    });
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(log[0]).not.toContain("secret-token");
  });

  it("makes the line of an answer the site could not give (5xx) a warning, on stderr; others have no level", async () => {
    const lines: { line: string; level?: string }[] = [];
    const app = createServerApp({
      handler: (req, res) => {
        res.status(req.path === "/kapot" ? 503 : 200).send("x");
      },
      clientDir: await clientDir(),
      routes: appRouteTable(),
      config: parseEnv({}),
      log: (line, level) => lines.push({ line, level }),
    });
    const port = await serveForTest(app);
    for (const path of ["/kapot", "/contact"])
      await sendRequest(port, { path, headers: { host: `localhost:${port}` } });
    await expect.poll(() => lines.length).toBe(2);
    const [outage, page] = lines.map(({ line, level }) => ({
      level,
      fields: JSON.parse(line) as Record<string, unknown>,
    }));
    expect(outage).toMatchObject({
      level: "warn",
      fields: { level: "warn", path: "/kapot", status: 503 },
    });
    expect(page?.level).toBeUndefined();
    expect(page?.fields).not.toHaveProperty("level");
  });
});

describe("request id", () => {
  const seen: RequestHandler = (_req, res) => {
    res.json({ id: res.locals.requestId });
  };
  const proxyId = "proxy-4f1c2a9e-0001";

  it("keeps a trusted proxy's X-Request-Id: response header, log line and the app's request", async () => {
    const log: string[] = [];
    const send = await start({ TRUST_PROXY: "true" }, seen, log);
    const answer = await send({ headers: { "x-request-id": proxyId } });
    await new Promise((done) => setTimeout(done, 10));
    expect(answer.headers["x-request-id"]).toBe(proxyId);
    expect(JSON.parse(answer.body)).toEqual({ id: proxyId });
    expect(JSON.parse(log[0]!)).toMatchObject({ id: proxyId });
  });

  it("makes its own when no proxy is trusted, when none came, or when the proxy's is no id", async () => {
    const direct = await start({}, seen);
    const behind = await start({ TRUST_PROXY: "true" }, seen);
    const answers = [
      await direct({ headers: { "x-request-id": proxyId } }),
      await behind(),
      await behind({ headers: { "x-request-id": "a b\tc" } }),
      await behind({ headers: { "x-request-id": "x".repeat(200) } }),
    ];
    for (const answer of answers) {
      expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(answer.body)).toEqual({
        id: answer.headers["x-request-id"],
      });
    }
  });
});
