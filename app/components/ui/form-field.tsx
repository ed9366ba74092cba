import type * as React from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";

/** What FormField needs of a field; Conform's field metadata has it. */
export interface FieldIds {
  id: string;
  errorId: string;
  /** Where a hint goes, so the control can point at it (Conform's `descriptionId`). */
  descriptionId?: string;
  errors?: string[];
}

/**
 * A label, an optional hint, the control, and the field's errors under it. The control carries aria-invalid and
 * points at the error (and the hint) with aria-describedby, so both are read with the field.
 */
export function FormField({
  label,
  field,
  hint,
  className,
  children,
}: {
  label: React.ReactNode;
  field: FieldIds;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={field.id}>{label}</Label>
      {hint ? <FieldHint id={field.descriptionId}>{hint}</FieldHint> : null}
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldHint({
  id,
  className,
  ...props
}: React.ComponentProps<"p">) {
  return (
    <p
      id={id}
      className={cn("text-sm text-gray-700 dark:text-gray-300", className)}
      {...props}
    />
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
