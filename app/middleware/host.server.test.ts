import { describe, expect, it } from "vitest";
import { normalizeIp } from "~/session/client-ip.server";
import {
  isCrossOriginWrite,
  isValidHost,
  requestOrigin,
  siteName,
} from "./host.server";

describe("siteName", () => {
  it("is the first label of the host name, without port", () => {
    expect(siteName("venlo.localhost:3000")).toBe("venlo");
    expect(siteName("localhost:3100")).toBe("localhost");
    expect(siteName("studiemarkt013.example.nl")).toBe("studiemarkt013");
    expect(siteName("[::1]:3000")).toBe("[::1]");
    expect(siteName("")).toBe("");
  });
});

describe("requestOrigin", () => {
  it("is the request URL's scheme and host, whatever X-Forwarded-* says", () => {
    const request = new Request("https://Venlo.example.nl/contact", {
      headers: {
        host: "internal:3000",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "http",
      },
    });
    expect(requestOrigin(request)).toEqual({
      host: "venlo.example.nl",
      protocol: "https",
      origin: "https://venlo.example.nl",
      site: "venlo",
    });
    expect(requestOrigin(new Request("http://localhost:3000/")).origin).toBe(
      "http://localhost:3000",
    );
  });
});

describe("isValidHost", () => {
  it("accepts host names and addresses with a port", () => {
    for (const host of [
      "localhost",
      "venlo.localhost:3000",
      "studiekeuze-event-040.example.nl",
      "10.0.0.5:3000",
      "[::1]:3000",
      "web_app:3000",
      "example.nl.",
    ])
      expect(isValidHost(host), host).toBe(true);
  });

  it("refuses what no URL can hold", () => {
    for (const host of [
      undefined,
      "",
      "a b",
      "localhost<script>",
      "venlo.localhost:99999",
      "venlo.localhost:0",
      "venlo.localhost:",
      "user@localhost",
      "localhost/x",
      "[::1",
      "x".repeat(300),
    ])
      expect(isValidHost(host), String(host)).toBe(false);
  });
});

describe("normalizeIp", () => {
  it("writes IPv4 addresses on dual-stack sockets plainly", () => {
    expect(normalizeIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeIp("::1")).toBe("::1");
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
  });
});

describe("isCrossOriginWrite", () => {
  const site = "https://venlo.example.nl";
  const write = (
    method: string,
    headers: { fetchSite?: string; origin?: string },
  ) =>
    isCrossOriginWrite({
      method,
      fetchSite: headers.fetchSite,
      origin: headers.origin,
      publicOrigin: site,
    });

  it("refuses a write another site sent, by Sec-Fetch-Site or by Origin", () => {
    expect(write("POST", { fetchSite: "cross-site" })).toBe(true);
    expect(write("POST", { fetchSite: "same-site" })).toBe(true);
    expect(write("POST", { origin: "https://evil.example" })).toBe(true);
    expect(write("DELETE", { origin: "null" })).toBe(true);
    // The same host over plain HTTP, or on another port, is another origin.
    expect(write("POST", { origin: "http://venlo.example.nl" })).toBe(true);
    expect(write("PUT", { origin: "https://venlo.example.nl:8443" })).toBe(
      true,
    );
  });

  it("lets the site's own writes through, and those that say nothing", () => {
    expect(write("POST", { fetchSite: "same-origin", origin: site })).toBe(
      false,
    );
    expect(write("POST", { fetchSite: "none" })).toBe(false);
    expect(write("POST", {})).toBe(false);
  });

  it("never refuses a read: a link from elsewhere is no attack", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(
        write(method, { fetchSite: "cross-site", origin: "https://x.example" }),
      ).toBe(false);
  });
});
