/**
 * Error reports really leave the server and the browser, carry what the filter needs, and the events the spec
 * drops never arrive. A local server stands in for Sentry's ingest (tests/fixtures/sentry-capture.ts). The browser
 * posts its reports to the site's server, which sends them on (decision 0067).
 */
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import {
  describeEvent,
  eventUserAgent,
  startSentryCapture,
} from "../fixtures/sentry-capture";
import type { CapturedEvent, SentryCapture } from "../fixtures/sentry-capture";
import { javaScriptEnabled } from "../support/e2e/flow";
import {
  freePort,
  startAppServer,
  startUpstream,
} from "../support/e2e/servers";
import type { RunningServer, RunningUpstream } from "../support/e2e/servers";

const GENERIC_ERROR = "Er is iets fout gegaan. Probeer het later opnieuw";
const OFFICE_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; ms-office; MSOffice 16)";
/** A mail security scanner checking the links in an e-mail: a browser user agent that names the scanner. */
const MAIL_SCANNER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Proofpoint URL Defense";
/** Tracing, profiling and session replay are off: none of their items may ever be sent. */
const FORBIDDEN_ITEM_TYPES = [
  "transaction",
  "span",
  "profile",
  "profile_chunk",
  "replay_event",
  "replay_recording",
];
/** The server's SDK sends in the background; an event that does arrive is here well within this. */
const ARRIVAL_TIMEOUT_MS = 10_000;
/** How long an event that should have been dropped gets to show up anyway. */
const QUIET_MS = 3_000;
/** The most reports the browser sends from one page (app/lib/error-reporting.client.ts). */
const MAX_REPORTS_A_PAGE = 5;

function expectNoTracingOrReplay(capture: SentryCapture): void {
  expect(
    capture.itemTypes().filter((type) => FORBIDDEN_ITEM_TYPES.includes(type)),
  ).toEqual([]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An upstream failure reported by the server: the client's UpstreamError, caused by the refused connection. */
function isUpstreamFailure(event: CapturedEvent): boolean {
  const text = describeEvent(event);
  return (
    event.platform === "node" &&
    /UpstreamError: Upstream \w+: no response \(network\)/.test(text) &&
    /ECONNREFUSED/.test(text)
  );
}

async function visitWithUserAgent(
  browser: Browser,
  url: string,
  userAgent: string,
): Promise<void> {
  const context = await browser.newContext({ userAgent });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.getByText(GENERIC_ERROR)).toBeVisible();
  } finally {
    await context.close();
  }
}

