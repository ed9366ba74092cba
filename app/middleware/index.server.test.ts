import { RouterContextProvider } from "react-router";
import type { MiddlewareFunction } from "react-router";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { clientAddressContext } from "~/session/client-ip.server";
import { maintenanceBypassSetCookie } from "~/session/maintenance-bypass.server";
import { getRequestState } from "~/request/request-state.server";
import type { RequestState } from "~/request/request-state.server";
import type {
  UpstreamClient,
  UpstreamClientOptions,
  UpstreamIdentity,
} from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/client.server";
import { getSettings } from "~/upstream/settings.server";
import { createRootMiddleware } from "./index.server";
import { routeArgs } from "../../tests/fixtures/app";

const SECRET = "middleware-test-secret-0123456789";

function testEnv(overrides: Record<string, string> = {}) {
  return parseEnv({
    SESSION_SECRET: SECRET,
    PROVIDER_SITE_URL: "https://provider.example/",
    MAINTENANCE: "false",
    ...overrides,
  });
}

interface Setup {
  env?: Record<string, string>;
  /** The client address the HTTP server puts in the context. */
  clientAddress?: string;
  now?: Date;
  upstreamDown?: boolean;
}

/** Runs the chain the way React Router does, ending in `handler` (the loaders and the render). */
async function run(
  request: Request,
  handler: (state: RequestState | null) => Response | Promise<Response> = () =>
    new Response("page"),
  setup: Setup = {},
) {
  const identities: UpstreamIdentity[] = [];
  const deadlines: (AbortSignal | undefined)[] = [];
  const timeouts: (number | undefined)[] = [];
  const targets: { baseUrl?: string; apiKey?: string }[] = [];
  const createUpstream = (
    identity: UpstreamIdentity,
    options?: UpstreamClientOptions,
  ): UpstreamClient =>
    ({
      async call(name: string) {
        identities.push(identity);
        deadlines.push(options?.deadline);
        timeouts.push(options?.timeoutMs);
        targets.push({ baseUrl: options?.baseUrl, apiKey: options?.apiKey });
        if (setup.upstreamDown)
          throw new UpstreamError(
            "network",
            "registrationHash",
            "no response (network)",
          );
        if (name === "registrationHash")
          return { status: 200, data: { hash: "fresh-registration-hash-1" } };
        return { status: 204 };
      },
    }) as UpstreamClient;
  const env = testEnv(setup.env);
  const chain = createRootMiddleware({
    env: () => env,
    now: () => setup.now ?? new Date("2025-06-01T12:00:00Z"),
    createUpstream,
  });
  const context = new RouterContextProvider(
    new Map([[clientAddressContext, setup.clientAddress ?? null]]),
  );
  let handlerRan = false;
  const dispatch = async (index: number): Promise<Response> => {
    const middleware: MiddlewareFunction<Response> | undefined = chain[index];
    if (!middleware) {
      handlerRan = true;
      let state: RequestState | null = null;
      try {
        state = getRequestState(context);
      } catch {
        state = null;
      }
      return handler(state);
    }
    // React Router's arguments: the request as it came, `url` the page's address (no `.data`).
    const args = routeArgs<Parameters<MiddlewareFunction<Response>>[0]>(
      request,
      context,
    );
    const result = await middleware(
      { ...args, pattern: args.url.pathname },
      () => dispatch(index + 1),
    );
    return result ?? dispatch(index + 1);
  };
  const response = await dispatch(0);
  return { response, handlerRan, identities, deadlines, timeouts, targets };
}

/** A request as the HTTP server hands it over: its URL carries the host the visitor asked for. */
function get(path: string, headers: Record<string, string> = {}) {
  const all = { host: "localhost:3000", ...headers };
  return new Request(`http://${all.host}${path}`, { headers: all });
}

function post(path: string, headers: Record<string, string> = {}) {
  const all = {
    host: "localhost:3000",
    "content-type": "application/x-www-form-urlencoded",
    ...headers,
  };
  return new Request(`http://${all.host}${path}`, {
    method: "POST",
    headers: all,
    body: "a=1",
  });
}

