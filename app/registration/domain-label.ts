/**
 * Domain labels are drawn in the upstream's label colour (spec "EventSelection"). Any colour may come, so the
 * text on it is black or white, whichever contrasts more: for any background one of them reaches WCAG AA.
 */
import { LRUCache } from "lru-cache";
import { contrastRatio } from "~/lib/theme";

export interface LabelColors {
  background: string;
  text: "#000000" | "#ffffff";
}

const FALLBACK: Readonly<LabelColors> = Object.freeze({
  background: "#e5e7eb",
  text: "#000000",
});

/**
 * A day has a dozen colours, asked for on every card of every view: each is worked out once. The key is the
 * normalised six-digit colour, so the bound is in entries of seven characters whatever the upstream sends. One
 * object per colour also lets the page data carry it once, however many labels share it.
 */
const computed = new LRUCache<string, Readonly<LabelColors>>({ max: 1000 });

/** The label's background (the given hex without '#', or a neutral grey when malformed) and its text colour. */
export function domainLabelColors(labelColor: string): Readonly<LabelColors> {
  if (!/^[0-9a-f]{6}$/i.test(labelColor)) return FALLBACK;
  const background = `#${labelColor.toLowerCase()}`;
  let colors = computed.get(background);
  if (colors === undefined) {
    const text =
      contrastRatio(background, "#000000") >=
      contrastRatio(background, "#ffffff")
        ? "#000000"
        : "#ffffff";
    colors = Object.freeze({ background, text });
    computed.set(background, colors);
  }
  return colors;
}

/** How many colours are kept (for tests). */
export function keptLabelColors(): number {
  return computed.size;
}
