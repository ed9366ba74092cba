/**
 * The HTTP server in front of the app (server/, decision 0013), against the production build: bad hosts and bad
 * bodies are refused with a Dutch page and a 4xx, never a 500; static files carry the security headers and
 * their caching; pages and files come compressed as the browser accepts (decision 0080).
 */
import { readFileSync } from "node:fs";
import {
  brotliDecompressSync,
  gunzipSync,
  zstdDecompressSync,
} from "node:zlib";
import { expect, test } from "@playwright/test";
import { APP_PORT } from "../../playwright.config";
import { sendRequest } from "../fixtures/http";
import { serverSideOnly } from "../support/e2e/flow";

test.beforeEach(() => serverSideOnly());

/** A GET with a Host header no browser would send: its status. */
async function getWithHost(host: string): Promise<number> {
  return (await sendRequest(APP_PORT, { path: "/", headers: { host } })).status;
}

/** A GET of the site with exactly these headers, its answer's body as it came (not decoded). */
function get(path: string, headers: Record<string, string>) {
  return sendRequest(APP_PORT, {
    path,
    headers: { host: `localhost:${APP_PORT}`, ...headers },
  });
}

test("malformed hosts get 400, not 500", async () => {
  for (const host of [
    "a b",
    "localhost<script>",
    "venlo.localhost:99999",
    "",
    "x".repeat(5000),
  ])
    expect(await getWithHost(host), host.slice(0, 30)).toBe(400);
});

test("bodies that are no readable form get 415 or 400 with a Dutch page", async ({
  request,
}) => {
  const cases: [string, string, number][] = [
    ["application/json", '{"name":"x"}', 415],
    ["text/plain", "name=x", 415],
    ["application/octet-stream", "\u0000", 415],
    ["multipart/form-data", "name=x", 400],
    [
      "multipart/form-data; boundary=abc",
      "--abc\r\nContent-Disposition: form-data; name=",
      400,
    ],
    ["application/x-www-form-urlencoded", "__intent__=%7Bkapot", 400],
  ];
  for (const [type, body, status] of cases) {
    const response = await request.post("/contact", {
      headers: { "Content-Type": type },
      data: body,
      maxRedirects: 0,
    });
    expect(response.status(), type).toBe(status);
    expect(await response.text()).toContain('lang="nl"');
  }
  const big = await request.post("/contact", {
    form: { bericht: "x".repeat(100 * 1024) },
    maxRedirects: 0,
  });
  expect(big.status()).toBe(413);
  expect(await big.text()).toContain("Te veel gegevens");
});

test("static files carry the security headers and their caching", async ({
  request,
}) => {
  const home = await (await request.get("/")).text();
  const asset = /\/assets\/[^"]+\.js/.exec(home)?.[0];
  expect(asset).toBeDefined();
  for (const [path, caching] of [
    [asset!, "public, max-age=31536000, immutable"],
    ["/favicon.svg", "public, max-age=3600"],
  ] as const) {
    const headers = (await request.get(path)).headers();
    expect(headers["cache-control"], path).toBe(caching);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe(
      "strict-origin-when-cross-origin",
    );
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
});

test("pages and the browser's files come compressed in an encoding the browser accepts", async () => {
  const decode = {
    zstd: zstdDecompressSync,
    br: brotliDecompressSync,
    gzip: gunzipSync,
    none: (body: Buffer) => body,
  };
  // What Chrome and Firefox ask, what Safari asks, an old client's, and none at all.
  for (const [accepted, encoding] of [
    ["gzip, deflate, br, zstd", "zstd"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["", "none"],
  ] as const) {
    const page = await get("/", { "accept-encoding": accepted });
    expect(page.headers["content-encoding"] ?? "none", accepted).toBe(encoding);
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const html = decode[encoding](page.bytes).toString();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("Evenementen");
    expect(Number(page.headers["content-length"])).toBe(page.bytes.byteLength);
  }

  // A page's data, as a client navigation asks for it, the same way.
  const data = await get("/_.data", {
    "accept-encoding": "gzip, deflate, br, zstd",
  });
  expect(data.headers["content-encoding"]).toBe("zstd");
  expect(zstdDecompressSync(data.bytes).toString()).toMatch(/^\[/);

  // A script as the build compressed it: the same bytes as its file, not compressed again per request.
  const home = (await get("/", {})).text;
  const asset = /\/assets\/[^"]+\.js/.exec(home)?.[0];
  expect(asset).toBeDefined();
  const script = await get(asset!, {
    "accept-encoding": "gzip, deflate, br, zstd",
  });
  expect(script.headers["content-encoding"]).toBe("br");
  expect(script.bytes.equals(readFileSync(`build/client${asset!}.br`))).toBe(
    true,
  );
});
