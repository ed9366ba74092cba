/**
 * Choosing the registration's school and giving it up (spec "Choosing a school", "Changing school"), each in one
 * place (decision 0070): the checks, the upstream's `create` / `addSchool` / `removeSchool`, and an outcome the
 * routes turn into their answer. A registration the upstream no longer holds is thrown as the redirect home with
 * the expiry warning.
 */
import type { RouterContextProvider } from "react-router";
import { VALIDATION } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import type { School } from "#contract";
import {
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";
import {
  changeRegistration,
  ensureRegistrationId,
  expireRegistration,
  getRegistration,
  setRegistration,
} from "./registration.server";
import type { ChangeDone, ChangeFailed, ChangeRefused } from "./rounds";

type Context = Readonly<RouterContextProvider>;

/**
 * The day's schools, the same for every visitor (from the site's cache, decision 0072); null when none take part
 * (upstream 204). Rejects with the upstream's error.
 */
export async function daySchools(
  context: Context,
  dayId: number,
): Promise<School[] | null> {
  const { siteData } = getRequestState(context);
  const answer = await siteData.call("schools", {
    query: { orientationDay: dayId },
  });
  return answer.status === 200 && answer.data.length > 0 ? answer.data : null;
}

export type ChooseSchoolOutcome =
  ChangeDone | ChangeRefused<"unknownSchool"> | ChangeFailed;

/**
 * Sets the chosen school: add-school when the visitor has a registration, create otherwise (with a registration id
 * fetched first when there is none yet). A school that does not take part in the day is refused.
 */
export async function chooseSchool(
  context: Context,
  {
    dayId,
    schoolId,
    idempotencyKey,
  }: { dayId: number; schoolId: number; idempotencyKey: string },
): Promise<ChooseSchoolOutcome> {
  const { upstream } = getRequestState(context);
  try {
    const schools = await daySchools(context, dayId);
    if (!schools?.some((school) => school.id === schoolId))
      return {
        kind: "refused",
        reason: "unknownSchool",
        severity: "error",
        message: VALIDATION.invalid("school"),
        status: 400,
      };
    const lookup = await getRegistration(context);
    if (lookup.state === "expired") throw expireRegistration(context);
    if (lookup.state === "found") {
      const registration = await changeRegistration(context, () =>
        upstream.call("addSchool", {
          body: { school: schoolId },
          idempotencyKey,
        }),
      );
      return { kind: "done", registration };
    }
    await ensureRegistrationId(context);
    const created = await upstream.call("create", {
      body: { school: schoolId, orientationDay: dayId },
      idempotencyKey,
    });
    if (created.status !== 200) throw new Error("create: no content");
    return {
      kind: "done",
      registration: setRegistration(context, created.data),
    };
  } catch (error) {
    rethrowResponse(error);
    return { kind: "failed", toast: toastForUpstreamError(error) };
  }
}

export type RemoveSchoolOutcome =
  { kind: "done" } | ChangeRefused<"confirmed"> | ChangeFailed;

/**
 * Gives the school up (and with it every choice), so that another can be chosen. A confirmed registration keeps its
 * school (the page offers no button then). Without a registration only the session's school goes.
 */
export async function removeSchool(
  context: Context,
  idempotencyKey: string,
): Promise<RemoveSchoolOutcome> {
  const { session, upstream } = getRequestState(context);
  try {
    const lookup = await getRegistration(context);
    if (lookup.state === "expired") throw expireRegistration(context);
    if (lookup.state === "found") {
      if (lookup.registration.created !== null)
        return {
          kind: "refused",
          reason: "confirmed",
          severity: "error",
          message: VALIDATION.invalid("intent"),
          status: 400,
        };
      await changeRegistration(context, () =>
        upstream.call("removeSchool", { idempotencyKey }),
      );
    }
    session.setSchool(null);
    return { kind: "done" };
  } catch (error) {
    rethrowResponse(error);
    return { kind: "failed", toast: toastForUpstreamError(error) };
  }
}
