import type * as React from "react";
import { cn } from "~/lib/utils";

/** Text-like input. Invalid styling follows aria-invalid, which Conform sets only after a field is validated. */
export function Input({
  className,
  type = "text",
  ...props
}: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 flex h-10 w-full scroll-mt-24 rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-600 focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700 aria-invalid:ring-red-700 dark:border-gray-400 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400 dark:focus-visible:ring-offset-gray-950 dark:aria-invalid:border-red-400",
        className,
      )}
      {...props}
    />
  );
}
