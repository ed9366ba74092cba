/**
 * Domain labels are drawn in the upstream's label colour (spec "EventSelection"). Any colour may come, so the
 * text on it is black or white, whichever contrasts more: for any background one of them reaches WCAG AA.
 */
import { contrastRatio } from "~/lib/theme";

export interface LabelColors {
  background: string;
  text: "#000000" | "#ffffff";
}

/** The label's background (the given hex without '#', or a neutral grey when malformed) and its text colour. */
export function domainLabelColors(labelColor: string): LabelColors {
  const background = /^[0-9a-f]{6}$/i.test(labelColor)
    ? `#${labelColor.toLowerCase()}`
    : "#e5e7eb";
  const text =
    contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff")
      ? "#000000"
      : "#ffffff";
  return { background, text };
}
