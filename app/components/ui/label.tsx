import type * as React from "react";
import { cn } from "~/lib/utils";

export function Label({
  className,
  htmlFor,
  ...props
}: React.ComponentProps<"label">) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn("text-sm leading-none font-semibold", className)}
      {...props}
    />
  );
}
