import type * as React from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";

/** What FormField needs of a field; Conform's field metadata has it. */
export interface FieldIds {
  id: string;
  errorId: string;
  errors?: string[];
}

/**
 * A label, the control, and the field's errors under it. The control carries aria-invalid and points at the
 * error with aria-describedby (Conform's getInputProps does both), so the error is read with the field.
 */
export function FormField({
  label,
  field,
  className,
  children,
}: {
  label: React.ReactNode;
  field: FieldIds;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={field.id}>{label}</Label>
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul
      id={id}
      className="flex flex-col gap-1 text-sm font-medium text-red-700 dark:text-red-400"
    >
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
