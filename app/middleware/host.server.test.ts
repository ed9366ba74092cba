import { describe, expect, it } from "vitest";
import { normalizeIp } from "~/session/client-ip.server";
import { clientIp, effectiveHost, siteName } from "./host.server";

const request = (headers: Record<string, string>) =>
  new Request("http://internal:3000/", { headers });

describe("siteName", () => {
  it("is the first label of the host name, without port", () => {
    expect(siteName("venlo.localhost:3000")).toBe("venlo");
    expect(siteName("localhost:3100")).toBe("localhost");
    expect(siteName("studiemarkt013.example.nl")).toBe("studiemarkt013");
    expect(siteName("[::1]:3000")).toBe("[::1]");
    expect(siteName("")).toBe("");
  });
});

describe("effectiveHost", () => {
  it("takes the Host header, and X-Forwarded-Host only from a trusted proxy", () => {
    const headers = {
      host: "Venlo.LOCALHOST:3000",
      "x-forwarded-host": "localhost, proxy.internal",
    };
    expect(effectiveHost(request(headers), false)).toBe("venlo.localhost:3000");
    expect(effectiveHost(request(headers), true)).toBe("localhost");
  });
});

describe("clientIp", () => {
  it("is the socket address unless a trusted proxy forwarded the client's", () => {
    const headers = { "x-forwarded-for": "198.51.100.7, 10.0.0.2" };
    expect(clientIp(request(headers), false, "::ffff:10.0.0.2")).toBe(
      "10.0.0.2",
    );
    expect(clientIp(request(headers), true, "::ffff:10.0.0.2")).toBe(
      "198.51.100.7",
    );
    expect(clientIp(request({}), true, null)).toBeNull();
  });

  it("writes IPv4 addresses on dual-stack sockets plainly", () => {
    expect(normalizeIp("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeIp("::1")).toBe("::1");
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
  });
});
