import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/lib/theme";
import { domainLabelColors } from "./domain-label";

describe("domainLabelColors", () => {
  it("puts black text on light colours and white on dark ones", () => {
    expect(domainLabelColors("ffee00").text).toBe("#000000");
    expect(domainLabelColors("1A237E").text).toBe("#ffffff");
    expect(domainLabelColors("1A237E").background).toBe("#1a237e");
  });

  it("reaches AA (4.5:1) for any colour", () => {
    for (let value = 0; value < 0xffffff; value += 0x0f0f0f / 3) {
      const hex = Math.floor(value).toString(16).padStart(6, "0");
      const { background, text } = domainLabelColors(hex);
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("falls back to a light grey for a malformed colour", () => {
    expect(domainLabelColors("#12")).toEqual({
      background: "#e5e7eb",
      text: "#000000",
    });
  });
});
