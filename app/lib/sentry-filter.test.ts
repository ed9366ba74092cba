import type { ErrorEvent } from "@sentry/node-core/light";
import { describe, expect, it } from "vitest";
import { beforeSend, shouldDropEvent } from "./sentry-filter";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

/** An event shaped like the browser SDK's for an uncaught error or unhandled rejection. */
function browserEvent(
  value: string,
  mechanism: string,
  userAgent = CHROME,
): ErrorEvent {
  return {
    type: undefined,
    event_id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    platform: "javascript",
    level: "error",
    exception: {
      values: [
        {
          type: mechanism.includes("rejection")
            ? "UnhandledRejection"
            : "TypeError",
          value,
          mechanism: { type: mechanism, handled: false },
        },
      ],
    },
    request: {
      url: "https://venlo.example.nl/workshops",
      headers: { "User-Agent": userAgent },
    },
  };
}

/** An event shaped like the Node SDK's for an error thrown while handling a request. */
function serverEvent(userAgent: string): ErrorEvent {
  return {
    type: undefined,
    platform: "node",
    exception: {
      values: [
        {
          type: "Error",
          value: "Upstream settings: answered 500",
          mechanism: { type: "auto.function.react_router", handled: false },
        },
      ],
    },
    request: {
      method: "GET",
      url: "http://venlo.example.nl/",
      headers: { host: "venlo.example.nl", "user-agent": userAgent },
    },
  };
}

describe("Sentry event filter", () => {
  it("drops the Outlook Safe Links rejection", () => {
    const event = browserEvent(
      "Non-Error promise rejection captured with value: Object Not Found Matching Id:3, MethodName:update, ParamCount:4",
      "auto.browser.global_handlers.onunhandledrejection",
    );
    expect(shouldDropEvent(event)).toBe(true);
    expect(beforeSend(event)).toBeNull();
  });

  it("drops it when only the hint carries the message", () => {
    const event = browserEvent("", "onunhandledrejection");
    expect(
      shouldDropEvent(event, {
        originalException:
          "Object Not Found Matching Id:2, MethodName:update, ParamCount:4",
      }),
    ).toBe(true);
  });

  it("keeps an ordinary unhandled rejection", () => {
    const event = browserEvent(
      "TypeError: Failed to fetch",
      "auto.browser.global_handlers.onunhandledrejection",
    );
    expect(beforeSend(event)).toBe(event);
  });

  it("keeps an uncaught error that merely mentions the words", () => {
    expect(
      shouldDropEvent(
        browserEvent(
          "Object Not Found Matching Id:3",
          "auto.browser.global_handlers.onerror",
        ),
      ),
    ).toBe(false);
  });

  it("drops events from Microsoft Office", () => {
    const office = [
      "Mozilla/4.0 (compatible; ms-office; MSOffice 16)",
      "Microsoft Office Word 2014",
      "Mozilla/5.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; ms-office; MSOffice 16)",
    ];
    for (const agent of office)
      expect(shouldDropEvent(serverEvent(agent)), agent).toBe(true);
  });

  it("drops events from mail-link scanners and other bots", () => {
    const scanners = [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 Proofpoint",
      "Mozilla/5.0 (compatible; Barracuda Sentinel (EE))",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b",
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
    ];
    for (const agent of scanners)
      expect(
        shouldDropEvent(
          browserEvent(
            "TypeError: x is undefined",
            "auto.browser.global_handlers.onerror",
            agent,
          ),
        ),
        agent,
      ).toBe(true);
  });

  it("drops errors an extension's script threw, keeps those that merely pass through one", () => {
    const thrownAt = (...files: string[]): ErrorEvent => {
      const event = browserEvent(
        "TypeError: x is undefined",
        "auto.browser.global_handlers.onerror",
      );
      event.exception!.values![0]!.stacktrace = {
        frames: files.map((filename) => ({ filename, lineno: 1 })),
      };
      return event;
    };
    expect(
      shouldDropEvent(
        thrownAt(
          "https://venlo.example.nl/assets/entry.client.js",
          "chrome-extension://abcdef/content.js",
        ),
      ),
    ).toBe(true);
    expect(shouldDropEvent(thrownAt("moz-extension://1234/inject.js"))).toBe(
      true,
    );
    expect(
      shouldDropEvent(
        thrownAt(
          "chrome-extension://abcdef/content.js",
          "https://venlo.example.nl/assets/workshop.js",
        ),
      ),
    ).toBe(false);
  });

  it("keeps errors of people's browsers, on the server and in the browser", () => {
    expect(shouldDropEvent(serverEvent(CHROME))).toBe(false);
    expect(
      shouldDropEvent(
        browserEvent(
          "TypeError: x is undefined",
          "auto.browser.global_handlers.onerror",
        ),
      ),
    ).toBe(false);
    expect(
      shouldDropEvent({ type: undefined, message: "no request data at all" }),
    ).toBe(false);
  });
});
