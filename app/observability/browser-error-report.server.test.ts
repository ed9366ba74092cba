import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  browserErrorEvent,
  parseStack,
  withoutQueries,
} from "./browser-error-report.server";
import type { ReportOutcome } from "./browser-error-report.server";

const ORIGIN = "https://venlo.example.nl";
const CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const FIREFOX =
  "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0";

const V8_STACK = `TypeError: Cannot read properties of undefined (reading 'id')
    at Workshop (https://venlo.example.nl/assets/workshop-CcfOdb-D.js:1:2345)
    at async loadRoute (https://venlo.example.nl/assets/react-router-BMq3MZbO.js:12:99)
    at https://venlo.example.nl/assets/entry.client-B_sEyCI7.js:3:10
    at Array.forEach (<anonymous>)`;

const FIREFOX_STACK = `Workshop@https://venlo.example.nl/assets/workshop-CcfOdb-D.js:1:2345
loadRoute@https://venlo.example.nl/assets/react-router-BMq3MZbO.js:12:99
@https://venlo.example.nl/assets/entry.client-B_sEyCI7.js:3:10
`;

function report(overrides: Record<string, unknown> = {}) {
  return {
    kind: "error",
    type: "TypeError",
    message: "Cannot read properties of undefined (reading 'id')",
    stack: V8_STACK,
    path: "/workshop/bouwkunde",
    ...overrides,
  };
}

function eventOf(outcome: ReportOutcome) {
  if (!("event" in outcome))
    throw new Error(`no event: ${JSON.stringify(outcome)}`);
  return outcome.event;
}

const fromChrome = { origin: ORIGIN, userAgent: CHROME };

describe("stack parsing", () => {
  it("reads V8's stacks, outermost frame first, and skips frames without a position", () => {
    expect(parseStack(V8_STACK, ORIGIN)).toEqual([
      {
        function: "?",
        filename: `${ORIGIN}/assets/entry.client-B_sEyCI7.js`,
        lineno: 3,
        colno: 10,
        in_app: true,
      },
      {
        function: "async loadRoute",
        filename: `${ORIGIN}/assets/react-router-BMq3MZbO.js`,
        lineno: 12,
        colno: 99,
        in_app: true,
      },
      {
        function: "Workshop",
        filename: `${ORIGIN}/assets/workshop-CcfOdb-D.js`,
        lineno: 1,
        colno: 2345,
        in_app: true,
      },
    ]);
  });

  it("reads Firefox's and Safari's stacks alike", () => {
    const frames = parseStack(FIREFOX_STACK, ORIGIN);
    expect(frames.map((frame) => frame.function)).toEqual([
      "?",
      "loadRoute",
      "Workshop",
    ]);
    expect(frames.at(-1)).toMatchObject({
      filename: `${ORIGIN}/assets/workshop-CcfOdb-D.js`,
      lineno: 1,
      colno: 2345,
    });
    expect(
      parseStack(
        "global code@https://venlo.example.nl/:1:10\n[native code]",
        ORIGIN,
      ),
    ).toEqual([
      {
        function: "global code",
        filename: `${ORIGIN}/`,
        lineno: 1,
        colno: 10,
        in_app: true,
      },
    ]);
  });

  it("keeps no query or fragment of a frame's file: an inline script's page may carry a mailed token", () => {
    const [frame] = parseStack(
      "    at https://venlo.example.nl/inschrijving-bevestigen?token=s3cr3t#x:4:12",
      ORIGIN,
    );
    expect(frame).toMatchObject({
      filename: `${ORIGIN}/inschrijving-bevestigen`,
      lineno: 4,
      colno: 12,
    });
  });

  it("names no file that is not a URL of a page or an extension, so the SDK never reads a local file", () => {
    const frames = parseStack(
      [
        "    at readSecrets (/etc/passwd:1:1)",
        "    at x (file:///app/build/server/index.js:10:1)",
        "    at y (build/server/index.js:10:1)",
        "    at z (data:text/javascript,1:1:1)",
        "    at eval (eval at run (https://venlo.example.nl/a.js:1:1), <anonymous>:1:1)",
      ].join("\n"),
      ORIGIN,
    );
    expect(frames).toHaveLength(5);
    for (const frame of frames) expect(frame.filename).toBeUndefined();
  });

  it("marks other origins' frames as not the app's", () => {
    const [frame] = parseStack(
      "    at track (https://cdn.example.com/x.js:1:1)",
      ORIGIN,
    );
    expect(frame?.in_app).toBe(false);
  });

  it("bounds the frames and skips overlong lines", () => {
    const many = Array.from(
      { length: 80 },
      (_, i) => `    at f${i} (https://venlo.example.nl/a.js:${i + 1}:1)`,
    ).join("\n");
    const frames = parseStack(many, ORIGIN);
    expect(frames).toHaveLength(50);
    // The innermost frames are kept (f0 threw).
    expect(frames.at(-1)?.function).toBe("f0");
    expect(
      parseStack(`    at ${"x".repeat(5000)} (https://a/b.js:1:1)`, ORIGIN),
    ).toEqual([]);
  });
});

describe("queries in text", () => {
  it("are taken off every URL", () => {
    expect(
      withoutQueries(
        "Failed to load https://venlo.example.nl/login?token=abc&x=1 and http://a.nl/b#frag, then /c?d",
      ),
    ).toBe(
      "Failed to load https://venlo.example.nl/login and http://a.nl/b then /c?d",
    );
  });
});

