import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/lib/theme";
import { domainLabelColors, keptLabelColors } from "./domain-label";

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

describe("domainLabelColors, kept per colour", () => {
  it("works each colour out once, whatever its case", () => {
    const first = domainLabelColors("1A237E");
    expect(domainLabelColors("1a237e")).toBe(first);
    expect(domainLabelColors("1A237E")).toBe(first);
    expect(domainLabelColors("ffee00")).not.toBe(first);
  });

  it("hands out colours nobody can change", () => {
    const colors = domainLabelColors("336699");
    expect(Object.isFrozen(colors)).toBe(true);
    expect(Object.isFrozen(domainLabelColors("nonsense"))).toBe(true);
  });

  it("keeps a bounded number of colours", () => {
    for (let value = 0; value < 3000; value++)
      domainLabelColors(value.toString(16).padStart(6, "0"));
    expect(keptLabelColors()).toBeLessThanOrEqual(1000);
  });
});
