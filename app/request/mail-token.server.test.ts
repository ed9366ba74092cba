import { describe, expect, it } from "vitest";
import {
  MAIL_TOKEN_MAX_AGE_SECONDS,
  forgetMailToken,
  holdMailToken,
  readMailToken,
  tokenFromUrl,
} from "./mail-token.server";
import type { MailTokenOptions } from "./mail-token.server";

const TOKEN = "a".repeat(43);
const options: MailTokenOptions = {
  secrets: ["a-test-secret-of-enough-length"],
  secure: false,
  now: () => 1_000_000,
};

/** The Cookie request header a browser sends back after receiving this Set-Cookie value. */
function cookieHeaderFrom(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("tokenFromUrl", () => {
  it("takes a token of the right shape from the query", () => {
    expect(tokenFromUrl(new URL(`http://x/login?token=${TOKEN}`))).toBe(TOKEN);
  });

  it("ignores a missing, short or oversized token", () => {
    expect(tokenFromUrl(new URL("http://x/login"))).toBeNull();
    expect(tokenFromUrl(new URL("http://x/login?token=short"))).toBeNull();
    expect(
      tokenFromUrl(new URL(`http://x/login?token=${"b".repeat(201)}`)),
    ).toBeNull();
  });
});

describe("the mail token cookie", () => {
  it("is httpOnly, SameSite=Lax, limited to the link's path and short-lived", async () => {
    const setCookie = await holdMailToken("login", TOKEN, options);
    expect(setCookie).toMatch(/^login-token=/);
    expect(setCookie).toContain("Path=/login");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain(`Max-Age=${MAIL_TOKEN_MAX_AGE_SECONDS}`);
    expect(setCookie).not.toContain(TOKEN);
    expect(setCookie).not.toContain("Secure");
    const confirm = await holdMailToken("confirm", TOKEN, {
      ...options,
      secure: true,
    });
    expect(confirm).toContain("Path=/inschrijving-bevestigen");
    expect(confirm).toContain("Secure");
  });

  it("gives the token back to its own purpose only", async () => {
    const header = cookieHeaderFrom(
      await holdMailToken("login", TOKEN, options),
    );
    expect(await readMailToken("login", header, options)).toBe(TOKEN);
    expect(await readMailToken("confirm", header, options)).toBeNull();
  });

  it("refuses a tampered or foreign-signed cookie", async () => {
    const header = cookieHeaderFrom(
      await holdMailToken("login", TOKEN, options),
    );
    const [name, value] = header.split("=") as [string, string];
    const tampered = `${name}=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
    expect(await readMailToken("login", tampered, options)).toBeNull();
    expect(
      await readMailToken("login", header, {
        ...options,
        secrets: ["another-secret-of-enough-length"],
      }),
    ).toBeNull();
  });

  it("expires after its age even when the browser keeps it", async () => {
    const header = cookieHeaderFrom(
      await holdMailToken("login", TOKEN, options),
    );
    const later = (ms: number) => ({ ...options, now: () => 1_000_000 + ms });
    expect(
      await readMailToken(
        "login",
        header,
        later(MAIL_TOKEN_MAX_AGE_SECONDS * 1000),
      ),
    ).toBe(TOKEN);
    expect(
      await readMailToken(
        "login",
        header,
        later(MAIL_TOKEN_MAX_AGE_SECONDS * 1000 + 1),
      ),
    ).toBeNull();
  });

  it("is forgotten with an expired, empty cookie", async () => {
    const setCookie = await forgetMailToken("login", options);
    expect(setCookie).toContain("Max-Age=0");
    expect(
      await readMailToken("login", cookieHeaderFrom(setCookie), options),
    ).toBeNull();
  });
});
