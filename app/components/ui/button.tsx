import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

// cn() does not merge classes, so no two classes here set the same property: each size brings its own text size and
// wrapping, and a caller that needs other colours or another size gets a variant rather than overriding classes.
const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-primary-700 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary-700 text-white hover:bg-primary-800",
        // In dark mode a dark fill with a light border, not a bright white block on a dark page.
        outline:
          "border border-primary-700 bg-white text-primary-800 hover:bg-primary-50 dark:border-primary-300 dark:bg-gray-900 dark:text-primary-100 dark:hover:bg-gray-800",
        /** The outline button with grey rather than brand colours in dark mode, for controls on the page's surface. */
        outlineGrey:
          "border border-primary-700 bg-white text-primary-800 hover:bg-primary-50 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800",
        ghost: "text-primary-800 hover:bg-primary-50",
        destructive: "bg-red-700 text-white hover:bg-red-800",
        link: "text-primary-800 dark:text-primary-200 underline underline-offset-4 hover:no-underline",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm whitespace-nowrap",
        sm: "h-9 px-3 text-sm whitespace-nowrap",
        lg: "h-11 px-6 text-base whitespace-nowrap",
        icon: "size-10 text-sm whitespace-nowrap",
        /** A small button whose text may wrap: as tall as its lines, and at least as tall as `sm`. */
        smWrap: "min-h-9 px-3 py-1.5 text-sm whitespace-normal",
        /** No box of its own, for a link's look: 24 px tall at least (WCAG 2.2 SC 2.5.8). */
        inline: "min-h-6 text-sm whitespace-nowrap",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> &
  VariantProps<typeof buttonVariants>;

/** A <button>. A link that looks like one takes the classes: `<Link className={buttonVariants()}>`. */
export function Button({ className, variant, size, ...props }: ButtonProps) {
  return (
    <button
      className={cn(buttonVariants({ variant, size, className }))}
      {...props}
    />
  );
}

export { buttonVariants };
