import type { ErrorEvent } from "@sentry/node-core/light";
import {
  LightNodeClient,
  Scope,
  createTransport,
  defaultStackParser,
} from "@sentry/node-core/light";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  beforeSend,
  scrubEveryEvent,
  scrubEvent,
  scrubText,
  shouldDropEvent,
} from "./sentry-filter.server";

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

describe("personal data in an event (issue 43)", () => {
  it.each([
    ["sanne@example.nl", "[email]"],
    ["Mail S.de-Vries+open_dag@school.example.nl!", "Mail [email]!"],
    ["/inschrijven/leerling%40school.nl/x", "/inschrijven/[email]/x"],
    ["bel 06-12345678 of 0612345678.", "bel [phone] of [phone]."],
    ["06 12 34 56 78", "[phone]"],
    ["(020) 123 45 67", "[phone]"],
    ["020-1234567", "[phone]"],
    ["tel:+31612345678", "tel:[phone]"],
    ["+31 6 1234 5678", "[phone]"],
    ["+31 (0)6 12345678", "[phone]"],
    ["0031 6 12345678", "[phone]"],
    ["+44 20 7946 0958", "[phone]"],
    ["+1 (555) 123-4567", "[phone]"],
    ["?telefoon=%2B31612345678", "?telefoon=[phone]"],
    ["06%2012345678", "[phone]"],
  ])("are scrubbed from %j", (text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it.each([
    "TypeError: Cannot read properties of undefined (reading 'id')",
    "    at render (https://venlo.example.nl/assets/root-0612345678.js:1:23456)",
    "fn@https://venlo.example.nl/assets/workshops-Bk3x.js:12:345",
    "01-12-2026 10:00",
    "1732712345678",
    "0x0123456789",
    "0.0123456789",
    "v0612345678",
    "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    "127.0.0.1:3000",
    "open-dag@1.0.0",
  ])("leave %j as it is", (text) => {
    expect(scrubText(text)).toBe(text);
  });

  /** An address the site's forms accept: letters, digits and . _ % + - before the @. */
  const address = fc
    .tuple(
      fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9._%+-]{0,20}$/),
      fc.domain(),
    )
    .map(([local, domain]) => `${local}@${domain}`);
  /** A Dutch number in the groupings people type, or an international one. */
  const phone = fc.oneof(
    fc
      .tuple(
        fc.stringMatching(/^[1-9][0-9]{8}$/),
        fc.constantFrom(" ", "-", "", ".", "/"),
        fc.nat(8),
      )
      .map(([rest, separator, at]) => {
        const grouped = `0${rest.slice(0, at + 1)}${separator}${rest.slice(at + 1)}`;
        return at % 3 === 0 ? grouped.replace(/^(0\d+)/, "($1)") : grouped;
      }),
    fc
      .tuple(
        fc.constantFrom("+", "00"),
        fc.stringMatching(/^[1-9][0-9]{7,14}$/),
        fc.constantFrom(" ", "-", ""),
      )
      .map(
        ([prefix, digits, separator]) =>
          `${prefix}${digits.slice(0, 2)}${separator}${digits.slice(2, 5)}${separator}${digits.slice(5)}`,
      ),
  );

  it("leave no address or phone number in any text around them", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.oneof(address, phone),
        fc.string({ maxLength: 40 }),
        (before, secret, after) => {
          const scrubbed = scrubText(`${before} ${secret} ${after}`);
          expect(scrubbed).not.toContain(secret);
          expect(scrubbed).toMatch(/\[(email|phone)\]/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("are scrubbed from every field of an event: message, exception, frames, request, breadcrumbs, extra, contexts", () => {
    const event: ErrorEvent = {
      type: undefined,
      event_id: "0612345678abcdef0612345678abcdef",
      message: "Mail voor sanne@example.nl",
      exception: {
        values: [
          {
            type: "Error",
            value: "Bel 06-12345678",
            stacktrace: {
              frames: [
                {
                  function: "sendTo sanne@example.nl",
                  filename: "https://venlo.example.nl/x/sanne%40example.nl",
                  lineno: 1,
                  vars: { telefoon: "+31 6 12345678" },
                },
              ],
            },
          },
        ],
      },
      request: {
        url: "https://venlo.example.nl/a/0612345678",
        query_string: "email=sanne%40example.nl",
        headers: { Referer: "https://x.example/?tel=0612345678" },
      },
      breadcrumbs: [
        {
          message: "GET /x?email=sanne@example.nl",
          data: {
            url: "https://x.example/?tel=%2B31612345678",
            nested: [["0612345678"]],
          },
          timestamp: 1732712345,
        },
      ],
      extra: { typed: { name: "Sanne", phone: "020 123 4567" } },
      contexts: { form: { email: "sanne@example.nl" } },
      tags: { who: "sanne@example.nl" },
    };
    const scrubbed = scrubEvent(event);
    const { event_id: _id, ...fields } = scrubbed;
    const text = JSON.stringify(fields);
    expect(text).not.toMatch(/sanne(@|%40)/);
    expect(text).not.toMatch(/12345678|123 4567/);
    // Ids and numbers stay as they are.
    expect(scrubbed.event_id).toBe("0612345678abcdef0612345678abcdef");
    expect(scrubbed.breadcrumbs?.[0]?.timestamp).toBe(1732712345);
    expect(
      scrubbed.exception?.values?.[0]?.stacktrace?.frames?.[0]?.lineno,
    ).toBe(1);
    expect(scrubbed.extra).toEqual({
      typed: { name: "Sanne", phone: "[phone]" },
    });
  });

  it("survives a cycle and a structure deeper than any event", () => {
    const cycle: Record<string, unknown> = { email: "a@b.nl" };
    cycle.self = cycle;
    let deep: Record<string, unknown> = { phone: "0612345678" };
    for (let i = 0; i < 100; i++) deep = { deeper: deep };
    const event = scrubEvent<ErrorEvent>({
      type: undefined,
      extra: { cycle, deep },
    });
    expect(cycle.email).toBe("[email]");
    expect(JSON.stringify(event.extra?.deep)).not.toContain("0612345678");
  });
});

describe("a client that scrubs every event", () => {
  it("sends no address or phone number, whichever scope the event was captured in", async () => {
    const sent: string[] = [];
    const client = new LightNodeClient({
      dsn: "http://public@127.0.0.1:9/1",
      integrations: [],
      stackParser: defaultStackParser,
      transport: (options) =>
        createTransport(options, async (request) => {
          sent.push(String(request.body));
          return {};
        }),
    });
    scrubEveryEvent(client);
    const scope = new Scope();
    scope.setClient(client);
    scope.addBreadcrumb({ message: "POST /contact from sanne@example.nl" });
    scope.setExtra("typed", "06-12345678");
    scope.captureException(new Error("Mail to sanne@example.nl failed"));
    await client.flush(2000);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("[email]");
    expect(sent[0]).not.toMatch(/sanne@|12345678/);
    await client.close();
  });
});
