import { expect, test } from "@playwright/test";
import { chooseDay, javaScriptEnabled } from "../support/e2e/flow";

/** The provider's site that unknown hosts are sent to (env PROVIDER_SITE_URL, its default in this suite). */
const PROVIDER_SITE_URL = "https://www.example.com/";

test.describe("host guard", () => {
  test("a request for an unknown host is redirected to the provider's site", async ({
    request,
  }) => {
    const response = await request.get("/", {
      headers: { Host: "evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(PROVIDER_SITE_URL);
  });

  test("a host that only starts like a site (venlo.evil.com) is redirected too", async ({
    request,
  }) => {
    for (const host of ["venlo.evil.com", "venlo.localhost.evil.com:3100"]) {
      const response = await request.get("/", {
        headers: { Host: host },
        maxRedirects: 0,
      });
      expect(response.status(), host).toBe(302);
      expect(response.headers()["location"], host).toBe(PROVIDER_SITE_URL);
    }
  });

  test("a forwarded host does not count from an untrusted proxy", async ({
    request,
  }) => {
    const response = await request.get("/", {
      headers: { Host: "evil.example", "X-Forwarded-Host": "localhost:3100" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  });

  test("a browser on an unknown sub-domain is sent to the provider's site", async ({
    page,
    baseURL,
  }) => {
    const unknown = baseURL!.replace("localhost", "onbekend.localhost");
    const answer = page.waitForResponse((response) =>
      response.url().startsWith(unknown),
    );
    // The provider's site itself is out of reach of the test machine; the redirect to it is what counts.
    await page.goto(unknown).catch(() => null);
    const response = await answer;
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(PROVIDER_SITE_URL);
  });

  test("an allowed site answers", async ({ page, baseURL }) => {
    const response = await page.goto(
      baseURL!.replace("localhost", "venlo.localhost"),
    );
    expect(response?.status()).toBe(200);
  });

  test("the health check answers for any host", async ({ request }) => {
    const response = await request.get("/health", {
      headers: { Host: "10.1.2.3:3100" },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok");
  });
});

test.describe("cross-site requests", () => {
  test("a POST from another origin is refused with 403", async ({
    request,
  }) => {
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await request.post("/uitloggen", {
        headers,
        form: { x: "1" },
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toBe("Verzoek geweigerd.");
    }
  });

  test("a form on another site cannot post to this one", async ({
    page,
    baseURL,
  }) => {
    await page.route("https://attacker.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Win</title><form method="post" action="${baseURL}/uitloggen"><button>Win a prize</button></form></html>`,
      }),
    );
    await page.goto("https://attacker.example/");
    const [response] = await Promise.all([
      page.waitForResponse((candidate) =>
        candidate.url().startsWith(`${baseURL}/uitloggen`),
      ),
      page.getByRole("button", { name: "Win a prize" }).click(),
    ]);
    expect(response.status()).toBe(403);
  });

  test("a GET from a link on another site is served", async ({ request }) => {
    const response = await request.get("/", {
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status()).toBe(200);
  });
});

test.describe("security headers", () => {
  function nonceOf(csp: string): string {
    const match = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(csp);
    expect(match, csp).not.toBeNull();
    return match![1]!;
  }

  test("every page has an enforced CSP with a fresh nonce that every script carries", async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/");
      const headers = response.headers();
      expect(headers["content-security-policy-report-only"]).toBeUndefined();
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("upgrade-insecure-requests"); // only over HTTPS
      const nonce = nonceOf(csp);
      nonces.push(nonce);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts)
        expect(script).toContain(`nonce="${nonce}"`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("responses say nosniff, no framing and a referrer policy", async ({
    request,
  }) => {
    for (const path of ["/", "/health", "/bestaat-niet"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["referrer-policy"], path).toBe(
        "strict-origin-when-cross-origin",
      );
    }
  });

  for (const path of ["/", "/contact"]) {
    test(`${path} runs without any CSP violation`, async ({ page }) => {
      // Caught violations (such as a refused eval probe) reach the console only sometimes; the event always fires.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(
            `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`,
          ),
        );
      });
      const consoleViolations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text()))
          consoleViolations.push(message.text());
      });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (javaScriptEnabled()) {
        // Hydrated: React Router's client runtime is running.
        await expect
          .poll(() =>
            page.evaluate(() => "__reactRouterRouteModules" in window),
          )
          .toBe(true);
        if (path === "/contact") {
          // Client-side validation runs the form's schema (on sending: decision 0042).
          await page.getByLabel("E-mailadres").fill("geen-adres");
          await page.getByLabel("E-mailadres").press("Enter");
          await expect(
            page.getByText("Voer een geldig e-mailadres in.", {
              exact: true,
            }),
          ).toBeVisible();
        }
        expect(
          await page.evaluate(
            () =>
              (window as unknown as { cspViolations: string[] }).cspViolations,
          ),
        ).toEqual([]);
      }
      expect(consoleViolations).toEqual([]);
    });
  }
});

test.describe("session cookie", () => {
  test("is not set by a first view; is httpOnly and SameSite=Lax, and not Secure over plain HTTP", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    expect(
      (await context.cookies()).find((cookie) => cookie.name === "session"),
    ).toBeUndefined();
    // A day choice is the first thing that gives a visitor a session (a first view sets no cookie).
    await chooseDay(page);
    const session = (await context.cookies()).find(
      (cookie) => cookie.name === "session",
    );
    expect(session).toBeDefined();
    expect(session).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      secure: false,
      path: "/",
    });
    expect(session!.expires).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
  });

  test("a tampered cookie is dropped and a fresh session started", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseDay(page);
    const original = (await context.cookies()).find(
      (cookie) => cookie.name === "session",
    )!;
    const tampered = `${original.value.slice(0, -4)}AAAA`;
    await context.addCookies([
      { name: "session", value: tampered, url: baseURL! },
    ]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
    await chooseDay(page);
    const fresh = (await context.cookies()).find(
      (cookie) => cookie.name === "session",
    )!;
    expect(fresh.value).not.toBe(tampered);
    expect(fresh.value).not.toBe(original.value);
  });

  test("garbage in the cookie does not break the page", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([
      { name: "session", value: "%%%not-a-session", url: baseURL! },
    ]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
  });
});
