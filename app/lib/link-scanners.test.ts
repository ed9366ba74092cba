import { describe, expect, it } from "vitest";
import {
  isAutomatedUserAgent,
  isLinkScanner,
  isPrefetch,
} from "./link-scanners";

const PEOPLE = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  firefoxLinux:
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
};

const SCANNERS = {
  // Outlook's and Office's link previews: missing from isbot's own list.
  outlookPreview:
    "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)",
  officeProtocolDiscovery: "Mozilla/4.0 (compatible; ms-office; MSOffice 16)",
  wordLink:
    "Mozilla/5.0 (Windows NT 10.0; Microsoft Word 16.0.17328; Pro) Microsoft Office/16.0",
  safeLinks: "Mozilla/5.0 (compatible; SafeLinks)",
  proofpoint: "Mozilla/5.0 (compatible; Proofpoint URL Defense)",
  mimecast: "Mimecast URL Protect/1.0",
  barracuda: "Barracuda Sentinel (EE)",
  curl: "curl/8.5.0",
  wget: "Wget/1.21.3",
  python: "python-requests/2.32.3",
  googlebot:
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  headlessChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
};

function request(
  headers: Record<string, string>,
  method: "GET" | "HEAD" = "GET",
): Request {
  return new Request("http://localhost/login?token=abc", { method, headers });
}

describe("isAutomatedUserAgent", () => {
  it.each(Object.entries(PEOPLE))("a person's browser (%s) is not", (_, ua) =>
    expect(isAutomatedUserAgent(ua)).toBe(false),
  );

  it.each(Object.entries(SCANNERS))("%s is", (_, ua) =>
    expect(isAutomatedUserAgent(ua)).toBe(true),
  );

  it("counts a missing or blank agent as automated", () => {
    expect(isAutomatedUserAgent(null)).toBe(true);
    expect(isAutomatedUserAgent(undefined)).toBe(true);
    expect(isAutomatedUserAgent("  ")).toBe(true);
  });
});

describe("isPrefetch", () => {
  it.each([
    ["sec-purpose", "prefetch"],
    ["sec-purpose", "prefetch;prerender"],
    ["sec-purpose", "prefetch;anonymous-client-ip"],
    ["purpose", "prefetch"],
    ["x-purpose", "preview"],
    ["x-moz", "prefetch"],
  ])("%s: %s is a prefetch", (name, value) =>
    expect(isPrefetch(new Headers({ [name]: value }))).toBe(true),
  );

  it("an ordinary navigation is not", () => {
    expect(
      isPrefetch(
        new Headers({
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
        }),
      ),
    ).toBe(false);
  });
});

describe("isLinkScanner", () => {
  it("lets a person's GET through", () => {
    expect(isLinkScanner(request({ "user-agent": PEOPLE.chromeWindows }))).toBe(
      false,
    );
  });

  it("treats a HEAD as a scanner, whatever the agent", () => {
    expect(
      isLinkScanner(request({ "user-agent": PEOPLE.chromeWindows }, "HEAD")),
    ).toBe(true);
  });

  it("treats a person's browser prefetching the link as a scanner", () => {
    expect(
      isLinkScanner(
        request({
          "user-agent": PEOPLE.chromeWindows,
          "sec-purpose": "prefetch",
        }),
      ),
    ).toBe(true);
  });

  it("treats a mail scanner's GET as a scanner", () => {
    expect(
      isLinkScanner(request({ "user-agent": SCANNERS.outlookPreview })),
    ).toBe(true);
    expect(isLinkScanner(request({}))).toBe(true);
  });
});
