import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "./signed-cookie.server";

const options = { secrets: ["s3cret"], httpOnly: true, maxAge: 60 };
const value = { ids: [1, 2], name: "Zoë – één ☕", nested: { ok: true } };

/** The `name=value` part of a Set-Cookie header, as a browser sends it back. */
function sentBack(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("createSignedCookie", () => {
  it("writes exactly what React Router's own cookie writes", async () => {
    const ours = await createSignedCookie("c", options).serialize(value);
    const theirs = await createCookie("c", options).serialize(value);
    expect(ours).toBe(theirs);
  });

  it("reads React Router's cookies, and React Router reads ours", async () => {
    const theirs = await createCookie("c", options).serialize(value);
    expect(
      await createSignedCookie("c", options).parse(sentBack(theirs)),
    ).toEqual(value);
    const ours = await createSignedCookie("c", options).serialize(value);
    expect(await createCookie("c", options).parse(sentBack(ours))).toEqual(
      value,
    );
  });

  it("refuses a value whose data or signature was changed", async () => {
    const cookie = createSignedCookie("c", options);
    const header = sentBack(await cookie.serialize({ admin: false }));
    const [data, hash] = decodeURIComponent(header.slice(2)).split(".");
    const forged = Buffer.from(JSON.stringify({ admin: true })).toString(
      "base64",
    );
    expect(
      await cookie.parse(`c=${encodeURIComponent(`${forged}.${hash}`)}`),
    ).toBeNull();
    expect(
      await cookie.parse(`c=${encodeURIComponent(`${data}.AAAA`)}`),
    ).toBeNull();
    expect(await cookie.parse(`c=${encodeURIComponent(data!)}`)).toBeNull();
    expect(await cookie.parse("c=%E0%A4%A")).toBeNull();
  });

  it("reads cookies signed with an older secret and signs with the newest", async () => {
    const old = sentBack(
      await createSignedCookie("c", { secrets: ["old"] }).serialize(value),
    );
    const rotated = createSignedCookie("c", { secrets: ["new", "old"] });
    expect(await rotated.parse(old)).toEqual(value);
    const renewed = sentBack(await rotated.serialize(value));
    expect(
      await createSignedCookie("c", { secrets: ["new"] }).parse(renewed),
    ).toEqual(value);
    expect(
      await createSignedCookie("c", { secrets: ["other"] }).parse(renewed),
    ).toBeNull();
  });

  it("tells a missing cookie from an empty one, as React Router does", async () => {
    const cookie = createSignedCookie("c", options);
    expect(await cookie.parse(null)).toBeNull();
    expect(await cookie.parse("other=1")).toBeNull();
    expect(await cookie.parse("c=")).toBe("");
    expect(await cookie.serialize("", { maxAge: 0 })).toMatch(/^c=; Max-Age=0/);
    expect(cookie.isSigned).toBe(true);
    expect(cookie.name).toBe("c");
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now());
  });

  it("reads signed data that is not JSON as an empty object, as React Router does", async () => {
    const data = Buffer.from("not json").toString("base64");
    // Sign arbitrary data the way both implementations do, then read it with each.
    const hash = createHmac("sha256", "s3cret")
      .update(data)
      .digest("base64")
      .replace(/=+$/, "");
    const header = `c=${encodeURIComponent(`${data}.${hash}`)}`;
    expect(await createSignedCookie("c", options).parse(header)).toEqual({});
    expect(await createCookie("c", options).parse(header)).toEqual({});
  });
});
