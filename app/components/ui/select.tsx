import { ChevronDown } from "~/components/ui/icons";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** A styled native <select>: keyboard, screen readers and forms without JavaScript all work out of the box. */
export function Select({
  className,
  children,
  ...props
}: React.ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "focus-visible:ring-primary-700 dark:focus-visible:ring-primary-300 flex h-10 w-full scroll-mt-24 appearance-none rounded-md border border-gray-500 bg-white py-2 pr-10 pl-3 text-base text-gray-900 focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700 dark:border-gray-400 dark:bg-gray-900 dark:text-gray-100 dark:focus-visible:ring-offset-gray-950 dark:aria-invalid:border-red-400",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-700 dark:text-gray-300"
      />
    </div>
  );
}
