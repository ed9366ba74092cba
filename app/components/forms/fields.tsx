/**
 * The parts every form is built from. Each takes Conform's field metadata once and wires the label, the hint,
 * the error, aria-invalid and aria-describedby itself, so a route never spreads Conform's props by hand.
 *
 * After a failed submit (GOV.UK's error summary pattern): a box at the top of the form lists every invalid field
 * as a link to it, and focus goes to the first invalid field: with JavaScript Conform moves it; without, the
 * server renders that field with `autofocus`, so the page opens there, just below the summary.
 */
/* eslint-disable jsx-a11y/no-autofocus -- autofocus is only rendered by the server after a failed submit, to open
   the page at the problem; never on a page as it first appears. */
import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { FieldMetadata } from "@conform-to/react";
import { createContext, useContext, useId } from "react";
import type * as React from "react";
import { FieldErrors, FieldHint, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { constraintsOf } from "~/lib/form-rules";
import { cn } from "~/lib/utils";
import { FORMS } from "~/messages";

/** What the form parts read of a field: Conform's metadata for a field of any type. */
type Field<Value> = FieldMetadata<Value>;

/** An option of a select or radio group: its value and its visible text. */
export interface Option {
  value: string;
  label: string;
}

/** The name of the field that is rendered focused (without JavaScript, after a failed submit). */
export const FocusedField = createContext<string | undefined>(undefined);

function useServerFocus(field: { name: string }): true | undefined {
  return useContext(FocusedField) === field.name ? true : undefined;
}

/** The constraints `constraintsOf` puts on a field: the only ones a form here has. */
type Constraint = ReturnType<typeof constraintsOf>[string];

/** What the parts below and Conform's helpers read of a field. */
type FieldRead = Pick<
  Field<unknown>,
  | "id"
  | "name"
  | "formId"
  | "key"
  | "errorId"
  | "descriptionId"
  | "errors"
  | "initialValue"
> &
  Partial<Constraint>;

/**
 * A field's metadata read from Conform once per render. Conform makes its whole metadata object afresh (a Proxy
 * around a dozen getters) on every property read, and a field's label, control and errors read some twenty
 * properties: after a failed 'Versturen', which renders every field again, those reads were about 40 % of the
 * form's render (docs/benchmarks.md). The reads are the ones the parts below and Conform's helpers made, so Conform
 * still subscribes the form to the same parts of its state. Of the constraints only those `constraintsOf` sets
 * are read; the others (minLength, min, accept, …) were undefined and stay so.
 */
function readField(field: Field<unknown>): FieldRead {
  const constraint = {
    required: field.required,
    pattern: field.pattern,
  } satisfies Record<keyof Constraint, unknown>;
  return {
    id: field.id,
    name: field.name,
    formId: field.formId,
    key: field.key,
    errorId: field.errorId,
    descriptionId: field.descriptionId,
    errors: field.errors,
    initialValue: field.initialValue,
    ...constraint,
  };
}

/** Conform's helpers take its metadata type; of it they read only what readField read. */
function asMetadata(field: FieldRead): Field<unknown> {
  return field as Field<unknown>;
}

/** The hint's id, for aria-describedby; Conform adds the error's id in front of it when the field is invalid. */
function describedBy(field: { descriptionId: string }, hint: React.ReactNode) {
  return hint ? field.descriptionId : undefined;
}

/** Conform's props without `key`: React takes a key only as a JSX attribute, never from a spread. */
function withoutKey<Props extends { key?: unknown }>({
  key: _key,
  ...props
}: Props): Omit<Props, "key"> {
  return props;
}

type NativeInputProps = Omit<
  React.ComponentProps<"input">,
  "id" | "name" | "form" | "type" | "defaultValue" | "defaultChecked" | "value"
>;

export function TextField<Value>({
  label,
  field,
  type = "text",
  hint,
  className,
  ...props
}: NativeInputProps & {
  label: React.ReactNode;
  field: Field<Value>;
  type?: "text" | "email" | "tel" | "url" | "search" | "password";
  hint?: React.ReactNode;
}) {
  const read = readField(field);
  const autoFocus = useServerFocus(read);
  return (
    <FormField label={label} field={read} hint={hint} className={className}>
      <Input
        key={read.key}
        {...withoutKey(
          getInputProps(asMetadata(read), {
            type,
            ariaDescribedBy: describedBy(read, hint),
          }),
        )}
        autoFocus={autoFocus}
        {...props}
      />
    </FormField>
  );
}

export function TextareaField<Value>({
  label,
  field,
  hint,
  className,
  ...props
}: Omit<
  React.ComponentProps<"textarea">,
  "id" | "name" | "form" | "defaultValue" | "value"
> & {
  label: React.ReactNode;
  field: Field<Value>;
  hint?: React.ReactNode;
}) {
  const read = readField(field);
  const autoFocus = useServerFocus(read);
  return (
    <FormField label={label} field={read} hint={hint} className={className}>
      <Textarea
        key={read.key}
        {...withoutKey(
          getTextareaProps(asMetadata(read), {
            ariaDescribedBy: describedBy(read, hint),
          }),
        )}
        autoFocus={autoFocus}
        {...props}
      />
    </FormField>
  );
}

export function SelectField<Value>({
  label,
  field,
  options,
  placeholder,
  hint,
  className,
  ...props
}: Omit<
  React.ComponentProps<"select">,
  "id" | "name" | "form" | "defaultValue" | "value" | "children"
> & {
  label: React.ReactNode;
  field: Field<Value>;
  options: readonly Option[];
  /** The first option, with an empty value: 'Maak een keuze'. */
  placeholder?: string;
  hint?: React.ReactNode;
}) {
  const read = readField(field);
  const autoFocus = useServerFocus(read);
  return (
    <FormField label={label} field={read} hint={hint} className={className}>
      <Select
        key={read.key}
        {...withoutKey(
          getSelectProps(asMetadata(read), {
            ariaDescribedBy: describedBy(read, hint),
          }),
        )}
        autoFocus={autoFocus}
        {...props}
      >
        {placeholder !== undefined ? (
          <option value="">{placeholder}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

const choiceInput =
  "accent-primary-700 dark:accent-primary-300 focus-visible:outline-primary-700 dark:focus-visible:outline-primary-300 size-5 shrink-0 scroll-mt-24 focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * Radios in a fieldset whose legend names the group. The first radio carries the field's id, so the error
 * summary's link lands on it; every radio is invalid and described by the error together.
 */
export function RadioGroupField<Value>({
  legend,
  field,
  options,
  hint,
  className,
}: {
  legend: React.ReactNode;
  field: Field<Value>;
  options: readonly Option[];
  hint?: React.ReactNode;
  className?: string;
}) {
  const read = readField(field);
  const autoFocus = useServerFocus(read);
  const radios = getCollectionProps(asMetadata(read), {
    type: "radio",
    options: options.map((option) => option.value),
    ariaDescribedBy: describedBy(read, hint),
  });
  return (
    <fieldset className={cn("flex flex-col gap-2", className)}>
      <legend className="mb-2 text-sm leading-none font-semibold">
        {legend}
      </legend>
      {hint ? <FieldHint id={read.descriptionId}>{hint}</FieldHint> : null}
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        {radios.map((radio, index) => {
          const id = index === 0 ? read.id : radio.id;
          return (
            <div key={radio.key} className="flex items-center gap-2">
              <input
                {...withoutKey(radio)}
                id={id}
                autoFocus={index === 0 ? autoFocus : undefined}
                className={choiceInput}
              />
              {/* 24 px tall at least (WCAG 2.2 SC 2.5.8): the label is the radio's target too. An option's
                  label, so not Label, whose semibold names a field. */}
              <label
                htmlFor={id}
                className="inline-flex min-h-6 items-center text-sm leading-none font-normal"
              >
                {options[index]?.label}
              </label>
            </div>
          );
        })}
      </div>
      <FieldErrors id={read.errorId} errors={read.errors} />
    </fieldset>
  );
}

/** One checkbox with its label beside it and an optional hint under the label. */
export function CheckboxField<Value>({
  label,
  field,
  hint,
  className,
}: {
  label: React.ReactNode;
  field: Field<Value>;
  hint?: React.ReactNode;
  className?: string;
}) {
  const read = readField(field);
  const autoFocus = useServerFocus(read);
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input
        key={read.key}
        {...withoutKey(
          getInputProps(asMetadata(read), {
            type: "checkbox",
            ariaDescribedBy: describedBy(read, hint),
          }),
        )}
        autoFocus={autoFocus}
        className={cn(choiceInput, "mt-0.5")}
      />
      <div className="flex flex-col gap-2">
        {/* 24 px tall at least (WCAG 2.2 SC 2.5.8): the label is the checkbox's target too. */}
        <Label htmlFor={read.id} className="inline-flex min-h-6 items-center">
          {label}
        </Label>
        {hint ? <FieldHint id={read.descriptionId}>{hint}</FieldHint> : null}
        <FieldErrors id={read.errorId} errors={read.errors} />
      </div>
    </div>
  );
}

/**
 * A field people do not see and bots fill in. Off-screen and out of the tab order and the accessibility tree;
 * the action treats a filled one as a bot.
 */
export function Honeypot({ name }: { name: string }) {
  const id = useId();
  return (
    <div
      aria-hidden="true"
      className="absolute -left-[9999px] size-px overflow-hidden"
    >
      <label htmlFor={id}>{FORMS.honeypot}</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
