import { describe, expect, it } from "vitest";
import { DEV_SESSION_SECRET, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives the documented defaults", () => {
    const env = parseEnv({});
    expect(env.UPSTREAM_URL).toBe("http://127.0.0.1:3001");
    expect(env.ALLOWED_HOSTS).toEqual([
      "localhost",
      "venlo",
      "studiekeuze-event-040",
      "studiemarkt013",
    ]);
    expect(env.MAINTENANCE).toBe(true);
    expect(env.MAINTENANCE_END).toBe("2025-10-01T00:00");
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.SESSION_SECRET).toHaveLength(1);
    // The metrics listener has no authentication: only this machine reaches it unless told otherwise.
    expect(env.METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ METRICS_HOST: "0.0.0.0" }).METRICS_HOST).toBe("0.0.0.0");
  });

  it("reads lists and flags", () => {
    const env = parseEnv({
      ALLOWED_HOSTS: "venlo, studiemarkt013",
      TRUST_PROXY: "true",
      MAINTENANCE: "off",
      SESSION_SECRET: "a".repeat(16) + "," + "b".repeat(20),
    });
    expect(env.ALLOWED_HOSTS).toEqual(["venlo", "studiemarkt013"]);
    expect(env.TRUST_PROXY).toBe(1);
    expect(env.MAINTENANCE).toBe(false);
    expect(env.SESSION_SECRET).toEqual(["a".repeat(16), "b".repeat(20)]);
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ UPSTREAM_URL: "", SENTRY_DSN: "" }).UPSTREAM_URL).toBe(
      "http://127.0.0.1:3001",
    );
  });

  it("names every bad variable", () => {
    expect(() =>
      parseEnv({
        UPSTREAM_URL: "not a url",
        MAINTENANCE_END: "1 oktober",
        TRUST_PROXY: "maybe",
      }),
    ).toThrow(
      /UPSTREAM_URL[\s\S]*TRUST_PROXY[\s\S]*MAINTENANCE_END|UPSTREAM_URL[\s\S]*MAINTENANCE_END/,
    );
    expect(() => parseEnv({ MAINTENANCE_END: "2025-13-01T00:00" })).toThrow(
      /MAINTENANCE_END/,
    );
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(
      /SESSION_SECRET/,
    );
  });

  const upstream = {
    UPSTREAM_URL: "https://api.example.nl",
    UPSTREAM_API_KEY: "key",
  };

  it("refuses to run in production without the upstream's address and key", () => {
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(32),
    };
    expect(() => parseEnv(production)).toThrow(
      /UPSTREAM_URL: required in production\n {2}UPSTREAM_API_KEY: required in production/,
    );
    expect(() =>
      parseEnv({ ...production, UPSTREAM_URL: "https://api.example.nl" }),
    ).toThrow(
      /^Invalid configuration:\n {2}UPSTREAM_API_KEY: required in production$/,
    );
    expect(() =>
      parseEnv({ ...production, ...upstream, UPSTREAM_API_KEY: "" }),
    ).toThrow(/UPSTREAM_API_KEY: required in production/);
    expect(parseEnv({ ...production, ...upstream })).toMatchObject(upstream);
    // Development and tests keep the demo upstream's defaults.
    expect(parseEnv({}).UPSTREAM_API_KEY).toBe("demo-api-key");
  });

  it("refuses to run in production without a session secret", () => {
    expect(() => parseEnv({ NODE_ENV: "production", ...upstream })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    expect(
      parseEnv({
        NODE_ENV: "production",
        ...upstream,
        SESSION_SECRET: "x".repeat(32),
      }).SESSION_SECRET,
    ).toEqual(["x".repeat(32)]);
  });

  it("refuses the public development secret in production unless the demo allows it", () => {
    const production = {
      NODE_ENV: "production",
      ...upstream,
      SESSION_SECRET: DEV_SESSION_SECRET,
    };
    expect(() => parseEnv(production)).toThrow(
      /SESSION_SECRET: the public development secret/,
    );
    expect(() =>
      parseEnv({
        ...production,
        SESSION_SECRET: `${"x".repeat(32)},${DEV_SESSION_SECRET}`,
      }),
    ).toThrow(/SESSION_SECRET/);
    expect(
      parseEnv({ ...production, ALLOW_DEV_SESSION_SECRET: "true" })
        .SESSION_SECRET,
    ).toEqual([DEV_SESSION_SECRET]);
    expect(
      parseEnv({ SESSION_SECRET: DEV_SESSION_SECRET }).SESSION_SECRET,
    ).toEqual([DEV_SESSION_SECRET]);
  });

  it("reads TRUST_PROXY as Express's trust proxy, with true meaning one proxy", () => {
    const trust = (value: string) =>
      parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("true")).toBe(1);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.1, 172.16.0.0/12,loopback, ::1, fd00::/8")).toEqual([
      "10.0.0.1",
      "172.16.0.0/12",
      "loopback",
      "::1",
      "fd00::/8",
    ]);
    for (const bad of [
      "proxy.internal",
      "10.0.0.0/33",
      "10.0.0.1/8/2",
      "maybe",
    ])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it("reads the server's limits", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      BODY_LIMIT_KB: 64,
      RATE_LIMIT_MESSAGES: 240,
      RATE_LIMIT_POSTS: 1200,
      RATE_LIMIT_VISITOR_MESSAGES: 10,
      RATE_LIMIT_VISITOR_POSTS: 60,
      RATE_LIMIT_REPORTS: 30,
      RATE_LIMIT_LOOKUPS: 10,
      SHUTDOWN_TIMEOUT_SECONDS: 8,
    });
    expect(() => parseEnv({ BODY_LIMIT_KB: "lots" })).toThrow(/BODY_LIMIT_KB/);
  });
});
