/**
 * The login box on /inschrijven (spec "SchoolSelect", "Login request"): one e-mail field that asks for a login
 * link. Built on the forms kit, so a refused address or a failed request gets the same focus, alert and 'Fout: '
 * title as every other form, with and without JavaScript.
 */
import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormErrors, IdempotencyField, TextField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { checkForm, constraintsOf, labelsOf } from "~/lib/form-rules";
import type { FormInput, FormRules } from "~/lib/form-rules";
import { SCHOOL_PAGE } from "~/messages";

/** The server's rate limiter tells a login request from other posts by this field. */
export const LOGIN_INTENT = "login";

/** An empty address does nothing (spec section 5), so it is optional here and ignored by the action. */
export const LOGIN_RULES = {
  intent: { kind: "literal", value: LOGIN_INTENT },
  email: { kind: "email", label: SCHOOL_PAGE.email, optional: true },
} as const satisfies FormRules;
/** The field's HTML constraints, worked out once rather than on every render. */
const LOGIN_CONSTRAINT = constraintsOf(LOGIN_RULES);

const LABELS = labelsOf(LOGIN_RULES);

export function LoginBox({
  title,
  lastResult,
}: {
  /** The page's title (PageTitle): the box says when it starts with 'Fout: '. */
  title: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<FormInput<typeof LOGIN_RULES>>({
    id: "login",
    lastResult,
    constraint: LOGIN_CONSTRAINT,
    // Checked first on 'Inloggen' (decision 0042); then the error goes as soon as the address is valid or empty
    // again (spec section 5).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, LOGIN_RULES),
  });
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === LOGIN_INTENT;

  return (
    <section
      aria-labelledby="login-titel"
      className="flex flex-col gap-4 rounded-lg border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id="login-titel" className="text-xl font-bold">
        {SCHOOL_PAGE.loginTitle}
      </h2>
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value={LOGIN_INTENT} />
        <IdempotencyField />
        {/* One field: its error beside it says all a summary would. */}
        <FormErrors
          form={form}
          fields={fields}
          labels={LABELS}
          title={title}
          summary={false}
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              label={LABELS.email}
              field={fields.email}
              type="email"
              autoComplete="email"
              className="grow"
            />
            {/* A secondary action: most visitors are new and choose their school below. */}
            <Button
              type="submit"
              variant="outline"
              className="self-start sm:mt-[1.375rem]"
              aria-busy={busy || undefined}
            >
              {SCHOOL_PAGE.login}
            </Button>
          </div>
        </FormErrors>
      </Form>
    </section>
  );
}
