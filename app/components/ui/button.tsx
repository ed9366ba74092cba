import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-primary-700 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary-700 text-white hover:bg-primary-800",
        // In dark mode a dark fill with a light border, not a bright white block on a dark page.
        outline:
          "border border-primary-700 bg-white text-primary-800 hover:bg-primary-50 dark:border-primary-300 dark:bg-gray-900 dark:text-primary-100 dark:hover:bg-gray-800",
        ghost: "text-primary-800 hover:bg-primary-50",
        destructive: "bg-red-700 text-white hover:bg-red-800",
        link: "text-primary-800 dark:text-primary-200 underline underline-offset-4 hover:no-underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 px-3",
        lg: "h-11 px-6 text-base",
        icon: "size-10",
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
