import type * as React from "react";
import { cn } from "~/lib/utils";

export function Textarea({
  className,
  ...props
}: React.ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 flex min-h-32 w-full scroll-mt-24 rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900 focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700 dark:border-gray-400 dark:bg-gray-900 dark:text-gray-100 dark:focus-visible:ring-offset-gray-950 dark:aria-invalid:border-red-400",
        className,
      )}
      {...props}
    />
  );
}
