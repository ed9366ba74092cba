import { describe, expect, it } from "vitest";
import {
  BRAND_SHADE,
  DEFAULT_PRIMARY_COLOR,
  MIN_CONTRAST,
  SHADES,
  buildPalette,
  contrastRatio,
  normalizeColor,
  themeCss,
} from "./theme";

const luminanceOrder = (palette: Record<number, string>) =>
  SHADES.map((shade) => contrastRatio(palette[shade]!, "#000000"));

describe("contrastRatio", () => {
  it("gives the WCAG extremes and a known pair", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBeCloseTo(1, 5);
    // #767676 on white is the classic just-passing AA grey (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("is symmetric", () => {
    expect(contrastRatio("#663366", "#ffffff")).toBe(
      contrastRatio("#ffffff", "#663366"),
    );
  });
});

describe("normalizeColor", () => {
  it("falls back to the default for missing or malformed colours", () => {
    expect(normalizeColor(null)).toBe(DEFAULT_PRIMARY_COLOR);
    expect(normalizeColor(undefined)).toBe(DEFAULT_PRIMARY_COLOR);
    expect(normalizeColor("xyz")).toBe(DEFAULT_PRIMARY_COLOR);
    expect(normalizeColor("12345")).toBe(DEFAULT_PRIMARY_COLOR);
  });

  it("accepts six hex digits with or without '#'", () => {
    expect(normalizeColor("#0A7F3B")).toBe("0a7f3b");
    expect(normalizeColor("0a7f3b")).toBe("0a7f3b");
  });
});

describe("buildPalette", () => {
  it("keeps a dark enough brand colour at 700 unchanged", () => {
    const palette = buildPalette("663366");
    expect(palette[BRAND_SHADE]).toBe("#663366");
    expect(palette[50]).toBe("#f7f5f7");
    expect(palette[950]).toBe("#291429");
  });

  it("uses the default colour when settings give none", () => {
    expect(buildPalette(null)).toEqual(buildPalette(DEFAULT_PRIMARY_COLOR));
  });

  it("orders the eleven shades from lightest to darkest", () => {
    for (const color of [
      "663366",
      "ffcc00",
      "00a3e0",
      "000000",
      "ffffff",
      "e4002b",
    ]) {
      const palette = buildPalette(color);
      expect(Object.keys(palette)).toHaveLength(11);
      const contrastWithBlack = luminanceOrder(palette);
      for (let i = 1; i < contrastWithBlack.length; i++) {
        expect(contrastWithBlack[i]).toBeLessThanOrEqual(
          contrastWithBlack[i - 1]!,
        );
      }
    }
  });

  it.each(["ffcc00", "ffffff", "00a3e0", "7fff00", "ff5a5f", "f28c00"])(
    "darkens light colour %s until white text on the brand shade passes AA",
    (color) => {
      const palette = buildPalette(color);
      expect(palette[BRAND_SHADE]).not.toBe(`#${color}`);
      expect(
        contrastRatio(palette[BRAND_SHADE], "#ffffff"),
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
      // Only as much as needed: one step less dark would fail.
      expect(contrastRatio(palette[BRAND_SHADE], "#ffffff")).toBeLessThan(
        MIN_CONTRAST * 1.25,
      );
    },
  );

  it.each([
    "663366",
    "ffcc00",
    "00a3e0",
    "000000",
    "ffffff",
    "1d4ed8",
    "c2410c",
  ])("keeps the text pairings the layout uses at AA for %s", (color) => {
    const p = buildPalette(color);
    // White on buttons and active tabs (700, hover 800), dark brand text on the pale tint (800 on 50).
    expect(contrastRatio("#ffffff", p[700])).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    expect(contrastRatio("#ffffff", p[800])).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    expect(contrastRatio(p[800], p[50])).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Dark mode: light brand text (200, 300) on the dark page (gray-950 #030712, gray-900 #101828).
    expect(contrastRatio(p[300], "#030712")).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    expect(contrastRatio(p[200], "#101828")).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
  });
});

describe("themeCss", () => {
  it("writes the eleven --primary-* variables on :root", () => {
    const css = themeCss("663366");
    expect(css.startsWith(":root{")).toBe(true);
    for (const shade of SHADES)
      expect(css).toMatch(new RegExp(`--primary-${shade}:#[0-9a-f]{6}`));
    expect(css).toContain("--primary-700:#663366");
  });

  it("never lets a settings value inject CSS", () => {
    expect(themeCss("663366;}body{display:none")).toBe(
      themeCss(DEFAULT_PRIMARY_COLOR),
    );
  });
});