/** A page whose loader uses the visitor's anonymous id, which starts the session cookie. */
function visitorPage(state: RequestState | null): Response {
  return new Response(state?.session.anonymousUserId ?? "page");
}

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0]!)
    .join("; ");
}

describe("host guard", () => {
  it("sends an unknown host to the provider's site", async () => {
    const { response, handlerRan } = await run(
      get("/", { host: "evil.example" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://provider.example/");
    expect(handlerRan).toBe(false);
  });

  it.each([
    "venlo.evil.com",
    "venlo.localhost.evil.com",
    "evil-venlo.localhost",
    "localhost.evil.com",
    "127.0.0.1:3000",
  ])(
    "sends %s, which only looks like a site, to the provider's site",
    async (host) => {
      const { response, handlerRan } = await run(get("/", { host }));
      expect(response.headers.get("location")).toBe(
        "https://provider.example/",
      );
      expect(handlerRan).toBe(false);
    },
  );

  it("answers the sub-names under SITE_DOMAIN, and full host names given as such", async () => {
    const production = {
      env: {
        SITE_DOMAIN: "opendagen.nl",
        ALLOWED_HOSTS: "venlo,studiemarkt013,open.school.example",
      },
    };
    for (const [host, status] of [
      ["venlo.opendagen.nl", 200],
      ["VENLO.opendagen.nl:443", 200],
      ["open.school.example", 200],
      ["venlo.localhost", 302],
      ["opendagen.nl", 302],
      ["venlo.opendagen.nl.evil.com", 302],
    ] as const) {
      const { response } = await run(get("/", { host }), undefined, production);
      expect(response.status, host).toBe(status);
    }
  });

  it("answers the allowed sites and names the site by the first label", async () => {
    let seen: RequestState | null = null;
    const { response } = await run(
      get("/", { host: "venlo.localhost:3000" }),
      (state) => {
        seen = state;
        return new Response("page");
      },
    );
    expect(response.status).toBe(200);
    expect(seen).toMatchObject({
      site: "venlo",
      host: "venlo.localhost:3000",
      origin: "http://venlo.localhost:3000",
    });
  });

  it("takes scheme and host from the request URL, never from X-Forwarded-* headers", async () => {
    // The server puts a trusted proxy's public scheme and host into the URL (server/app.ts); headers alone count
    // for nothing here.
    const forwarded = {
      "x-forwarded-host": "venlo.example.nl",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.9, 10.0.0.1",
    };
    expect(
      (await run(get("/", { ...forwarded, host: "evil.example" }))).response
        .status,
    ).toBe(302);

    let seen: RequestState | null = null;
    const publicRequest = new Request("https://venlo.example.nl/", {
      headers: { host: "venlo.example.nl", ...forwarded },
    });
    const { response } = await run(
      publicRequest,
      (state) => {
        seen = state;
        return visitorPage(state);
      },
      {
        env: { ALLOWED_HOSTS: "venlo", SITE_DOMAIN: "example.nl" },
        clientAddress: "10.0.0.1",
      },
    );
    expect(response.status).toBe(200);
    expect(seen).toMatchObject({
      site: "venlo",
      origin: "https://venlo.example.nl",
      clientIp: "10.0.0.1",
    });
    expect(response.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("accepts a POST whose Origin is the public HTTPS origin", async () => {
    const request = new Request("https://venlo.example.nl/contact", {
      method: "POST",
      headers: {
        host: "venlo.example.nl",
        origin: "https://venlo.example.nl",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "a=1",
    });
    const { response } = await run(request, undefined, {
      env: { ALLOWED_HOSTS: "venlo", SITE_DOMAIN: "example.nl" },
    });
    expect(response.status).toBe(200);
  });

  it("lets health checks through with any host, without a cookie", async () => {
    const { response, handlerRan, identities } = await run(
      get("/health", { host: "10.0.0.5:3000", cookie: "session=garbage" }),
      () => new Response("ok"),
    );
    expect(handlerRan).toBe(true);
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(identities).toEqual([]);
  });
});

describe("cross-origin refusal", () => {
  it("refuses a POST from another site", async () => {
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "http://localhost:3001" },
      { origin: "null" },
    ];
    for (const headers of refused) {
      const { response, handlerRan } = await run(post("/contact", headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(handlerRan).toBe(false);
    }
  });

  it("accepts a POST from the site itself, or one without Origin and Sec-Fetch-Site", async () => {
    const accepted: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" },
      {},
    ];
    for (const headers of accepted) {
      const { response } = await run(post("/contact", headers));
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("does not refuse a cross-site GET (a link from elsewhere)", async () => {
    const { response } = await run(
      get("/", { "sec-fetch-site": "cross-site" }),
    );
    expect(response.status).toBe(200);
  });
});

describe("maintenance", () => {
  const on = {
    env: { MAINTENANCE: "true", MAINTENANCE_END: "2025-10-01T00:00" },
    now: new Date("2025-09-30T21:59:00Z"),
  };

  it("sends every page to the maintenance page while on", async () => {
    for (const path of ["/", "/contact", "/workshops?x=1"]) {
      const { response } = await run(get(path), undefined, on);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/under-construction");
    }
  });

  it("keeps the maintenance page, health check and images reachable while on", async () => {
    for (const path of ["/under-construction", "/health", "/media/logo.png"]) {
      expect((await run(get(path), undefined, on)).response.status, path).toBe(
        200,
      );
    }
  });

  it("is off from the end time on, and then the maintenance page goes home", async () => {
    const after = { ...on, now: new Date("2025-09-30T22:00:00Z") };
    expect((await run(get("/"), undefined, after)).response.status).toBe(200);
    const { response } = await run(
      get("/under-construction"),
      undefined,
      after,
    );
    expect(response.headers.get("location")).toBe("/");
  });

  describe("the bypass cookie", () => {
    const ALLOWED = "203.0.113.7";
    const bypass = {
      ...on,
      env: { ...on.env, MAINTENANCE_BYPASS_IP: ALLOWED },
      clientAddress: ALLOWED,
    };
    const granted = async (address = ALLOWED, at = on.now) =>
      (
        await maintenanceBypassSetCookie([SECRET], false, address, () =>
          at.getTime(),
        )
      ).split(";")[0]!;
    const status = async (cookie: string, setup: Setup = bypass) =>
      (await run(get("/", { cookie }), undefined, setup)).response.status;

    it("lets the allowed address through", async () => {
      expect(await status(await granted())).toBe(200);
    });

    it("is refused when forged", async () => {
      const forged = (await granted()).replace(/=.*/, "=dHJ1ZQ%3D%3D.forged");
      expect(await status(forged)).toBe(302);
    });

    it("works only from the address it was granted to", async () => {
      expect(
        await status(await granted(), {
          ...bypass,
          clientAddress: "198.51.100.9",
        }),
      ).toBe(302);
    });

    it("stops working when the allowed address changes or is removed", async () => {
      const cookie = await granted();
      expect(
        await status(cookie, {
          ...bypass,
          env: { ...bypass.env, MAINTENANCE_BYPASS_IP: "198.51.100.9" },
        }),
      ).toBe(302);
      expect(await status(cookie, { ...bypass, env: on.env })).toBe(302);
    });

    it("ends after its age", async () => {
      const later = new Date(on.now.getTime() + 12 * 60 * 60 * 1000 + 1);
      // The end time of maintenance is far away in this setup, so only the cookie's age counts.
      const longMaintenance = {
        ...bypass,
        env: { ...bypass.env, MAINTENANCE_END: "2030-01-01T00:00" },
      };
      expect(await status(await granted(), longMaintenance)).toBe(200);
      expect(
        await status(await granted(ALLOWED, on.now), {
          ...longMaintenance,
          now: later,
        }),
      ).toBe(302);
    });
  });
});

describe("session", () => {
  it("asks the upstream nothing and sets no cookie for a first page view", async () => {
    const { response, identities } = await run(get("/"));
    expect(identities).toEqual([]);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("gives a visitor an anonymous id when a loader needs one, in an httpOnly cookie", async () => {
    let seen: RequestState | null = null;
    const { response } = await run(get("/"), (state) => {
      seen = state;
      return visitorPage(state);
    });
    const state = seen as RequestState | null;
    expect(state?.session.anonymousUserId).toMatch(/^[0-9a-f-]{36}$/);
    expect(state?.session.registrationId).toBeNull();
    expect(response.headers.get("set-cookie")).toMatch(
      /^session=.*HttpOnly.*SameSite=Lax/,
    );
  });

  it("keeps the session between requests and writes the cookie only when it changed", async () => {
    const first = await run(get("/"), visitorPage);
    const cookie = cookieFrom(first.response);
    const second = await run(get("/", { cookie }), visitorPage);
    expect(await second.response.text()).toBe(await first.response.text());
    expect(second.response.headers.get("set-cookie")).toBeNull();
  });

  it("serves the page without a registration id when the upstream is down", async () => {
    const { response } = await run(
      get("/"),
      (state) => new Response(String(state?.session.registrationId)),
      { upstreamDown: true },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("null");
  });

  it("starts afresh on a tampered cookie", async () => {
    const cookie = cookieFrom((await run(get("/"), visitorPage)).response);
    const { response } = await run(
      get("/", { cookie: `${cookie.slice(0, -2)}xx` }),
      visitorPage,
    );
    expect(response.status).toBe(200);
    expect(cookieFrom(response)).not.toBe(cookie);
  });

  it("sends a registration id set by a loader with later upstream calls in the same request", async () => {
    const { identities } = await run(get("/"), async (state) => {
      state!.session.setRegistrationId("registration-from-login-token");
      await state!.upstream.call("settings");
      return new Response("page");
    });
    expect(identities.at(-1)?.registrationId).toBe(
      "registration-from-login-token",
    );
  });

  it("gives every upstream call of a request the request's one deadline", async () => {
    const { deadlines } = await run(
      get("/"),
      async (state) => {
        await state!.upstream.call("settings");
        await new Promise((resolve) => setTimeout(resolve, 1100));
        await state!.upstream.call("orientationDays");
        return new Response("page");
      },
      { env: { REQUEST_DEADLINE_MS: "1000" } },
    );
    expect(deadlines).toHaveLength(2);
    expect(deadlines[0]).toBeInstanceOf(AbortSignal);
    expect(deadlines[1]).toBe(deadlines[0]);
    expect(deadlines[1]?.aborted).toBe(true);
  });

  it("gives every upstream call the configured per-call timeout", async () => {
    const { timeouts } = await run(
      get("/"),
      async (state) => {
        await state!.upstream.call("settings");
        return new Response("page");
      },
      { env: { UPSTREAM_TIMEOUT_MS: "700" } },
    );
    expect(timeouts).toEqual([700]);
  });

  it("gives every upstream call the configured upstream address and key", async () => {
    const { targets } = await run(
      get("/"),
      async (state) => {
        await state!.upstream.call("settings");
        await getSettings(state!.siteData);
        return new Response("page");
      },
      {
        env: {
          UPSTREAM_URL: "http://upstream.test:4000/base",
          UPSTREAM_API_KEY: "configured-key",
        },
      },
    );
    expect(targets.length).toBeGreaterThanOrEqual(2);
    for (const target of targets)
      expect(target).toEqual({
        baseUrl: "http://upstream.test:4000/base",
        apiKey: "configured-key",
      });
  });

  it("keeps toasts taken for a response that turns out to be a redirect", async () => {
    const toast = {
      kind: "warning" as const,
      message: "Je registratie is verlopen of niet gevonden.",
      durationMs: 3500,
    };
    // One request flashes a toast; the next one takes it (root loader) and then redirects (route loader).
    const first = await run(get("/"), (state) => {
      state!.session.flashToast(toast);
      return new Response("page");
    });
    const redirected = await run(
      get("/workshops", { cookie: cookieFrom(first.response) }),
      (state) => {
        expect(state!.session.takeToasts()).toEqual([toast]);
        return new Response(null, { status: 302, headers: { Location: "/" } });
      },
    );
    // The redirect gave the toast back: it wrote no cookie, so the browser still holds the first one.
    expect(redirected.response.headers.get("set-cookie")).toBeNull();
    const shown = await run(
      get("/", { cookie: cookieFrom(first.response) }),
      (state) => new Response(JSON.stringify(state!.session.takeToasts())),
    );
    expect(JSON.parse(await shown.response.text())).toEqual([toast]);
  });

  it("does not fetch a registration id for the maintenance page", async () => {
    const { identities } = await run(get("/under-construction"), undefined, {
      env: { MAINTENANCE: "true", MAINTENANCE_END: "2099-01-01T00:00" },
    });
    expect(identities).toEqual([]);
  });
});

describe("security headers", () => {
  it("are set on pages, redirects and refusals", async () => {
    const responses = [
      (await run(get("/"))).response,
      (await run(get("/", { host: "evil.example" }))).response,
      (await run(post("/", { origin: "https://evil.example" }))).response,
    ];
    for (const response of responses) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe(
        "strict-origin-when-cross-origin",
      );
    }
  });

  it("keep a route's own Referrer-Policy", async () => {
    const { response } = await run(
      get("/login?token=abc"),
      () =>
        new Response("page", { headers: { "Referrer-Policy": "no-referrer" } }),
    );
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("can be added to a response with immutable headers", async () => {
    const immutable = Response.redirect("http://localhost:3000/elsewhere", 302);
    const { response } = await run(get("/"), (state) => {
      visitorPage(state);
      return immutable;
    });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("set-cookie")).toMatch(/^session=/);
  });
});

describe("cache headers", () => {
  it("leave a page without cookies cacheable, but only for visitors without cookies", async () => {
    const { response } = await run(get("/"));
    expect(response.headers.get("cache-control")).toBeNull();
    expect(response.headers.get("vary")).toBe("Cookie");
  });

  it("make a page private once the request carries cookies, or the answer sets one", async () => {
    const first = await run(get("/workshops"), visitorPage);
    expect(first.response.headers.get("set-cookie")).toMatch(/^session=/);
    expect(first.response.headers.get("cache-control")).toBe(
      "private, no-cache",
    );
    const cookie = cookieFrom(first.response);
    for (const path of [
      "/workshops",
      "/workshops.data",
      "/workshops/_.data",
      "/contact",
    ]) {
      const { response } = await run(get(path, { cookie }));
      expect(response.headers.get("cache-control"), path).toBe(
        "private, no-cache",
      );
      expect(response.headers.get("vary"), path).toBe("Cookie");
    }
  });

  it("keep the pages with a token or personal details in no cache at all", async () => {
    for (const path of [
      "/login?token=abc",
      "/inschrijving-bevestigen",
      "/inschrijving-afronden",
      "/inschrijving-afronden.data",
      "/inschrijving-afronden/_.data",
      // React Router reaches the same pages through other spellings.
      "/Login?token=abc",
      "/%6cogin?token=abc",
      "/login/?token=abc",
      "/Inschrijving-Afronden",
    ]) {
      const { response } = await run(get(path));
      expect(response.headers.get("cache-control"), path).toBe(
        "private, no-store",
      );
    }
  });

  it("leave a route's own Cache-Control and Vary as they are", async () => {
    const { response } = await run(
      get("/media/logo.png", { cookie: "session=x" }),
      () =>
        new Response("image", {
          headers: {
            "Cache-Control": "public, max-age=3600",
            Vary: "Accept-Encoding",
          },
        }),
    );
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("mark redirects that depend on a cookie too", async () => {
    const { response } = await run(
      get("/", { host: "evil.example", cookie: "session=x" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
  });
});
