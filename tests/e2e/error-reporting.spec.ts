/**
 * Error reports really leave the server and the browser, carry what the filter needs, and the events the spec
 * drops never arrive. A local server stands in for Sentry's ingest (support/sentry-capture.ts).
 */
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import {
  describeEvent,
  eventUserAgent,
  startSentryCapture,
} from "./support/sentry-capture";
import type { CapturedEvent, SentryCapture } from "./support/sentry-capture";
import { javaScriptEnabled } from "./support/flow";
import { freePort, startAppServer, startUpstream } from "./support/servers";
import type { RunningServer, RunningUpstream } from "./support/servers";

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
/** The SDKs send in the background; an event that does arrive is here well within this. */
const ARRIVAL_TIMEOUT_MS = 10_000;
/** How long an event that should have been dropped gets to show up anyway. */
const QUIET_MS = 3_000;
/**
 * A session replay recorded around an error is sent within 5.5 s of it (the replay SDK's longest flush delay),
 * so a browser test that wants to see none waits a little longer than that.
 */
const REPLAY_FLUSH_MS = 6_000;

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
  test.skip(() => !javaScriptEnabled(), "the browser SDK needs JavaScript");
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

  /** Home, rendered fine, with its reporting configuration checked. */
  async function openHome(page: Page): Promise<void> {
    const response = await page.goto(`${app.url}/`);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
    await expect(page.locator('meta[name="sentry-dsn"]')).toHaveAttribute(
      "content",
      capture.dsn,
    );
    const csp = (await response?.headerValue("content-security-policy")) ?? "";
    const connectSrc = /(?:^|;)\s*connect-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(connectSrc.split(/\s+/)).toContain(capture.origin);
  }

  /**
   * Runs `trigger` in the page until `arrived` holds. The SDK starts with the client entry, a moment after the
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
    expect(event.exception?.values?.at(-1)?.mechanism?.handled).toBe(false);
    expect(eventUserAgent(event)).toBe(
      await page.evaluate(() => navigator.userAgent),
    );
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
    // Long enough for a dropped event, and for a replay of these errors if one were recorded.
    await sleep(REPLAY_FLUSH_MS);
    expect(
      capture.events().filter(mentions("Object Not Found Matching Id")),
    ).toEqual([]);
    const control = capture.events().find(mentions("e2e control rejection"))!;
    expect(control.exception?.values?.at(-1)?.mechanism?.type).toMatch(
      /unhandledrejection/,
    );
  });
});
