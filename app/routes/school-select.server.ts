/**
 * The server side of /inschrijven: reading the day's schools and the registration for the page, and the page's
 * posts (choosing a school, asking for a login link) that the route's action hands on.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/school-select";
import { LOGIN_RULES } from "~/components/registration/login-box";
import { schemaFor } from "~/lib/validation";
import { SCHOOL_INTENT } from "~/components/registration/school-button";
import { formId } from "~/lib/validation";
import { TOASTS, VALIDATION } from "~/messages";
import {
  expireRegistration,
  getRegistration,
  requireDay,
} from "~/registration/registration.server";
import { chooseSchool, daySchools } from "~/registration/school.server";
import { pageIdempotencyKey } from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import {
  describeUpstreamError,
  pageStatus,
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";

type Context = Route.LoaderArgs["context"];

/** Spec section 9: 'Login request delayed 1 s'. */
const LOGIN_REQUEST_DELAY_MS = 1000;

const SchoolSchema = z.object({
  intent: z.literal(SCHOOL_INTENT),
  school: formId("school"),
});

/**
 * The page's data. A visitor whose registration already has a school, or who chose one before having a
 * registration, goes on to /workshops.
 */
export async function loadSchoolSelect(context: Context) {
  const dayId = requireDay(context);
  const { session } = getRequestState(context);
  const [lookup, schools] = await Promise.allSettled([
    getRegistration(context),
    daySchools(context, dayId),
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

/** Choosing a school (app/registration/school.server.ts): on to the workshops, or back here with what went wrong. */
export async function chooseSchoolAction(
  formData: FormData,
  context: Context,
  dayId: number,
  idempotencyKey: string,
) {
  const parsed = SchoolSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data({ error: VALIDATION.invalid("school") }, { status: 400 });
  const outcome = await chooseSchool(context, {
    dayId,
    schoolId: parsed.data.school,
    idempotencyKey,
  });
  if (outcome.kind === "refused")
    return data({ error: outcome.message }, { status: outcome.status });
  if (outcome.kind === "failed") {
    getRequestState(context).session.flashToast(outcome.toast);
    return redirect(href("/inschrijven"));
  }
  return redirect(href("/workshops"));
}

/** The login-link request (spec "Login request"): a neutral answer whether or not the address is known. */
export async function requestLogin(
  formData: FormData,
  context: Context,
  dayId: number,
  idempotencyKey: string,
) {
  const submission = parseWithZod(formData, { schema: schemaFor(LOGIN_RULES) });
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
