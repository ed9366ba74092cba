/**
 * SchoolSelect (spec "SchoolSelect", "Choosing a school", "Login request"): the login box for a visitor who is
 * already registered, then one button per school taking part in the chosen day.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Form, href, Link, redirect, useActionData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/school-select";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { emailAddress } from "~/lib/validation";
import { MESSAGES, TOASTS } from "~/messages";
import {
  changeRegistration,
  ensureRegistrationId,
  expireRegistration,
  getRegistration,
  requireDay,
  setRegistration,
} from "~/registration/registration.server";
import { getRequestState } from "~/session/request-state.server";
import type { School } from "~/upstream/contract";
import { toastForUpstreamError } from "~/upstream/user-message";

/** Spec section 9: the login request answers after at least 1 s, whatever the upstream knows. */
const LOGIN_REQUEST_FLOOR_MS = 1000;

const LoginRequestSchema = z.object({ email: emailAddress() });
const ChooseSchoolSchema = z.object({ school: z.coerce.number().int() });

/** The schools of the day, or null when the upstream has no events (204). */
async function schoolsOf(
  context: Route.LoaderArgs["context"],
  dayId: number,
): Promise<School[] | null> {
  const answer = await getRequestState(context).upstream.call("schools", {
    query: { orientationDay: dayId },
  });
  return answer.status === 200 ? answer.data : null;
}

export async function loader({ context }: Route.LoaderArgs) {
  const dayId = requireDay(context);
  const { session } = getRequestState(context);
  try {
    const lookup = await getRegistration(context);
    if (lookup.state === "expired") throw expireRegistration(context);
    const school =
      lookup.state === "found" ? lookup.registration.school : session.schoolId;
    if (school) throw redirect(href("/workshops"));
    const schools = await schoolsOf(context, dayId);
    return {
      schools:
        schools?.map(({ id, display, logo }) => ({ id, display, logo })) ??
        null,
      created: lookup.state === "found" && lookup.registration.created !== null,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    session.flashToast(toastForUpstreamError(error));
    throw redirect(href("/"));
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "login") return requestLogin(context, formData);
  if (intent === "school") return chooseSchool(context, formData);
  return data({ result: undefined }, { status: 400 });
}

/** Spec "Login request": the same answer, after the same time, whether or not the address is known. */
async function requestLogin(
  context: Route.ActionArgs["context"],
  formData: FormData,
) {
  const dayId = requireDay(context);
  const submission = parseWithZod(formData, { schema: LoginRequestSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply() }, { status: 400 });

  const { session, upstream } = getRequestState(context);
  const floor = new Promise((resolve) =>
    setTimeout(resolve, LOGIN_REQUEST_FLOOR_MS),
  );
  try {
    await upstream.call("requestLogin", {
      body: { email: submission.value.email, orientationDayId: dayId },
    });
    session.flashToast(TOASTS.loginRequested);
  } catch {
    session.flashToast(TOASTS.genericError);
  }
  await floor;
  return redirect(href("/inschrijven"));
}

/** Spec "Choosing a school": add-school on the registration, or create it with the school. */
async function chooseSchool(
  context: Route.ActionArgs["context"],
  formData: FormData,
) {
  const dayId = requireDay(context);
  const { session, upstream } = getRequestState(context);
  const submission = parseWithZod(formData, { schema: ChooseSchoolSchema });
  try {
    const schools = await schoolsOf(context, dayId);
    const school =
      submission.status === "success"
        ? schools?.find((candidate) => candidate.id === submission.value.school)
        : undefined;
    if (!school) {
      // A school that is not (or no longer) on offer: show the current list again.
      session.flashToast(TOASTS.genericError);
      return redirect(href("/inschrijven"));
    }
    const lookup = await getRegistration(context);
    if (lookup.state === "expired") throw expireRegistration(context);
    if (lookup.state === "found") {
      await changeRegistration(context, () =>
        upstream.call("addSchool", { body: { school: school.id } }),
      );
    } else {
      await ensureRegistrationId(context);
      const created = await upstream.call("create", {
        body: { school: school.id, orientationDay: dayId },
      });
      if (created.status !== 200) throw new Error("create: no content");
      setRegistration(context, created.data);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    session.flashToast(toastForUpstreamError(error));
    return redirect(href("/inschrijven"));
  }
  return redirect(href("/workshops"));
}

export function meta() {
  return [{ title: "Kies je school" }];
}

function LoginBox() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "inloggen",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: LoginRequestSchema }),
  });
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">
          Ben je al ingeschreven?
        </h2>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value="login" />
          <FormField field={fields.email} label="E-mailadres">
            {/* Spec: an empty field does nothing, hence `required`. */}
            <Input
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              autoComplete="email"
              required
            />
          </FormField>
          <Button type="submit" className="justify-self-start">
            Inloggen
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export default function SchoolSelect({ loaderData }: Route.ComponentProps) {
  const { schools, created } = loaderData;
  return (
    <main id="inhoud" className="mx-auto grid w-full max-w-3xl gap-8 p-4">
      <h1 className="text-2xl font-bold">Inschrijven</h1>
      {created ? null : <LoginBox />}
      {schools === null || schools.length === 0 ? (
        <div className="grid gap-4">
          <Alert>{MESSAGES.noEventsTryLater}</Alert>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to={href("/")}>
              <ArrowLeft aria-hidden="true" />
              Terug
            </Link>
          </Button>
        </div>
      ) : (
        <section aria-labelledby="scholen" className="grid gap-4">
          <h2 id="scholen" className="text-xl font-bold">
            Nieuwe inschrijving? Selecteer jouw school:
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {schools.map((school) => (
              <li key={school.id}>
                <Form method="post">
                  <input type="hidden" name="intent" value="school" />
                  <input type="hidden" name="school" value={school.id} />
                  <button
                    type="submit"
                    className="hover:border-primary-700 hover:bg-primary-50 focus-visible:ring-primary-700 flex w-full items-center gap-4 rounded-lg border border-gray-300 bg-white p-3 text-left font-semibold focus-visible:ring-2 focus-visible:outline-none dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
                  >
                    {school.logo ? (
                      <img
                        src={school.logo}
                        alt=""
                        width={56}
                        height={56}
                        className="size-14 shrink-0 object-contain"
                      />
                    ) : (
                      <span aria-hidden="true" className="size-14 shrink-0" />
                    )}
                    {school.display}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
