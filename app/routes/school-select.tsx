/**
 * /inschrijven (spec "SchoolSelect", "Choosing a school"): the login box for a visitor who registered before,
 * then one button per school of the chosen day. Choosing a school sets it on the registration (add-school when
 * one exists, create otherwise) and goes on to /workshops.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CircleAlert } from "lucide-react";
import {
  data,
  Form,
  href,
  Link,
  redirect,
  useLocation,
  useNavigation,
} from "react-router";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import type { Route } from "./+types/school-select";
import {
  SCHOOL_INTENT,
  SchoolButton,
} from "~/components/registration/school-button";
import {
  IdempotencyField,
  PageTitle,
  useFocusOnErrors,
} from "~/components/forms";
import { Alert, ErrorAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { emailAddress, formId } from "~/lib/validation";
import { MESSAGES, TOASTS, VALIDATION, SCHOOL_PAGE } from "~/messages";
import {
  changeRegistration,
  ensureRegistrationId,
  expireRegistration,
  getRegistration,
  requireDay,
  setRegistration,
} from "~/registration/registration.server";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import type { School } from "~/upstream/contract";
import {
  describeUpstreamError,
  pageStatus,
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";

const LOGIN_INTENT = "login";
/** Spec section 9: 'Login request delayed 1 s'. */
const LOGIN_REQUEST_DELAY_MS = 1000;

/** An empty address does nothing (spec section 5), so it is optional here and ignored in the action. */
const LoginSchema = z.object({
  intent: z.literal(LOGIN_INTENT),
  email: emailAddress().optional(),
});

const SchoolSchema = z.object({
  intent: z.literal(SCHOOL_INTENT),
  school: formId("school"),
});

/**
 * The day's schools; null when none take part (upstream 204). Rejects with the upstream's error.
 */
async function fetchSchools(
  context: Route.LoaderArgs["context"],
  dayId: number,
): Promise<School[] | null> {
  const { upstream } = getRequestState(context);
  const answer = await upstream.call("schools", {
    query: { orientationDay: dayId },
  });
  return answer.status === 200 && answer.data.length > 0 ? answer.data : null;
}

