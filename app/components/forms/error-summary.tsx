/**
 * After a failed submit (GOV.UK's error summary pattern): the page title's 'Fout: ', the form-level message, a box
 * at the top of the form listing every invalid field as a link to it, and the focus on the first invalid field.
 */
/* eslint-disable jsx-a11y/no-autofocus -- autofocus is only rendered by the server after a failed submit, to open
   the page at the problem; never on a page as it first appears. */
import type { FormMetadata } from "@conform-to/react";
import { CircleAlert } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import type * as React from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Alert } from "~/components/ui/alert";
import { FORMS } from "~/messages";
import { FocusedField } from "./fields";
import { useFocusOnErrors } from "./submit-attempts";

type FormErrorsForm = Pick<
  FormMetadata,
  "id" | "status" | "errors" | "errorId"
>;

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
  return <title>{failed ? `${FORMS.errorTitlePrefix}${title}` : title}</title>;
}

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
  summary = true,
  children,
}: {
  form: FormErrorsForm;
  fields: Record<Name, { id: string; name: string; errors?: string[] }>;
  labels: FieldLabels<Name>;
  /** The page's title (PageTitle): the form says when it starts with 'Fout: '. */
  title: string;
  /** False for a form of one field, whose error beside the field says all the summary would. */
  summary?: boolean;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  // Conform forgets the submit's status at the next blur check; the summary stays until the next page.
  // A page rendered with the server's refusal starts failed (Conform also says "error" after a mere blur, so
  // only the first render counts).
  const [startedFailed] = useState(form.status === "error");
  // With JavaScript a submit refused in the browser never reaches the server: the summary shows from the
  // first attempt to send on, and follows the errors as they are put right.
  // Each field's id and name read once: every read of Conform's field metadata makes it afresh (fields.tsx).
  const invalid = (Object.keys(labels) as Name[]).flatMap((name) => {
    const field = fields[name];
    const message = field.errors?.[0];
    return message
      ? [
          {
            field: { id: field.id, name: field.name },
            label: labels[name] ?? name,
            message,
          },
        ]
      : [];
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
      {summary && failed && invalid.length > 0 ? (
        <ErrorSummary items={invalid} />
      ) : null}
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
              // A list of links, not running text: 24 px tall at least (WCAG 2.2 SC 2.5.8).
              className="inline-block py-0.5 font-semibold text-red-800 underline underline-offset-4 hover:no-underline dark:text-red-300"
            >
              {label}: {message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
