import { describe, expect, it } from "vitest";
import { forceAfterMs } from "./primary";

describe("forceAfterMs", () => {
  it("gives the workers their own shutdown timeout and a second to exit", () => {
    expect(forceAfterMs(8)).toBe(9000);
    expect(forceAfterMs(20)).toBe(21_000);
  });

  it("never kills sooner than 9 s, still inside a runtime's 10 s grace", () => {
    expect(forceAfterMs(0)).toBe(9000);
    expect(forceAfterMs(1)).toBe(9000);
  });
});
