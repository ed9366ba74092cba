/**
 * The app's icons, drawn from one sprite instead of lucide-react's inline paths: each use is an <svg> with a
 * <use> of the sprite's symbol, so a list with a star per card repeats a line rather than a drawing, and the
 * drawings arrive once, as a hashed file browsers keep. Same names, attributes and classes as lucide-react's
 * components, so a swap of the import is all a caller needs.
 */
import type { SVGProps } from "react";
// A file, however small: inlined as a data: URI it would be repeated in every <use>, and Chromium refuses a <use>
// of a data: URI.
import spriteUrl from "./icons.svg?no-inline";
import { iconId, type IconName } from "./icon-names";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

function icon(name: IconName) {
  const id = iconId(name);
  const href = `${spriteUrl}#${id}`;
  function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
        className={
          className ? `lucide lucide-${id} ${className}` : `lucide lucide-${id}`
        }
      >
        <use href={href} />
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = icon("ArrowLeft");
export const ChevronDown = icon("ChevronDown");
export const ChevronLeft = icon("ChevronLeft");
export const ChevronRight = icon("ChevronRight");
export const CircleAlert = icon("CircleAlert");
export const CircleCheck = icon("CircleCheck");
export const CircleX = icon("CircleX");
export const ExternalLink = icon("ExternalLink");
export const Info = icon("Info");
export const LoaderCircle = icon("LoaderCircle");
export const LogOut = icon("LogOut");
export const Pause = icon("Pause");
export const Play = icon("Play");
export const ShoppingBasket = icon("ShoppingBasket");
export const SlidersHorizontal = icon("SlidersHorizontal");
export const Star = icon("Star");
export const TriangleAlert = icon("TriangleAlert");
export const X = icon("X");
