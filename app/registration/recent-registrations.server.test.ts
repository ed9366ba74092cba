/**
 * The registration kept between a visitor's requests (decision 0072): a change may start from what the visitor's
 * page showed, the page after a change shows its answer once, and nothing is used whose fingerprint the visitor's
 * cookie does not carry.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { draftRegistration } from "../../tests/fixtures/app";
import {
  CHANGE_REUSE_MS,
  PAGE_REUSE_MS,
  clearRecentRegistrations,
  fingerprintOf,
  forgetRegistration,
  recallRegistration,
  rememberRegistration,
} from "./recent-registrations.server";

const id = "registration-id-1234567890";
const draft = draftRegistration();
const chosen = draftRegistration({
  choices: {
    "1": { workshop: { id: 11, slug: "robotica", display: "Robotica" } },
  },
});
const at = 1_000_000;

beforeEach(() => clearRecentRegistrations());

describe("a change", () => {
  it("starts from the registration the visitor's last page read, while the cookie carries its fingerprint", () => {
    const seen = rememberRegistration(id, draft, false, at);
    expect(recallRegistration(id, seen, "change", at + 60_000)).toEqual({
      registration: draft,
    });
  });

  it("reads again when the cookie carries another fingerprint: a change made elsewhere moved it on", () => {
    rememberRegistration(id, draft, false, at);
    const elsewhere = fingerprintOf(id, chosen);
    expect(recallRegistration(id, elsewhere, "change", at)).toBeNull();
    expect(recallRegistration(id, null, "change", at)).toBeNull();
  });

  it("reads again after CHANGE_REUSE_MS", () => {
    const seen = rememberRegistration(id, draft, false, at);
    expect(
      recallRegistration(id, seen, "change", at + CHANGE_REUSE_MS + 1),
    ).toBeNull();
  });
});

describe("a page", () => {
  it("never shows a registration a page read: it reads again, so an expiry elsewhere is found at once", () => {
    const seen = rememberRegistration(id, draft, false, at);
    expect(recallRegistration(id, seen, "page", at + 1)).toBeNull();
  });

  it("shows the answer of the visitor's own change once, within PAGE_REUSE_MS", () => {
    const seen = rememberRegistration(id, chosen, true, at);
    expect(recallRegistration(id, seen, "page", at + 100)).toEqual({
      registration: chosen,
    });
    expect(recallRegistration(id, seen, "page", at + 200)).toBeNull();
    // A change after that page may still start from it.
    expect(recallRegistration(id, seen, "change", at + 300)).toEqual({
      registration: chosen,
    });
  });

  it("leaves the change's answer for the page when a read beside it only peeks (the followed seats)", () => {
    const seen = rememberRegistration(id, chosen, true, at);
    expect(recallRegistration(id, seen, "peek", at + 100)).toEqual({
      registration: chosen,
    });
    expect(recallRegistration(id, seen, "page", at + 200)).toEqual({
      registration: chosen,
    });
  });

  it("reads again when the change's answer is older than PAGE_REUSE_MS", () => {
    const seen = rememberRegistration(id, chosen, true, at);
    expect(
      recallRegistration(id, seen, "page", at + PAGE_REUSE_MS + 1),
    ).toBeNull();
  });
});

it("tells the page after a fresh id was fetched that there is none yet, and a change nothing", () => {
  const seen = rememberRegistration(id, null, true, at);
  expect(recallRegistration(id, seen, "change", at)).toBeNull();
  expect(recallRegistration(id, seen, "page", at)).toEqual({
    registration: null,
  });
  expect(recallRegistration(id, seen, "page", at)).toBeNull();
});

it("forgets a registration that is gone", () => {
  const seen = rememberRegistration(id, draft, true, at);
  forgetRegistration(id);
  expect(recallRegistration(id, seen, "change", at)).toBeNull();
});

it("fingerprints the content under its id", () => {
  expect(fingerprintOf(id, draft)).toBe(fingerprintOf(id, draftRegistration()));
  expect(fingerprintOf(id, draft)).not.toBe(fingerprintOf(id, chosen));
  expect(fingerprintOf(id, draft)).not.toBe(fingerprintOf(`${id}x`, draft));
});
