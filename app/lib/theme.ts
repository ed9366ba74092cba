/**
 * The site's brand palette: eleven shades (50 … 950) derived from the settings colour by mixing it with white
 * (lighter shades) or black (darker shades). The colour itself sits at 700, the shade buttons and active tabs
 * use with white text; when white on it would fall below WCAG AA (4.5:1) it is darkened until it passes.
 */
import { LRUCache } from "lru-cache";

export const DEFAULT_PRIMARY_COLOR = "663366";

export const SHADES = [
  50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950,
] as const;
export type Shade = (typeof SHADES)[number];
export type Palette = Record<Shade, string>;

/** The shade that carries white text (buttons, active tabs). */
export const BRAND_SHADE = 700;

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** How much white (positive) or black (negative) each shade mixes into the brand colour. */
const MIX: Record<Shade, number> = {
  50: 0.95,
  100: 0.9,
  200: 0.75,
  300: 0.6,
  400: 0.45,
  500: 0.3,
  600: 0.15,
  700: 0,
  800: -0.2,
  900: -0.4,
  950: -0.6,
};

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
  return (
    "#" +
    rgb
      .map((channel) => Math.round(channel).toString(16).padStart(2, "0"))
      .join("")
  );
}

/** Moves `amount` (0…1) of the way from `from` to `to`, channel by channel. */
function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map(
    (channel, i) => channel + ((to[i] ?? 0) - channel) * amount,
  ) as Rgb;
}

/** Relative luminance as WCAG 2 defines it. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = Math.round(channel) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const first = parseHex(a);
  const second = parseHex(b);
  if (!first || !second) throw new Error(`Not a hex colour: ${first ? b : a}`);
  const [light, dark] = [luminance(first), luminance(second)].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The settings colour as a 6-digit hex, or the default when it is missing or malformed. */
export function normalizeColor(color: string | null | undefined): string {
  return color && parseHex(color)
    ? color.replace(/^#/, "").toLowerCase()
    : DEFAULT_PRIMARY_COLOR;
}

/** The eleven shades of a brand colour, with white text on the brand shade meeting AA. */
export function buildPalette(color: string | null | undefined): Palette {
  let base = parseHex(normalizeColor(color)) as Rgb;
  // Darken in small steps until white text on the brand shade reaches AA; black always gets there.
  while (contrastRatio(toHex(base), "#ffffff") < MIN_CONTRAST)
    base = mix(base, BLACK, 0.05);

  const palette = {} as Palette;
  for (const shade of SHADES) {
    const amount = MIX[shade];
    palette[shade] = toHex(
      amount >= 0 ? mix(base, WHITE, amount) : mix(base, BLACK, -amount),
    );
  }
  return palette;
}

/** The `:root` rule with the --primary-* variables that app.css maps onto Tailwind's primary colours. */
/** Each site has one colour, asked for on every page: its stylesheet is worked out once. */
const themes = new LRUCache<string, string>({ max: 1000 });

export function themeCss(color: string | null | undefined): string {
  const key = color ?? "";
  let css = themes.get(key);
  if (css === undefined) {
    const palette = buildPalette(color);
    const variables = SHADES.map(
      (shade) => `--primary-${shade}:${palette[shade]}`,
    ).join(";");
    css = `:root{${variables}}`;
    themes.set(key, css);
  }
  return css;
}
