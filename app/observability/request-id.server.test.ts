import { describe, expect, it } from "vitest";
import { requestIdFor } from "./request-id.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdFor", () => {
  it("keeps a trusted proxy's well-formed id", () => {
    expect(requestIdFor("7f3a9c1e-2b4d-4e5f-8a6b-1c2d3e4f5a6b", true)).toBe(
      "7f3a9c1e-2b4d-4e5f-8a6b-1c2d3e4f5a6b",
    );
    expect(requestIdFor("Root=1-67891233-abcdef012345678912345678", true)).toBe(
      "Root=1-67891233-abcdef012345678912345678",
    );
  });

  it("makes a new one for an untrusted peer, a missing id, or one unfit for a header or a log line", () => {
    for (const [received, trusted] of [
      ["7f3a9c1e", false],
      [undefined, true],
      ["", true],
      ["two words", true],
      ['quote"d', true],
      ["x".repeat(129), true],
    ] as const)
      expect(requestIdFor(received, trusted)).toMatch(UUID);
  });
});
