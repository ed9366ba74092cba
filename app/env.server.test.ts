import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

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
  });

  it("reads lists and flags", () => {
    const env = parseEnv({
      ALLOWED_HOSTS: "venlo, studiemarkt013",
      TRUST_PROXY: "true",
      MAINTENANCE: "off",
      SESSION_SECRET: "a".repeat(16) + "," + "b".repeat(20),
    });
    expect(env.ALLOWED_HOSTS).toEqual(["venlo", "studiemarkt013"]);
    expect(env.TRUST_PROXY).toBe(true);
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

  it("refuses to run in production without a session secret", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    expect(
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) })
        .SESSION_SECRET,
    ).toEqual(["x".repeat(32)]);
  });
});
