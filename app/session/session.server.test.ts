import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import {
  AWAITING_COOKIE_NAME,
  AWAITING_TTL_MS,
} from "./awaiting-cookie.server";
import type { SessionOptions } from "./cookie-attributes.server";
import { SESSION_COOKIE_NAME } from "./session-cookie.server";
import {
  CONFIRMATION_TTL_MS,
  SELECTION_TTL_MS,
  VisitorSession,
} from "./session.server";
import { MAX_TOASTS } from "./toast-cookies.server";

const secrets = ["a-test-secret-of-enough-length"];
let counter = 0;
const options = (extra: Partial<SessionOptions> = {}): SessionOptions => ({
  secrets,
  secure: false,
  newId: () => `anon-${++counter}`,
  ...extra,
});

/** The Cookie request header a browser sends back after receiving these Set-Cookie values (deletions dropped). */
function cookieHeaderFrom(setCookies: string[]): string {
  return setCookies
    .filter((setCookie) => !/Max-Age=0\b/.test(setCookie))
    .map((setCookie) => setCookie.split(";")[0]!)
    .join("; ");
}

async function roundTrip(
  session: VisitorSession,
  extra: Partial<SessionOptions> = {},
): Promise<VisitorSession> {
  return VisitorSession.load(
    cookieHeaderFrom(await session.commit()),
    options(extra),
  );
}

