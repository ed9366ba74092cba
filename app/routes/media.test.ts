import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  closeSocket,
  respond,
  startMisbehavingServer,
} from "../../tests/fixtures/misbehaving-server";
import type {
  Behaviour,
  MisbehavingServer,
} from "../../tests/fixtures/misbehaving-server";
import type { loader as mediaLoader } from "./media";

let server: MisbehavingServer;
let loader: typeof mediaLoader;

beforeAll(async () => {
  server = await startMisbehavingServer();
  vi.stubEnv("UPSTREAM_URL", server.url);
  // env() reads the environment once, on first use. The unit tests share their worker (isolate: false), so another
  // file may have read it already: a fresh copy of the route and what it imports reads it now.
  vi.resetModules();
  ({ loader } = await import("./media"));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function get(path: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/media/${path}`, { headers });
  return loader({ params: { "*": path }, request } as unknown as Parameters<
    typeof loader
  >[0]);
}

const png: Behaviour = (_request, response) => {
  response.writeHead(200, { "content-type": "image/png", etag: '"v1"' });
  response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
};

describe("/media", () => {
  it("streams an upstream image with caching and nosniff", async () => {
    server.behave(png);
    const response = await get("logos/school-1.png");

    expect(server.requests.map((r) => r.url)).toEqual([
      "/media/logos/school-1.png",
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toBe('"v1"');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([
      0x89, 0x50, 0x4e, 0x47,
    ]);
  });

  it("passes a conditional request on and answers 304", async () => {
    server.behave((request, response) => {
      response.writeHead(
        request.headers["if-none-match"] === '"v1"' ? 304 : 200,
        { etag: '"v1"' },
      );
      response.end();
    });
    const response = await get("logos/school-1.png", {
      "if-none-match": '"v1"',
    });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"v1"');
  });

  it("answers 404 when the upstream has no such file", async () => {
    server.behave(respond(404, "not found", "text/plain"));
    expect((await get("logos/missing.png")).status).toBe(404);
  });

  it.each([
    "",
    "../v1/settings",
    "logos/../../v1/settings",
    ".env",
    "logos//a.png",
    "logos/a b.png",
    "a\\b.png",
  ])(
    "answers 404 for the odd path %j without asking the upstream",
    async (path) => {
      server.behave(png);
      expect((await get(path)).status).toBe(404);
      expect(server.requests).toHaveLength(0);
    },
  );

  it("refuses anything that is not an image with an empty 502", async () => {
    server.behave(respond(200, "<script>alert(1)</script>", "text/html"));
    const response = await get("logos/page.png");
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("");
  });

  it("answers an empty 502 when the upstream fails or is unreachable", async () => {
    server.behave(respond(500, "boom", "text/plain"));
    expect((await get("logos/a.png")).status).toBe(502);

    server.behave(closeSocket);
    const response = await get("logos/a.png");
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("");
  });
});
