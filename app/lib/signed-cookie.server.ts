/**
 * React Router's `Cookie`, signed and checked with node:crypto's HMAC instead of Web Crypto. React Router imports
 * a Web Crypto key and awaits the sign or verify call on every read and write of every cookie; a profile of a page
 * view put that at a few per cent of its CPU. The wire format is React Router's own (the value as base64 of its
 * JSON, a dot, the HMAC-SHA256 in base64 without padding), so cookies signed before this change still read, and
 * `createCookieSessionStorage` takes these as it takes its own (decision 0041).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import type { SerializeOptions } from "cookie";
import type { Cookie, CookieOptions } from "react-router";

export function createSignedCookie(
  name: string,
  { secrets, ...cookieOptions }: CookieOptions & { secrets: string[] },
): Cookie {
  if (secrets.length === 0) throw new Error(`cookie ${name}: no secret`);
  const options = { path: "/", sameSite: "lax" as const, ...cookieOptions };
  return {
    get name() {
      return name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return options.maxAge !== undefined
        ? new Date(Date.now() + options.maxAge * 1000)
        : options.expires;
    },
    async parse(cookieHeader, parseOptions) {
      if (!cookieHeader) return null;
      const value = parseCookie(cookieHeader, { ...options, ...parseOptions })[
        name
      ];
      if (value === undefined) return null;
      if (value === "") return "";
      for (const secret of secrets) {
        const data = unsign(value, secret);
        if (data !== null) return decodeData(data);
      }
      return null;
    },
    async serialize(value, serializeOptions) {
      const merged = { ...options, ...serializeOptions } as SerializeOptions;
      return stringifySetCookie(
        {
          ...merged,
          name,
          value: value === "" ? "" : sign(encodeData(value), secrets[0]!),
        },
        // React Router's wire format: every `+`, `/` and `=` escaped, as cookie 1 did (cookie 2 keeps them).
        { encode: merged.encode ?? encodeURIComponent },
      );
    },
  };
}

function signature(data: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(data).digest();
}

function sign(data: string, secret: string): string {
  return `${data}.${signature(data, secret).toString("base64").replace(/=+$/, "")}`;
}

/** The signed data, or null when the signature is not this secret's. */
function unsign(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const data = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = signature(data, secret);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? data
    : null;
}

/** React Router's encoding: base64 of the value's JSON in UTF-8. */
function encodeData(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** As React Router: a value that does not decode reads as an empty object. */
function decodeData(data: string): unknown {
  try {
    return JSON.parse(utf8.decode(Buffer.from(data, "base64")));
  } catch {
    return {};
  }
}