describe("VisitorSession", () => {
  it("starts fresh without a cookie and creates an anonymous id once", async () => {
    const session = await VisitorSession.load(null, options());
    const id = session.anonymousUserId;
    expect(id).toMatch(/^anon-\d+$/);
    expect(session.anonymousUserId).toBe(id);
    expect(session.changed).toBe(true);
    expect((await roundTrip(session)).anonymousUserId).toBe(id);
  });

  it("writes a signed, httpOnly, SameSite=Lax cookie for the whole site that lasts 7 days", async () => {
    const session = await VisitorSession.load(null, options());
    session.setRegistrationId("hash-1234567890abcdef");
    const [setCookie] = await session.commit();
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=`));
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Max-Age=604800/);
    expect(setCookie).not.toMatch(/Secure/);
    const secure = await VisitorSession.load(null, options({ secure: true }));
    secure.setSchool(1);
    expect((await secure.commit())[0]).toMatch(/; Secure/);
  });

  it("reports no change when a stored session is only read", async () => {
    const first = await VisitorSession.load(null, options());
    void first.anonymousUserId;
    const again = await roundTrip(first);
    void again.anonymousUserId;
    void again.registrationId;
    expect(again.changed).toBe(false);
  });

  it("drops a tampered cookie and starts afresh", async () => {
    const session = await VisitorSession.load(null, options());
    session.setRegistrationId("hash-1234567890abcdef");
    const header = cookieHeaderFrom(await session.commit());
    const [name, value] = header.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    const reloaded = await VisitorSession.load(tampered, options());
    expect(reloaded.registrationId).toBeNull();
    expect(reloaded.changed).toBe(false);
    void reloaded.anonymousUserId;
    expect(reloaded.changed).toBe(true);
  });

  it("drops an unreadable cookie or one signed with an unknown secret", async () => {
    expect(
      (
        await VisitorSession.load(
          `${SESSION_COOKIE_NAME}=%%%not-base64`,
          options(),
        )
      ).registrationId,
    ).toBeNull();
    const session = await VisitorSession.load(
      null,
      options({ secrets: ["another-secret-of-enough-length"] }),
    );
    session.setRegistrationId("hash-1234567890abcdef");
    expect((await roundTrip(session)).registrationId).toBeNull();
  });

  it("drops a correctly signed cookie whose content does not fit", async () => {
    const cookie = createCookie(SESSION_COOKIE_NAME, { secrets });
    const header = cookieHeaderFrom([
      await cookie.serialize({ anonymousUserId: 42, schoolId: "x" }),
    ]);
    const session = await VisitorSession.load(header, options());
    expect(session.schoolId).toBeNull();
    expect(session.anonymousUserId).toMatch(/^anon-/);
  });

  it("keeps reading cookies signed with an older secret after rotation", async () => {
    const old = await VisitorSession.load(
      null,
      options({ secrets: ["the-old-secret-of-enough-length"] }),
    );
    old.setRegistrationId("hash-1234567890abcdef");
    const header = cookieHeaderFrom(await old.commit());
    const rotated = await VisitorSession.load(
      header,
      options({
        secrets: [
          "the-new-secret-of-enough-length",
          "the-old-secret-of-enough-length",
        ],
      }),
    );
    expect(rotated.registrationId).toBe("hash-1234567890abcdef");
  });

  it("forgets the orientation day and school 24 h after they were saved", async () => {
    let now = Date.parse("2025-06-01T10:00:00Z");
    const clock = { now: () => now };
    const session = await VisitorSession.load(null, options(clock));
    session.setOrientationDay(3);
    session.setSchool(7);
    session.setRegistrationId("hash-1234567890abcdef");
    now += SELECTION_TTL_MS - 1;
    const stillThere = await roundTrip(session, clock);
    expect([stillThere.orientationDayId, stillThere.schoolId]).toEqual([3, 7]);
    now += 1;
    const expired = await roundTrip(session, clock);
    expect([expired.orientationDayId, expired.schoolId]).toEqual([null, null]);
    expect(expired.registrationId).toBe("hash-1234567890abcdef");
    expect(expired.changed).toBe(true);
  });

  it("clearing forgets registration, school and anonymous id but keeps the day", async () => {
    const session = await VisitorSession.load(null, options());
    const id = session.anonymousUserId;
    session.setOrientationDay(3);
    session.setSchool(7);
    session.setRegistrationId("hash-1234567890abcdef");
    session.clear();
    const next = await roundTrip(session);
    expect(next.registrationId).toBeNull();
    expect(next.schoolId).toBeNull();
    expect(next.orientationDayId).toBe(3);
    expect(next.anonymousUserId).not.toBe(id);
  });

  it("shows flashed toasts once, in order", async () => {
    const session = await VisitorSession.load(null, options());
    session.flashToast({
      kind: "info",
      message: "Je bent uitgelogd",
      durationMs: 3500,
    });
    session.flashToast({
      kind: "error",
      message: "Er is iets fout gegaan. Probeer het later opnieuw",
      durationMs: 5000,
    });
    const next = await roundTrip(session);
    expect(next.takeToasts().map((toast) => toast.message)).toEqual([
      "Je bent uitgelogd",
      "Er is iets fout gegaan. Probeer het later opnieuw",
    ]);
    expect(next.changed).toBe(true);
    expect((await roundTrip(next)).takeToasts()).toEqual([]);
  });

  it("keeps a confirmation for the thank-you page for a day, through clearing the store", async () => {
    let now = 1_000_000;
    const session = await VisitorSession.load(
      null,
      options({ now: () => now }),
    );
    session.setConfirmation({
      ok: true,
      dayId: 4,
      rounds: [{ round: 1, title: "x".repeat(500) }],
    });
    session.clear();
    const next = await roundTrip(session, { now: () => now });
    expect(next.confirmation).toMatchObject({ ok: true, dayId: 4 });
    expect(next.confirmation?.rounds?.[0]?.title).toHaveLength(300);
    now += CONFIRMATION_TTL_MS + 1;
    expect(next.confirmation).toBeNull();
  });

  it("keeps the registration waiting for its mailed link in a cookie of its own, for a day, through clearing the store and stale session cookies", async () => {
    let now = 1_000_000;
    const before = await VisitorSession.load(null, options({ now: () => now }));
    before.setRegistrationId("the-registration-id-sent");
    const staleHeader = cookieHeaderFrom(await before.commit());

    const sending = await VisitorSession.load(
      staleHeader,
      options({ now: () => now }),
    );
    const sent = sending.registrationId!;
    sending.clear();
    sending.setAwaitingConfirmation(sent);
    const written = await sending.commit();
    expect(written.some((c) => c.startsWith(`${AWAITING_COOKIE_NAME}=`))).toBe(
      true,
    );
    expect(
      written.find((c) => c.startsWith(`${AWAITING_COOKIE_NAME}=`)),
    ).toMatch(/HttpOnly/i);
    // A response to a request sent before 'Versturen' writes the old session cookie; the other cookie stands.
    const header = `${staleHeader}; ${cookieHeaderFrom(written)
      .split("; ")
      .filter((pair) => !pair.startsWith(`${SESSION_COOKIE_NAME}=`))
      .join("; ")}`;
    const next = await VisitorSession.load(header, options({ now: () => now }));
    expect(next.awaitingConfirmation).toEqual({
      id: "the-registration-id-sent",
      at: now,
    });
    expect(next.registrationId).toBeNull();
    now += AWAITING_TTL_MS + 1;
    expect(next.awaitingConfirmation).toBeNull();

    next.setAwaitingConfirmation(null);
    const forgotten = await next.commit();
    expect(forgotten).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${AWAITING_COOKIE_NAME}=;.*Max-Age=0`),
      ),
    );
  });

  it("reads a tampered waiting-registration cookie as none", async () => {
    const header = `${AWAITING_COOKIE_NAME}=${Buffer.from(JSON.stringify({ id: "x", at: 1 })).toString("base64")}.forged`;
    const session = await VisitorSession.load(header, options());
    expect(session.awaitingConfirmation).toBeNull();
  });

  it("records a failed confirmation without a day or rounds", async () => {
    const session = await VisitorSession.load(null, options());
    session.setConfirmation({ ok: false });
    const next = await roundTrip(session);
    expect(next.confirmation).toEqual({ ok: false, at: expect.any(Number) });
  });
});

