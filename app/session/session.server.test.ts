import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import {
  CONFIRMATION_TTL_MS,
  SELECTION_TTL_MS,
  SESSION_COOKIE_NAME,
  VisitorSession,
} from "./session.server";
import type { SessionOptions } from "./session.server";

const secrets = ["a-test-secret-of-enough-length"];
let counter = 0;
const options = (extra: Partial<SessionOptions> = {}): SessionOptions => ({
  secrets,
  secure: false,
  newId: () => `anon-${++counter}`,
  ...extra,
});

/** The Cookie request header a browser sends back after receiving this Set-Cookie value. */
function cookieHeaderFrom(setCookie: string): string {
  return setCookie.split(";")[0]!;
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
    const setCookie = await session.commit();
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=`));
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Max-Age=604800/);
    expect(setCookie).not.toMatch(/Secure/);
    const secure = await VisitorSession.load(null, options({ secure: true }));
    secure.setSchool(1);
    expect(await secure.commit()).toMatch(/; Secure/);
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
    const header = cookieHeaderFrom(
      await cookie.serialize({ anonymousUserId: 42, schoolId: "x" }),
    );
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

  it("records a failed confirmation without a day or rounds", async () => {
    const session = await VisitorSession.load(null, options());
    session.setConfirmation({ ok: false });
    const next = await roundTrip(session);
    expect(next.confirmation).toEqual({ ok: false, at: expect.any(Number) });
  });
});
