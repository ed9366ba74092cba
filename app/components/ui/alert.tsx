import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert } from "~/components/ui/icons";
import type * as React from "react";
import { cn } from "~/lib/utils";

const alertVariants = cva(
  "relative flex w-full items-start gap-3 rounded-lg border p-4 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0",
  {
    variants: {
      variant: {
        info: "border-primary-200 bg-primary-50 text-primary-900 dark:border-primary-800 dark:bg-gray-900 dark:text-primary-200",
        destructive:
          "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-gray-900 dark:text-red-200",
      },
      // A variant, not a caller's class: cn() does not merge, so a second text size would not reliably win.
      size: {
        default: "text-sm",
        /** The page's own text size, for a message that is the page's main content. */
        lg: "text-base",
      },
    },
    defaultVariants: { variant: "info", size: "default" },
  },
);

/**
 * A message inside the page. Pass role="alert" for a problem that appears after an action, so screen readers
 * announce it; a message that is part of the page on arrival needs no role.
 */
export function Alert({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return (
    <div
      className={cn(alertVariants({ variant, size }), className)}
      {...props}
    />
  );
}

/** A problem said once, in the page, announced to screen readers when it appears. */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <p>{message}</p>
    </Alert>
  );
}