/** A browser's cookie jar: Set-Cookie values applied in the order the responses arrive. */
function jar(header = "") {
  const cookies = new Map<string, string>();
  for (const pair of header.split("; ").filter(Boolean))
    cookies.set(pair.split("=")[0]!, pair);
  return {
    apply(setCookies: string[]) {
      for (const setCookie of setCookies) {
        const pair = setCookie.split(";")[0]!;
        const name = pair.split("=")[0]!;
        if (/Max-Age=0\b/.test(setCookie)) cookies.delete(name);
        else cookies.set(name, pair);
      }
    },
    get header() {
      return [...cookies.values()].join("; ");
    },
  };
}

const toast = (message: string) => ({
  kind: "info" as const,
  message,
  durationMs: 3500,
});

describe("concurrent responses", () => {
  it("keep every toast of sixteen posts sent at once", async () => {
    const start = await VisitorSession.load(null, options());
    start.setOrientationDay(3);
    const browser = jar(cookieHeaderFrom(await start.commit()));
    const sent = browser.header;
    const responses = await Promise.all(
      Array.from({ length: 16 }, async (_, index) => {
        const session = await VisitorSession.load(sent, options());
        session.flashToast(toast(`toast ${index}`));
        return session.commit();
      }),
    );
    for (const setCookies of responses) browser.apply(setCookies);
    const next = await VisitorSession.load(browser.header, options());
    expect(next.takeToasts()).toHaveLength(16);
    browser.apply(await next.commit());
    expect(
      (await VisitorSession.load(browser.header, options())).takeToasts(),
    ).toEqual([]);
  });

  it("keep at most MAX_TOASTS waiting toasts, the newest, however many posts come without a page", async () => {
    const browser = jar();
    let now = 1_000_000;
    for (let index = 0; index < MAX_TOASTS + 10; index++) {
      const session = await VisitorSession.load(
        browser.header || null,
        options({ now: () => (now += 1000) }),
      );
      session.flashToast(toast(`toast ${index}`));
      browser.apply(await session.commit());
    }
    const shown = (
      await VisitorSession.load(browser.header, options())
    ).takeToasts();
    expect(shown).toHaveLength(MAX_TOASTS);
    expect(shown.at(-1)?.message).toBe(`toast ${MAX_TOASTS + 9}`);
    expect(browser.header.length).toBeLessThan(8000);
  });

  it("do not bring back a registration cleared meanwhile ('Uitloggen', then a stale response)", async () => {
    const start = await VisitorSession.load(null, options());
    start.setOrientationDay(3);
    start.setRegistrationId("hash-1234567890abcdef");
    const browser = jar(cookieHeaderFrom(await start.commit()));
    const sent = browser.header;
    // A post sent before the logout, answered after it, writes the old session cookie back.
    const stale = await VisitorSession.load(sent, options());
    stale.setSchool(5);
    const logout = await VisitorSession.load(sent, options());
    logout.clear();
    browser.apply(await logout.commit());
    browser.apply(await stale.commit());
    const next = await VisitorSession.load(browser.header, options());
    expect(next.registrationId).toBeNull();
    expect(next.schoolId).toBeNull();
    expect(next.orientationDayId).toBe(3);
    // Written again, the session belongs to the new generation and stays as it is then set.
    next.setRegistrationId("hash-fedcba0987654321");
    browser.apply(await next.commit());
    expect(
      (await VisitorSession.load(browser.header, options())).registrationId,
    ).toBe("hash-fedcba0987654321");
  });
});

describe("the session cookie's size", () => {
  it("stays under 4 KB for a confirmation of twenty rounds with long titles in any script", async () => {
    const session = await VisitorSession.load(null, options());
    session.setOrientationDay(3);
    session.setRegistrationId("hash-1234567890abcdef");
    session.setConfirmation({
      ok: true,
      dayId: 3,
      rounds: Array.from({ length: 20 }, (_, index) => ({
        round: index + 1,
        title: `${index} ${"🤖漢字é".repeat(100)}`,
      })),
    });
    const [setCookie] = await session.commit();
    expect(setCookie!.length).toBeLessThanOrEqual(4096);
    const next = await VisitorSession.load(
      cookieHeaderFrom([setCookie!]),
      options(),
    );
    expect(next.confirmation?.rounds).toHaveLength(20);
    expect(next.confirmation?.rounds?.[19]?.title).toMatch(/^19 🤖/);
  });
});