export async function loader({ context }: Route.LoaderArgs) {
  const dayId = requireDay(context);
  const { session } = getRequestState(context);
  const [lookup, schools] = await Promise.allSettled([
    getRegistration(context),
    fetchSchools(context, dayId),
  ]);

  let created = false;
  if (lookup.status === "fulfilled") {
    if (lookup.value.state === "expired") throw expireRegistration(context);
    if (lookup.value.state === "found") {
      if (lookup.value.registration.school) throw redirect(href("/workshops"));
      created = lookup.value.registration.created !== null;
    }
  }
  // Without a registration the chosen school lives in the session until the registration is made.
  if (lookup.status === "fulfilled" && lookup.value.state === "none")
    if (session.schoolId !== null) throw redirect(href("/workshops"));

  const failed = lookup.status === "rejected" || schools.status === "rejected";
  return data(
    {
      created,
      failed,
      schools: schools.status === "fulfilled" ? (schools.value ?? []) : [],
      noEvents: schools.status === "fulfilled" && schools.value === null,
      idempotencyKey: pageIdempotencyKey(context),
    },
    pageStatus(failed),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const dayId = requireDay(context);
  const formData = await request.formData();
  const idempotencyKey = formIdempotencyKey(context, formData);
  if (formData.get("intent") === LOGIN_INTENT)
    return login(formData, context, dayId, idempotencyKey);

  const parsed = SchoolSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data({ error: VALIDATION.invalid("school") }, { status: 400 });
  const schoolId = parsed.data.school;
  const { session, upstream } = getRequestState(context);

  try {
    const schools = await fetchSchools(context, dayId);
    if (!schools?.some((school) => school.id === schoolId))
      return data({ error: VALIDATION.invalid("school") }, { status: 400 });

    const lookup = await getRegistration(context);
    if (lookup.state === "expired") throw expireRegistration(context);
    if (lookup.state === "found") {
      await changeRegistration(context, () =>
        upstream.call("addSchool", {
          body: { school: schoolId },
          idempotencyKey,
        }),
      );
    } else {
      await ensureRegistrationId(context);
      const created = await upstream.call("create", {
        body: { school: schoolId, orientationDay: dayId },
        idempotencyKey,
      });
      if (created.status !== 200) throw new Error("create: no content");
      setRegistration(context, created.data);
    }
  } catch (error) {
    rethrowResponse(error);
    session.flashToast(toastForUpstreamError(error));
    return redirect(href("/inschrijven"));
  }
  return redirect(href("/workshops"));
}

/** The login-link request (spec "Login request"): a neutral answer whether or not the address is known. */
async function login(
  formData: FormData,
  context: Route.ActionArgs["context"],
  dayId: number,
  idempotencyKey: string,
) {
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  if (!email) return { result: submission.reply({ resetForm: true }) };

  const { session, upstream } = getRequestState(context);
  // Spec section 9: the request takes 1 s. As a floor for every outcome, it also keeps the time to answer
  // from telling whether the address has a registration.
  const floor = new Promise((resolve) =>
    setTimeout(resolve, LOGIN_REQUEST_DELAY_MS),
  );
  try {
    await upstream.call("requestLogin", {
      body: { email, orientationDayId: dayId },
      idempotencyKey,
    });
    await floor;
  } catch (error) {
    await floor;
    rethrowResponse(error);
    // A limit on login requests is answered like any request (contract): saying so would tell a stranger the limit
    // is reached for this address, and lock its owner out with an error.
    if (describeUpstreamError(error).status === 429) {
      session.flashToast(TOASTS.loginRequested);
      return redirect(href("/inschrijven"));
    }
    // Said once, beside the form, with the typed address kept.
    return data(
      {
        result: submission.reply({
          formErrors: [toastForUpstreamError(error).message],
        }),
      },
      { status: 502 },
    );
  }
  session.flashToast(TOASTS.loginRequested);
  // A fresh page: the field is empty again and the neutral message shows.
  return redirect(href("/inschrijven"));
}

/** The page's title comes with the login box when it shows (PageTitle): 'Fout: ' in front while its error shows. */
const TITLE = SCHOOL_PAGE.title;

function LoginBox({
  lastResult,
}: {
  lastResult: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult:
      lastResult && "result" in lastResult ? lastResult.result : undefined,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onBlur",
    // The error goes as soon as the address is valid or empty again (spec section 5).
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: LoginSchema }),
  });
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === LOGIN_INTENT;
  const hydrated = useHydrated();
  const emailInvalid = Boolean(fields.email.errors?.length);
  const formAlert = Boolean(form.errors?.length);
  // As the larger forms do (FormErrors): focus on what is wrong after every failed attempt, 'Fout: ' in the title.
  const [startedFailed] = useState(form.status === "error");
  const attempts = useFocusOnErrors(
    form.id,
    emailInvalid ? fields.email.id : formAlert ? form.errorId : undefined,
  );
  const failed = (startedFailed || attempts > 0) && (emailInvalid || formAlert);
  // Without JavaScript the server can only say where the page opens.
  const serverFocus = !hydrated && form.status === "error";

  return (
    <section
      aria-labelledby="login-titel"
      className="flex flex-col gap-4 rounded-lg border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900"
    >
      <PageTitle title={TITLE} failed={failed} />
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
        {form.errors?.length ? (
          <Alert
            variant="destructive"
            role="alert"
            id={form.errorId}
            tabIndex={-1}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only after a refused login, to open the page at it
            autoFocus={serverFocus && !emailInvalid}
          >
            <CircleAlert aria-hidden="true" />
            <p>{form.errors.join(" ")}</p>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField
            label={SCHOOL_PAGE.email}
            field={fields.email}
            className="grow"
          >
            <Input
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              autoComplete="email"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only after a refused login, to open the page at it
              autoFocus={serverFocus && emailInvalid}
            />
          </FormField>
          <Button
            type="submit"
            className="sm:mt-[1.375rem]"
            aria-busy={busy || undefined}
          >
            {SCHOOL_PAGE.login}
          </Button>
        </div>
      </Form>
    </section>
  );
}

export default function SchoolSelect({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { created, failed, schools, noEvents } = loaderData;
  // The redirect after a login request is a new location: the box starts empty again.
  const { key } = useLocation();
  const schoolError =
    actionData && "error" in actionData ? actionData.error : null;

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8"
    >
      <h1 className="text-3xl font-bold">{TITLE}</h1>
      {failed || schoolError ? (
        <ErrorAlert message={schoolError ?? MESSAGES.genericError} />
      ) : null}

      {created ? (
        <PageTitle title={TITLE} />
      ) : (
        <LoginBox key={key} lastResult={actionData} />
      )}

      {noEvents ? (
        <section className="flex flex-col items-start gap-4">
          <p>{MESSAGES.noEventsTryLater}</p>
          <Button asChild variant="outline">
            <Link to={href("/")}>{SCHOOL_PAGE.backHome}</Link>
          </Button>
        </section>
      ) : schools.length > 0 ? (
        <section
          aria-labelledby="scholen-titel"
          className="flex flex-col gap-4"
        >
          <h2 id="scholen-titel" className="text-xl font-bold">
            {SCHOOL_PAGE.schoolsTitle}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {schools.map((school) => (
              <li key={school.id}>
                <SchoolButton school={school} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
