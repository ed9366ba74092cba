/**
 * The personal details form of EventRegistration (spec "EventRegistration", "Submit", section 5): the visitor's
 * details, checked as they are typed and again by the route's action, with the send button and what blocks it.
 */
import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import type * as React from "react";
import { Form, useNavigation } from "react-router";
import {
  CheckboxField,
  FormErrors,
  IdempotencyField,
  RadioGroupField,
  SelectField,
  TextField,
} from "~/components/forms";
import type { FieldLabels } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { DETAILS_FIELDS, DETAILS_FORM } from "~/messages";
import {
  NUMBER_OF_PERSONS,
  personalDetailsRules,
  withNamesFilledIn,
} from "~/registration/personal-details";
import type {
  PersonalDetails,
  PersonalDetailsInput,
} from "~/registration/personal-details";
import { GESLACHT } from "#contract/values";
import { checkForm, constraintsOf, labelsOf } from "~/lib/form-rules";

/** The page's title comes with the form (PageTitle): 'Fout: ' in front while its errors show. */
export function pageTitle(created: boolean) {
  return DETAILS_FORM.title(created);
}

const GENDER_LABELS: Record<(typeof GESLACHT)[number], string> =
  DETAILS_FORM.genders;
const GENDER_OPTIONS = GESLACHT.map((value) => ({
  value,
  label: GENDER_LABELS[value],
}));
const PERSON_OPTIONS = NUMBER_OF_PERSONS.map((value) => ({
  value,
  label: value,
}));

/** Each field's label, from its declaration (DETAILS_FIELDS). */
const LABELS = labelsOf(DETAILS_FIELDS);

const OPTIONAL = DETAILS_FORM.optional;

/**
 * With JavaScript, leaving the calling name or the first name fills in the other when that one is still empty
 * (the server does the same for a form sent without JavaScript). An input event lets Conform see the value.
 */
function fillWhenEmpty(otherId: string) {
  return (event: React.FocusEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value.trim();
    const other = document.getElementById(otherId);
    if (!value || !(other instanceof HTMLInputElement) || other.value.trim())
      return;
    other.value = value;
    other.dispatchEvent(new Event("input", { bubbles: true }));
    // Tabbing on into the other field: typing there replaces the suggestion instead of adding to it.
    if (event.relatedTarget === other) other.select();
  };
}

export function PersonalDetailsForm({
  created,
  defaults,
  blocker,
  lastResult,
}: {
  created: boolean;
  defaults: Partial<Record<keyof PersonalDetailsInput, string>>;
  blocker: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const rules = personalDetailsRules({ created });
  const constraint = useMemo(() => constraintsOf(rules), [rules]);
  const [form, fields] = useForm<PersonalDetailsInput, PersonalDetails>({
    id: "gegevens",
    lastResult,
    defaultValue: defaults,
    constraint,
    // Checked first on 'Versturen', then as the student types (decision 0042): nothing appears as a field is
    // left, so nothing moves under a finger or a mouse between the press and the release.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // As the server does: a form sent before the other name's field was left still has both names.
    onValidate: ({ formData }) => checkForm(withNamesFilledIn(formData), rules),
  });
  const sending = useNavigation().state === "submitting";
  // A refused send because of the blocker is said once: beside the button, where the blocker always stands.
  const refused = blocker !== null && form.errors?.includes(blocker) === true;
  const otherFormErrors = form.errors?.filter((error) => error !== blocker);
  // The fields that can be invalid, in the order of the page (the error summary lists them so).
  const labels: FieldLabels<keyof PersonalDetailsInput> = useMemo(
    () => labelsOf(rules),
    [rules],
  );

  return (
    <section aria-labelledby="gegevens-titel" className="flex flex-col gap-4">
      <h2 id="gegevens-titel" className="text-xl font-bold">
        {DETAILS_FORM.heading}
      </h2>
      {/* No preventScrollReset: a refused send stays put anyway (React Router keeps the scroll of a POST that
          answers with the page), and the success's redirect must open Home at the top. */}
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-col gap-5"
      >
        <FormErrors
          form={{
            id: form.id,
            status: form.status,
            errorId: form.errorId,
            errors: otherFormErrors,
          }}
          fields={fields}
          labels={labels}
          title={pageTitle(created)}
        >
          <RadioGroupField
            legend={LABELS.geslacht}
            field={fields.geslacht}
            options={GENDER_OPTIONS}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={LABELS.display}
              field={fields.display}
              autoComplete="nickname"
              onBlur={fillWhenEmpty(fields.voornaam.id)}
            />
            <TextField
              label={LABELS.voornaam}
              field={fields.voornaam}
              autoComplete="given-name"
              onBlur={fillWhenEmpty(fields.display.id)}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-[1fr_2fr]">
            <TextField
              label={LABELS.tussenvoegsel}
              field={fields.tussenvoegsel}
              hint={OPTIONAL}
              autoComplete="off"
            />
            <TextField
              label={LABELS.achternaam}
              field={fields.achternaam}
              autoComplete="family-name"
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={LABELS.klas}
              field={fields.klas}
              autoComplete="off"
            />
            <SelectField
              label={LABELS.aantalPersonen}
              field={fields.aantalPersonen}
              options={PERSON_OPTIONS}
              // Always one of its options, never empty: `required` adds nothing, and HTML allows it on a
              // single-choice select only when the first option is an empty placeholder.
              required={false}
            />
          </div>
          <TextField
            label={LABELS.telefoonnummer}
            field={fields.telefoonnummer}
            type="tel"
            hint={OPTIONAL}
            autoComplete="tel"
          />
          <TextField
            label={LABELS.emailadres}
            field={fields.emailadres}
            type="email"
            autoComplete="email"
            readOnly={created}
            hint={created ? DETAILS_FORM.emailFixed : undefined}
          />
          {created ? null : (
            <TextField
              label={LABELS.repeatEmail}
              field={fields.repeatEmail}
              type="email"
              autoComplete="email"
            />
          )}
          <CheckboxField
            label={LABELS.marketingOptin}
            field={fields.marketingOptin}
            hint={DETAILS_FORM.marketingHint}
          />
        </FormErrors>
        <IdempotencyField />
        <div className="flex flex-wrap items-center gap-4">
          <Button
            type="submit"
            size="lg"
            disabled={blocker !== null || sending}
            aria-describedby={blocker ? "verzenden-niet-mogelijk" : undefined}
          >
            {DETAILS_FORM.send(created)}
          </Button>
          {blocker ? (
            <p
              id="verzenden-niet-mogelijk"
              role={refused ? "alert" : undefined}
              className="text-sm font-medium text-red-700 dark:text-red-400"
            >
              {blocker}
            </p>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