test.describe("server-side error reports", () => {
  test.skip(() => !javaScriptEnabled(), "server-side check, once is enough");
  let capture: SentryCapture;
  let app: RunningServer;

  test.beforeAll(async () => {
    capture = await startSentryCapture();
    // Nothing listens there: every upstream call fails after its retries and is reported.
    const deadUpstream = `http://127.0.0.1:${await freePort()}`;
    app = await startAppServer({
      SENTRY_DSN: capture.dsn,
      UPSTREAM_URL: deadUpstream,
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await capture?.stop();
  });
  test.afterEach(() => {
    expectNoTracingOrReplay(capture);
  });

  test("an upstream failure during a page load reaches the error-reporting service", async ({
    page,
  }) => {
    capture.clear();
    await page.goto(`${app.url}/`);
    await expect(page.getByText(GENERIC_ERROR)).toBeVisible();

    await expect
      .poll(() => capture.events().filter(isUpstreamFailure).length, {
        timeout: ARRIVAL_TIMEOUT_MS,
      })
      .toBeGreaterThan(0);
    const browserUserAgent = await page.evaluate(() => navigator.userAgent);
    for (const event of capture.events().filter(isUpstreamFailure)) {
      // The request the failure happened in, with the user agent the filter judges by.
      expect(event.request?.url).toContain(`${app.url}/`);
      expect(eventUserAgent(event)).toBe(browserUserAgent);
    }
  });

  for (const [who, userAgent] of [
    ["Microsoft Office", OFFICE_USER_AGENT],
    ["a mail-link scanner", MAIL_SCANNER_USER_AGENT],
  ] as const) {
    test(`nothing is reported for a request from ${who}`, async ({
      browser,
      page,
    }) => {
      capture.clear();
      await visitWithUserAgent(browser, `${app.url}/`, userAgent);
      const quietUntil = Date.now() + QUIET_MS;

      // Control: the same failure from an ordinary browser right after is reported, so reports are flowing.
      await page.goto(`${app.url}/`);
      await expect(page.getByText(GENERIC_ERROR)).toBeVisible();
      const browserUserAgent = await page.evaluate(() => navigator.userAgent);
      await expect
        .poll(
          () =>
            capture
              .events()
              .filter(
                (event) =>
                  isUpstreamFailure(event) &&
                  eventUserAgent(event) === browserUserAgent,
              ).length,
          { timeout: ARRIVAL_TIMEOUT_MS },
        )
        .toBeGreaterThan(0);

      await sleep(quietUntil - Date.now());
      // Every event that arrived comes from the ordinary browser.
      expect(capture.events().map(eventUserAgent)).toEqual(
        capture.events().map(() => browserUserAgent),
      );
    });
  }
});

test.describe("browser-side error reports", () => {
  test.skip(
    () => !javaScriptEnabled(),
    "the browser's reporter needs JavaScript",
  );
  let capture: SentryCapture;
  let upstream: RunningUpstream;
  let app: RunningServer;

  test.beforeAll(async () => {
    capture = await startSentryCapture();
    upstream = await startUpstream();
    app = await startAppServer({
      SENTRY_DSN: capture.dsn,
      UPSTREAM_URL: upstream.url,
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await upstream?.stop();
    await capture?.stop();
  });
  test.afterEach(() => {
    expectNoTracingOrReplay(capture);
  });

  /**
   * Home, rendered fine, with its reporting configuration checked: the page names the site's own endpoint, never
   * the DSN, and may connect to its own origin only.
   */
  async function openHome(page: Page): Promise<void> {
    const response = await page.goto(`${app.url}/`);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
    await expect(page.locator('meta[name="error-reports"]')).toHaveAttribute(
      "content",
      "/fouten",
    );
    expect(await page.content()).not.toContain(capture.origin);
    const csp = (await response?.headerValue("content-security-policy")) ?? "";
    const connectSrc = /(?:^|;)\s*connect-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(connectSrc.trim()).toBe("'self'");
  }

  /** Every address the page requests from the error-reporting service: none, the site's server sends for it. */
  function requestsToIngest(page: Page): string[] {
    const seen: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(capture.origin)) seen.push(request.url());
    });
    return seen;
  }

  /**
   * Runs `trigger` in the page until `arrived` holds. The reporter starts with the client entry, a moment after the
   * page shows; what happens before that is not reported, so the first attempt may go unseen.
   */
  async function triggerUntil(
    page: Page,
    trigger: () => Promise<void>,
    arrived: () => boolean,
  ): Promise<void> {
    await expect
      .poll(
        async () => {
          if (!arrived()) await trigger();
          return arrived();
        },
        { timeout: ARRIVAL_TIMEOUT_MS, intervals: [500] },
      )
      .toBe(true);
  }

  test("an uncaught error in the browser is reported", async ({ page }) => {
    capture.clear();
    const direct = requestsToIngest(page);
    await openHome(page);
    const isOurs = (event: CapturedEvent) =>
      event.platform === "javascript" &&
      describeEvent(event).includes("e2e browser error");
    await triggerUntil(
      page,
      () =>
        page.evaluate(() => {
          setTimeout(() => {
            throw new Error("e2e browser error");
          });
        }),
      () => capture.events().some(isOurs),
    );
    const event = capture.events().find(isOurs)!;
    const exception = event.exception?.values?.at(-1);
    expect(exception?.mechanism?.handled).toBe(false);
    expect(exception?.type).toBe("Error");
    expect(exception?.value).toBe("e2e browser error");
    // The frame that threw: the evaluated script, called from the page's timer.
    expect(exception?.stacktrace?.frames?.length).toBeGreaterThan(0);
    for (const frame of exception?.stacktrace?.frames ?? []) {
      expect(frame.lineno).toBeGreaterThan(0);
      if (frame.filename !== undefined)
        expect(frame.filename).toMatch(/^https?:\/\//);
    }
    expect(event.request?.url).toBe(`${app.url}/`);
    expect(eventUserAgent(event)).toBe(
      await page.evaluate(() => navigator.userAgent),
    );
    // Nothing personal: no user, no address, no cookies, no body, no header but the user agent.
    expect(event.user).toBeUndefined();
    expect(event.request?.cookies).toBeUndefined();
    expect(event.request?.data).toBeUndefined();
    expect(Object.keys(event.request?.headers ?? {})).toEqual(["User-Agent"]);
    expect(direct).toEqual([]);
  });

  test("a page reports at most a few errors, and the same error once", async ({
    page,
  }) => {
    capture.clear();
    await openHome(page);
    const fromThisTest = () =>
      capture
        .events()
        .filter((event) => describeEvent(event).includes("e2e flood"));
    // The reporter is installed once the client entry has run; the page says so when it has hydrated.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.evaluate(() => {
      for (let i = 0; i < 3; i++)
        setTimeout(() => {
          throw new Error("e2e flood same");
        });
      for (let i = 0; i < 10; i++)
        setTimeout(() => {
          throw new Error(`e2e flood ${i}`);
        });
    });
    await expect
      .poll(() => fromThisTest().length, { timeout: ARRIVAL_TIMEOUT_MS })
      .toBe(MAX_REPORTS_A_PAGE);
    await sleep(QUIET_MS);
    const messages = fromThisTest().map(describeEvent);
    expect(messages).toHaveLength(MAX_REPORTS_A_PAGE);
    expect(messages.filter((text) => text.includes("e2e flood same"))).toEqual([
      "Error: e2e flood same",
    ]);
  });

  test("the Safe Links rejection is dropped, another unhandled rejection is reported", async ({
    page,
  }) => {
    capture.clear();
    await openHome(page);
    const mentions = (text: string) => (event: CapturedEvent) =>
      describeEvent(event).includes(text);
    // Each attempt rejects with the Safe Links message first, then with the control message.
    await triggerUntil(
      page,
      () =>
        page.evaluate(() => {
          void Promise.reject(
            new Error(
              "Object Not Found Matching Id:3, MethodName:update, ParamCount:4",
            ),
          );
          void Promise.reject(new Error("e2e control rejection"));
        }),
      () => capture.events().some(mentions("e2e control rejection")),
    );
    // Long enough for a dropped event to have arrived.
    await sleep(QUIET_MS);
    expect(
      capture.events().filter(mentions("Object Not Found Matching Id")),
    ).toEqual([]);
    const control = capture.events().find(mentions("e2e control rejection"))!;
    expect(control.exception?.values?.at(-1)?.mechanism?.type).toMatch(
      /unhandledrejection/,
    );
  });
});
