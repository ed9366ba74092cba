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
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { CircleAlert } from "lucide-react";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type * as React from "react";
import { useLocation, useMatches } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Alert } from "~/components/ui/alert";
import { FieldErrors, FieldHint, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency-field";
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
const FocusedField = createContext<string | undefined>(undefined);

function useServerFocus(field: { name: string }): true | undefined {
  return useContext(FocusedField) === field.name ? true : undefined;
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
  const autoFocus = useServerFocus(field);
  return (
    <FormField label={label} field={field} hint={hint} className={className}>
      <Input
        key={field.key}
        {...withoutKey(
          getInputProps(field, {
            type,
            ariaDescribedBy: describedBy(field, hint),
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
  const autoFocus = useServerFocus(field);
  return (
    <FormField label={label} field={field} hint={hint} className={className}>
      <Textarea
        key={field.key}
        {...withoutKey(
          getTextareaProps(field, {
            ariaDescribedBy: describedBy(field, hint),
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
  const autoFocus = useServerFocus(field);
  return (
    <FormField label={label} field={field} hint={hint} className={className}>
      <Select
        key={field.key}
        {...withoutKey(
          getSelectProps(field, { ariaDescribedBy: describedBy(field, hint) }),
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
  const autoFocus = useServerFocus(field);
  const radios = getCollectionProps(field, {
    type: "radio",
    options: options.map((option) => option.value),
    ariaDescribedBy: describedBy(field, hint),
  });
  return (
    <fieldset className={cn("flex flex-col gap-2", className)}>
      <legend className="mb-2 text-sm leading-none font-semibold">
        {legend}
      </legend>
      {hint ? <FieldHint id={field.descriptionId}>{hint}</FieldHint> : null}
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        {radios.map((radio, index) => {
          const id = index === 0 ? field.id : radio.id;
          return (
            <div key={radio.key} className="flex items-center gap-2">
              <input
                {...withoutKey(radio)}
                id={id}
                autoFocus={index === 0 ? autoFocus : undefined}
                className={choiceInput}
              />
              <Label htmlFor={id} className="font-normal">
                {options[index]?.label}
              </Label>
            </div>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
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
  const autoFocus = useServerFocus(field);
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input
        key={field.key}
        {...withoutKey(
          getInputProps(field, {
            type: "checkbox",
            ariaDescribedBy: describedBy(field, hint),
          }),
        )}
        autoFocus={autoFocus}
        className={cn(choiceInput, "mt-0.5")}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={field.id}>{label}</Label>
        {hint ? <FieldHint id={field.descriptionId}>{hint}</FieldHint> : null}
        <FieldErrors id={field.errorId} errors={field.errors} />
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

/** The key the page's loader rendered: the `idempotencyKey` of the deepest route whose data has one. */
function usePageIdempotencyKey(): string | undefined {
  const matches = useMatches();
  for (const match of matches.toReversed()) {
    const data = match.loaderData as { idempotencyKey?: unknown } | undefined;
    if (typeof data?.idempotencyKey === "string") return data.idempotencyKey;
  }
  return undefined;
}

/**
 * The hidden idempotency key of a form that changes something upstream. Every such form renders it, with or
 * without JavaScript; the page's loader provides the key (`pageIdempotencyKey`).
 */
export function IdempotencyField() {
  const key = usePageIdempotencyKey();
  return key ? (
    <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
  ) : null;
}

type FormErrorsForm = Pick<
  FormMetadata,
  "id" | "status" | "errors" | "errorId"
>;

/*
 * Attempts to send a form, counted per page (React Router's location key, kept in history.state) and form id,
 * by a listener that is in place before the page hydrates: a student who presses 'Versturen' while the scripts
 * are still starting is counted too (React replays that click to the form's handlers after hydration, but a
 * listener added by an effect would never see it).
 */
const submitAttempts = new Map<string, number>();
const attemptListeners = new Set<() => void>();
const attemptKey = (locationKey: string, formId: string) =>
  `${locationKey}\n${formId}`;
if (typeof document !== "undefined") {
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.id) return;
      // Conform checks a field on blur through a submit of its own, by a button named "__intent__".
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      const state: unknown = window.history.state;
      const locationKey =
        typeof state === "object" &&
        state !== null &&
        "key" in state &&
        typeof state.key === "string"
          ? state.key
          : "default";
      const key = attemptKey(locationKey, form.id);
      submitAttempts.set(key, (submitAttempts.get(key) ?? 0) + 1);
      for (const listener of attemptListeners) listener();
    },
    true,
  );
}

function subscribeToAttempts(listener: () => void): () => void {
  attemptListeners.add(listener);
  return () => attemptListeners.delete(listener);
}

/** How often the form was sent, or an attempt refused in the browser, on this page (this history entry). */
function useSubmitAttempts(formId: string): number {
  const { key } = useLocation();
  return useSyncExternalStore(
    subscribeToAttempts,
    () => submitAttempts.get(attemptKey(key, formId)) ?? 0,
    () => 0,
  );
}

/**
 * After every failed attempt to send (the first, the second, one pressed while the page was still hydrating), focus
 * goes to what is wrong: the element `targetId` names. Conform moves focus to the first invalid field itself, but
 * not in every case (a submit React replays after hydration, a server's refusal of a form the browser let through);
 * whenever focus is still on the form's submit button, or nowhere, once the errors show, it moves here. Focus
 * anywhere else is the visitor's own and stays. Without JavaScript the server renders the same place with
 * `autofocus`.
 */
export function useFocusOnErrors(
  formId: string,
  targetId: string | undefined,
): number {
  const attempts = useSubmitAttempts(formId);
  useEffect(() => {
    if (attempts === 0 || !targetId) return;
    const active = document.activeElement;
    const stuck =
      active === null ||
      active === document.body ||
      ((active instanceof HTMLButtonElement ||
        active instanceof HTMLInputElement) &&
        active.type === "submit" &&
        active.form?.id === formId);
    if (stuck) document.getElementById(targetId)?.focus();
  }, [attempts, targetId, formId]);
  return attempts;
}

/**
 * The page's title, with 'Fout: ' in front while a failed submit's errors show (GOV.UK's pattern), so a screen
 * reader's first words on the page say so. React puts it in the head, on the server too; a page that renders it has
 * no title in its `meta`.
 */
export function PageTitle({
  title,
  failed = false,
}: {
  title: string;
  failed?: boolean;
}) {
  return <title>{failed ? `${ERROR_TITLE_PREFIX}${title}` : title}</title>;
}

export const ERROR_TITLE_PREFIX = "Fout: ";

/** The visible name of each field that can be invalid, in the order of the page: the summary lists them so. */
export type FieldLabels<Name extends string> = Partial<Record<Name, string>>;

/**
 * Wraps a form's fields with what a failed submit needs: the form-level message (FormAlert), the error summary
 * and, without JavaScript, the focus on the first invalid field (or on the form-level message when no field is
 * invalid). Put it inside the <form>, around the fields.
 */
export function FormErrors<Name extends string>({
  form,
  fields,
  labels,
  title,
  children,
}: {
  form: FormErrorsForm;
  fields: Record<Name, { id: string; name: string; errors?: string[] }>;
  labels: FieldLabels<Name>;
  /** The page's title (PageTitle): the form says when it starts with 'Fout: '. */
  title: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  // Conform forgets the submit's status at the next blur check; the summary stays until the next page.
  // A page rendered with the server's refusal starts failed (Conform also says "error" after a mere blur, so
  // only the first render counts).
  const [startedFailed] = useState(form.status === "error");
  // With JavaScript a submit refused in the browser never reaches the server: the summary shows from the
  // first attempt to send on, and follows the errors as they are put right.
  const invalid = (Object.keys(labels) as Name[]).flatMap((name) => {
    const field = fields[name];
    const message = field.errors?.[0];
    return message ? [{ field, label: labels[name] ?? name, message }] : [];
  });
  const formAlert = Boolean(form.errors?.length);
  const attempted =
    useFocusOnErrors(
      form.id,
      invalid[0]?.field.id ?? (formAlert ? form.errorId : undefined),
    ) > 0;
  const failed = startedFailed || attempted;
  // With JavaScript Conform moves focus itself; the server can only say where the page opens.
  const serverFocus = !hydrated && form.status === "error";
  const focusedField = serverFocus ? invalid[0]?.field.name : undefined;

  return (
    <>
      <PageTitle
        title={title}
        failed={failed && (invalid.length > 0 || formAlert)}
      />
      <FormAlert form={form} autoFocus={serverFocus && invalid.length === 0} />
      {failed && invalid.length > 0 ? <ErrorSummary items={invalid} /> : null}
      <FocusedField.Provider value={focusedField}>
        {children}
      </FocusedField.Provider>
    </>
  );
}

/** The form-level error (a refusal that belongs to no single field), announced when it appears. */
export function FormAlert({
  form,
  autoFocus,
}: {
  form: Pick<FormMetadata, "errors" | "errorId">;
  autoFocus?: boolean;
}) {
  if (!form.errors?.length) return null;
  return (
    <Alert
      variant="destructive"
      role="alert"
      id={form.errorId}
      // Focusable, for the focus after a failed submit (useFocusOnErrors) as for the server's autofocus.
      tabIndex={-1}
      // Without JavaScript the page opens at the only thing to read.
      autoFocus={autoFocus}
      className="scroll-mt-24"
    >
      <CircleAlert aria-hidden="true" />
      <p>{form.errors.join(" ")}</p>
    </Alert>
  );
}

/**
 * With JavaScript a link of the summary focuses its field, its label in view (GOV.UK); without, the browser
 * follows the fragment to the field.
 */
function focusField(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

function ErrorSummary({
  items,
}: {
  items: { field: { id: string }; label: string; message: string }[];
}) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  // With JavaScript the failed submit does not reload the page: focus goes to the first invalid field, and the
  // summary above it is brought into view too, so the page shows what is wrong as it does without JavaScript.
  useEffect(() => {
    const summary = ref.current;
    if (!summary) return;
    const { top } = summary.getBoundingClientRect();
    if (top < 0) summary.scrollIntoView({ block: "start" });
  }, []);
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className="flex scroll-mt-24 flex-col gap-3 rounded-lg border-2 border-red-700 bg-white p-4 text-sm dark:border-red-400 dark:bg-gray-900"
    >
      <h2
        id={titleId}
        className="flex items-center gap-2 text-base font-bold text-red-900 dark:text-red-200"
      >
        <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
        {FORMS.errorSummary}
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-6">
        {items.map(({ field, label, message }) => (
          <li key={field.id}>
            <a
              href={`#${field.id}`}
              onClick={(event) => focusField(event, field.id)}
              className="font-semibold text-red-800 underline underline-offset-4 hover:no-underline dark:text-red-300"
            >
              {label}: {message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
