import { describe, expect, it } from "vitest";
import { boundedConfirmation, cutToBytes } from "./session-cookie.server";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("cutToBytes", () => {
  it("keeps a text that fits as it is", () => {
    expect(cutToBytes("Robotica", 8)).toBe("Robotica");
  });

  it("cuts on a character boundary and ends with an ellipsis, within the bytes", () => {
    const cut = cutToBytes("🤖".repeat(10), 13);
    expect(cut).toBe("🤖🤖…");
    expect(bytes(cut)).toBeLessThanOrEqual(13);
  });
});

describe("boundedConfirmation", () => {
  it("shares the titles' byte budget among at most twenty rounds", () => {
    const outcome = boundedConfirmation(
      1,
      3,
      Array.from({ length: 25 }, (_, index) => ({
        round: index + 1,
        title: "漢".repeat(300),
      })),
    );
    expect(outcome.rounds).toHaveLength(20);
    const total = outcome.rounds!.reduce(
      (sum, { title }) => sum + bytes(title),
      0,
    );
    expect(total).toBeLessThanOrEqual(1200);
    expect(outcome).toMatchObject({ ok: true, at: 1, dayId: 3 });
  });
});
