import { describe, expect, it } from "vitest";
import { createSignedCookie } from "~/lib/signed-cookie.server";
import { ToastCookies } from "./toast-cookies.server";

const options = { secrets: ["a-test-secret-of-enough-length"], secure: false };
const toast = (message: string) => ({
  kind: "info" as const,
  message,
  durationMs: 3500,
});

/** The names a list of Set-Cookie values writes, and those it deletes. */
function names(setCookies: string[]) {
  const name = (setCookie: string) => setCookie.split("=")[0]!;
  return {
    written: setCookies.filter((c) => !/Max-Age=0\b/.test(c)).map(name),
    deleted: setCookies.filter((c) => /Max-Age=0\b/.test(c)).map(name),
  };
}

describe("ToastCookies", () => {
  it("gives taken toasts back ahead of those flashed since, and deletes none of them, when the response redirects", async () => {
    const brought = (
      await createSignedCookie("toast-0001", options).serialize(toast("oud"))
    ).split(";")[0]!;
    const toasts = await ToastCookies.read(
      brought,
      { "toast-0001": "…" },
      [],
      options,
    );
    toasts.flash(toast("eerste"), 1);
    expect(toasts.take().map(({ message }) => message)).toEqual([
      "oud",
      "eerste",
    ]);
    toasts.flash(toast("tweede"), 2);
    toasts.restoreTaken();
    const { written, deleted } = names(await toasts.commit());
    expect(deleted).toEqual([]);
    expect(written).toHaveLength(2);
    expect(toasts.take().map(({ message }) => message)).toEqual([
      "oud",
      "eerste",
      "tweede",
    ]);
  });

  it("deletes a toast cookie that does not read, and shows nothing of it", async () => {
    const header = "toast-0001=forged.value";
    const toasts = await ToastCookies.read(
      header,
      { "toast-0001": "forged.value" },
      [],
      options,
    );
    expect(toasts.changed).toBe(true);
    expect(toasts.take()).toEqual([]);
    expect(names(await toasts.commit()).deleted).toEqual(["toast-0001"]);
  });
});