describe("a report as an event", () => {
  it("carries the error's type, message, frames, the page's address and the browser's user agent", () => {
    const event = eventOf(browserErrorEvent(report(), fromChrome));
    expect(event.platform).toBe("javascript");
    const [exception] = event.exception?.values ?? [];
    expect(exception?.type).toBe("TypeError");
    expect(exception?.value).toBe(
      "Cannot read properties of undefined (reading 'id')",
    );
    expect(exception?.stacktrace?.frames).toHaveLength(3);
    expect(exception?.mechanism).toEqual({
      type: "auto.browser.global_handlers.onerror",
      handled: false,
    });
    expect(event.request).toEqual({
      url: `${ORIGIN}/workshop/bouwkunde`,
      headers: { "User-Agent": CHROME },
    });
    expect(event.user).toBeUndefined();
  });

  it("takes the site's own origin and only the path of the page", () => {
    for (const path of [
      "/inschrijving-bevestigen?token=abc#top",
      "//evil.example.com/x",
    ]) {
      const event = eventOf(browserErrorEvent(report({ path }), fromChrome));
      expect(event.request?.url, path).toMatch(
        /^https:\/\/venlo\.example\.nl\/(inschrijving-bevestigen|x)$/,
      );
    }
  });

  it("names an unhandled rejection and the boundary's errors as the browser SDK did", () => {
    const rejection = eventOf(
      browserErrorEvent(
        report({
          kind: "unhandledrejection",
          type: undefined,
          message: "boom",
          stack: undefined,
        }),
        fromChrome,
      ),
    );
    expect(rejection.exception?.values?.[0]).toEqual({
      type: "UnhandledRejection",
      value: "Non-Error promise rejection captured with value: boom",
      mechanism: {
        type: "auto.browser.global_handlers.onunhandledrejection",
        handled: false,
      },
    });
    const boundary = eventOf(
      browserErrorEvent(report({ kind: "boundary" }), fromChrome),
    );
    expect(boundary.exception?.values?.[0]?.mechanism?.handled).toBe(true);
  });

  it("is invalid when the body is no report", () => {
    for (const body of [
      null,
      "text",
      42,
      [],
      {},
      report({ kind: "fetch" }),
      report({ message: 5 }),
      report({ message: "x".repeat(2001) }),
      report({ stack: "x".repeat(10_001) }),
      report({ path: "https://evil.example.com/" }),
      report({ path: undefined }),
    ])
      expect(browserErrorEvent(body, fromChrome), JSON.stringify(body)).toEqual(
        { invalid: true },
      );
  });

  it("is dropped for bots, mail scanners, Office and requests without a user agent", () => {
    for (const userAgent of [
      undefined,
      "",
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; ms-office; MSOffice 16)",
      `${CHROME} Proofpoint`,
    ])
      expect(
        browserErrorEvent(report(), { origin: ORIGIN, userAgent }),
        String(userAgent),
      ).toEqual({ dropped: true });
  });

  it("is dropped for the Safe Links rejection, kept for another rejection", () => {
    const safeLinks = report({
      kind: "unhandledrejection",
      type: undefined,
      message:
        "Object Not Found Matching Id:3, MethodName:update, ParamCount:4",
      stack: undefined,
    });
    expect(browserErrorEvent(safeLinks, fromChrome)).toEqual({ dropped: true });
    expect(
      browserErrorEvent(
        { ...safeLinks, type: "Error", message: "Failed to fetch" },
        fromChrome,
      ),
    ).toHaveProperty("event");
  });

  it("is dropped when an extension's script threw it", () => {
    for (const file of [
      "chrome-extension://abcdef/content.js",
      "moz-extension://1234-5678/inject.js",
      "safari-web-extension://ABCD/script.js",
    ])
      expect(
        browserErrorEvent(
          report({
            stack: `${V8_STACK.split("\n")[0]}\n    at run (${file}:1:2)`,
          }),
          { origin: ORIGIN, userAgent: FIREFOX },
        ),
        file,
      ).toEqual({ dropped: true });
  });

  it("strips URLs' queries from the message", () => {
    const event = eventOf(
      browserErrorEvent(
        report({
          message: "Failed at https://venlo.example.nl/login?token=s3cr3t",
        }),
        fromChrome,
      ),
    );
    expect(event.exception?.values?.[0]?.value).toBe(
      "Failed at https://venlo.example.nl/login",
    );
  });

  it("never throws, whatever the body", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            kind: fc.constantFrom("error", "unhandledrejection", "boundary"),
            type: fc.option(fc.string(), { nil: undefined }),
            message: fc.string(),
            stack: fc.option(
              fc
                .array(
                  fc.oneof(
                    fc.string(),
                    fc
                      .tuple(fc.string(), fc.webUrl(), fc.nat(), fc.nat())
                      .map(
                        ([fn, url, l, c]) => `    at ${fn} (${url}:${l}:${c})`,
                      ),
                    fc
                      .tuple(fc.string(), fc.string(), fc.nat())
                      .map(([fn, file, l]) => `${fn}@${file}:${l}`),
                  ),
                )
                .map((lines) => lines.join("\n")),
              { nil: undefined },
            ),
            path: fc.string().map((rest) => `/${rest}`),
          }),
        ),
        fc.option(fc.string(), { nil: undefined }),
        (body, userAgent) => {
          const outcome = browserErrorEvent(body, {
            origin: ORIGIN,
            userAgent,
          });
          if ("event" in outcome) {
            expect(outcome.event.request?.url?.startsWith(`${ORIGIN}/`)).toBe(
              true,
            );
            for (const frame of outcome.event.exception?.values?.[0]?.stacktrace
              ?.frames ?? [])
              if (frame.filename !== undefined)
                expect(frame.filename).toMatch(/^[a-z-]+:\/\//);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
