/**
 * The Lucide icons the app draws, by their lucide-react names. `npm run icons` builds the sprite (icons.svg) from
 * this list; icons.tsx has a component of each name, so swapping an import from lucide-react is all a new icon
 * needs once it is listed here and the sprite is rebuilt.
 */
export const ICON_NAMES = [
  "ArrowLeft",
  "ChevronDown",
  "ChevronLeft",
  "ChevronRight",
  "CircleAlert",
  "CircleCheck",
  "CircleX",
  "ExternalLink",
  "Info",
  "LoaderCircle",
  "LogOut",
  "Pause",
  "Play",
  "ShoppingBasket",
  "SlidersHorizontal",
  "Star",
  "TriangleAlert",
  "X",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The symbol's id in the sprite and the icon's `lucide-…` class: the name in kebab case, as Lucide writes it. */
export function iconId(name: string): string {
  return (name.match(/\d+[xX]\d+|[A-Z]?[a-z]+|[A-Z]|\d+/g) ?? [])
    .join("-")
    .toLowerCase();
}
