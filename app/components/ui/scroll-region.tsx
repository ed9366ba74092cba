import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A wide part (a data table) that may scroll sideways inside its own box on a narrow screen, as WCAG 2.2 SC 1.4.10
 * allows, instead of widening the page: a named region, reachable by keyboard (the arrow keys scroll it once it has
 * focus), with shadows at the edge where more is hidden (`.scroll-shadows`).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** The region's name; not its section's heading, as two regions of one name could not be told apart. */
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    // A named <section> is a region: the element says so itself.
    <section
      aria-label={label}
      // Focusable, so a keyboard can scroll it (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn(
        "scroll-shadows focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 overflow-x-auto rounded-sm focus-visible:ring-2 focus-visible:outline-none",
        className,
      )}
    >
      {children}
    </section>
  );
}
