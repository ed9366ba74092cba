/**
 * Contact 'Stel een vraag' (spec "Contact page", sections 5 and 8): the site's locations and the question form.
 * The form posts to this route's action, with or without JavaScript; on an upstream failure every value stays.
 * The form comes first, so that on a phone it is in reach without scrolling past the locations; those are
 * compact there (their pictures, which repeat the location's name, show from 640 px up).
 */
import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink } from "~/components/ui/icons";
import { data, Form, href, redirect, useLocation } from "react-router";
import type { Route } from "./+types/contact";
import {
  FormErrors,
  Honeypot,
  IdempotencyField,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/forms";
import { ErrorAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { checkForm, constraintsOf, labelsOf } from "~/lib/form-rules";
import type { FormInput, FormRules, FormValue } from "~/lib/form-rules";
import { schemaFor } from "~/lib/validation";
import {
  MESSAGES,
  TOASTS,
  CONTACT_FORM,
  NEW_TAB,
  QUESTION_FIELDS,
} from "~/messages";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import { QUESTION_TOPICS } from "#contract/values";
import {
  formFailureStatus,
  pageStatus,
  toastForUpstreamError,
} from "~/upstream/user-message";

/** The honeypot's name: a filled one is answered as a success without sending anything. */
const HONEYPOT = "website";

/** The question's fields (declared in app/messages/contact.ts) and the honeypot. */
export const QUESTION_RULES = {
  ...QUESTION_FIELDS,
  [HONEYPOT]: { kind: "any" },
} as const satisfies FormRules;
/** The fields' HTML constraints (required, a closed list), worked out once rather than on every render. */
const QUESTION_CONSTRAINT = constraintsOf(QUESTION_RULES);

export async function loader({ context }: Route.LoaderArgs) {
  const { siteData } = getRequestState(context);
  const idempotencyKey = pageIdempotencyKey(context);
  try {
    const answer = await siteData.call("locations");
    return {
      locations: answer.status === 200 ? answer.data : [],
      failed: false,
      idempotencyKey,
    };
  } catch {
    return data(
      { locations: [], failed: true, idempotencyKey },
      pageStatus(true),
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const idempotencyKey = formIdempotencyKey(context, formData);
  const submission = parseWithZod(formData, {
    schema: schemaFor(QUESTION_RULES),
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { session, upstream } = getRequestState(context);
  const sent = () => {
    session.flashToast(TOASTS.questionSent);
    return redirect(href("/contact"));
  };

  const { [HONEYPOT]: trap, school, klas, ...question } = submission.value;
  if (trap) return sent();

  try {
    // A repeat of this form (a resubmit after a timeout that did reach the upstream) is not stored twice.
    await upstream.call("supportCreate", {
      body: { ...question, school: school ?? null, klas: klas ?? null },
      idempotencyKey,
    });
  } catch (error) {
    // Said once, by the toast; the reply carries every submitted value back into the form.
    const toast = toastForUpstreamError(error, "question");
    session.flashToast(toast);
    return data(
      { result: submission.reply() },
      { status: formFailureStatus(toast) },
    );
  }
  return sent();
}

/** The page's title comes with the form (PageTitle): 'Fout: ' in front while its errors show. */
const TITLE = CONTACT_FORM.title;

export default function Contact({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { locations, failed } = loaderData;
  // A new location after a successful send (redirect) starts an empty form.
  const { key } = useLocation();

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8"
    >
      <h1 className="text-3xl font-bold">{TITLE}</h1>
      <div className="grid gap-10 lg:grid-cols-[1.25fr_1fr]">
        <QuestionForm key={key} lastResult={actionData?.result} />
        <section
          aria-labelledby="locaties-titel"
          className="flex flex-col gap-4"
        >
          <h2 id="locaties-titel" className="text-xl font-bold">
            {CONTACT_FORM.locations}
          </h2>
          {failed ? <ErrorAlert message={MESSAGES.genericError} /> : null}
          <ul className="flex flex-col gap-4">
            {locations.map((location) => {
              const place = [location.postcode, location.plaats]
                .filter(Boolean)
                .join(" ");
              return (
                <li key={location.display}>
                  <Card className="overflow-hidden sm:flex-row">
                    {location.afbeelding ? (
                      <img
                        src={location.afbeelding}
                        alt=""
                        className="hidden aspect-video object-cover sm:block sm:w-48 sm:self-center"
                        loading="lazy"
                      />
                    ) : null}
                    <div className="flex flex-col gap-1 p-4 text-sm sm:p-5">
                      <h3 className="text-base font-semibold">
                        {location.display}
                      </h3>
                      <address className="text-gray-700 not-italic dark:text-gray-300">
                        {location.adres ? (
                          <span className="block">{location.adres}</span>
                        ) : null}
                        {place ? (
                          <span className="block">
                            {/* A line of its own when styled; a comma when read without styles. */}
                            {location.adres ? (
                              <span className="sr-only">, </span>
                            ) : null}
                            {place}
                          </span>
                        ) : null}
                      </address>
                      {location.externeLocatieUrl ? (
                        <a
                          href={location.externeLocatieUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-primary-800 dark:text-primary-200 mt-2 inline-flex min-h-6 items-center gap-1 font-semibold underline underline-offset-4 hover:no-underline"
                        >
                          {CONTACT_FORM.moreAbout(location.display)}
                          <ExternalLink aria-hidden="true" className="size-4" />
                          <span className="sr-only">{NEW_TAB}</span>
                        </a>
                      ) : null}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </main>
  );
}

const TOPIC_OPTIONS = QUESTION_TOPICS.map((topic) => ({
  value: topic,
  label: topic,
}));

/** The fields that can be invalid, in the order of the page (the error summary lists them so). */
const LABELS = labelsOf(QUESTION_RULES);

function QuestionForm({
  lastResult,
}: {
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<
    FormInput<typeof QUESTION_RULES>,
    FormValue<typeof QUESTION_RULES>,
    string[]
  >({
    id: "vraag",
    lastResult,
    constraint: QUESTION_CONSTRAINT,
    // Checked first on 'Versturen', then as the visitor types (decision 0042).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkForm(formData, QUESTION_RULES),
  });

  return (
    <section aria-labelledby="vraag-titel" className="flex flex-col gap-4">
      <h2 id="vraag-titel" className="text-xl font-bold">
        {CONTACT_FORM.heading}
      </h2>
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-col gap-5"
      >
        <FormErrors form={form} fields={fields} labels={LABELS} title={TITLE}>
          <TextField
            label={LABELS.name}
            field={fields.name}
            autoComplete="name"
          />
          <TextField
            label={LABELS.email}
            field={fields.email}
            type="email"
            autoComplete="email"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={LABELS.school}
              field={fields.school}
              autoComplete="organization"
            />
            <TextField label={LABELS.klas} field={fields.klas} />
          </div>
          <SelectField
            label={LABELS.questionAbout}
            field={fields.questionAbout}
            options={TOPIC_OPTIONS}
            placeholder={CONTACT_FORM.choose}
          />
          <TextareaField
            label={LABELS.message}
            field={fields.message}
            rows={6}
          />
        </FormErrors>
        <Honeypot name={HONEYPOT} />
        <IdempotencyField />
        <div>
          <Button type="submit">{CONTACT_FORM.send}</Button>
        </div>
      </Form>
    </section>
  );
}
