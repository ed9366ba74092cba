/**
 * Choosing an orientation day (spec "Choosing an orientation day") in one place (decision 0070): only a day on
 * offer; a registration of another day is deleted first (a confirmed one only once the visitor agreed); a
 * registration id is fetched for the visitor from here on; the school is kept only for the same day. The route
 * turns the outcome into its answer.
 */
import type { RouterContextProvider } from "react-router";
import { VALIDATION } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import { toastForUpstreamError } from "~/upstream/user-message";
import { awaitingNotice } from "./awaiting-confirmation.server";
import {
  ensureRegistrationId,
  getOrientationDays,
  getRegistration,
  setRegistration,
} from "./registration.server";
import type { ChangeFailed, ChangeRefused } from "./rounds";

type Context = Readonly<RouterContextProvider>;

export type ChooseDayOutcome =
  /** The day is the visitor's; `schoolKept`: the registration or session keeps a school for it. */
  | { kind: "done"; schoolKept: boolean }
  /** A confirmed registration of another day would go: the visitor is asked first. */
  | { kind: "ask" }
  | ChangeRefused<"unknownDay">
  | ChangeFailed;

export async function chooseDay(
  context: Context,
  {
    dayId,
    agreed,
    idempotencyKey,
  }: { dayId: number; agreed: boolean; idempotencyKey: string },
): Promise<ChooseDayOutcome> {
  const { session, upstream } = getRequestState(context);
  const previous = session.orientationDayId;
  // Starting again after a registration that was never confirmed: its notice has said what it had to.
  if ((await awaitingNotice(context))?.state === "expired")
    session.setAwaitingConfirmation(null);

  try {
    // Only a day on offer can be chosen; any other id is a forged form.
    const offered = await getOrientationDays(context);
    if (!offered.some((day) => day.id === dayId))
      return {
        kind: "refused",
        reason: "unknownDay",
        severity: "error",
        message: VALIDATION.invalid("orientationDayId"),
        status: 400,
      };
    const lookup = await getRegistration(context);
    if (lookup.state === "found") {
      const { registration } = lookup;
      // A registration belongs to one day: cancel it before switching, then start the new day afresh. Its own
      // day decides, not the session's, which is forgotten after 24 h while the registration lives on.
      if (registration.orientationDay.id !== dayId) {
        if (registration.created !== null && !agreed) return { kind: "ask" };
        await upstream.call("delete", { idempotencyKey });
        session.setRegistrationId(null);
      }
    }
    // The visitor needs a registration id from here on; fetched now rather than on every first page view.
    await ensureRegistrationId(context);
    // Schools take part per day, so a school chosen for another day no longer applies (docs/decisions).
    if (previous !== dayId) session.setSchool(null);
    session.setOrientationDay(dayId);
    // A registration for this very day brings its school back (spec "Setting a registration").
    if (
      lookup.state === "found" &&
      lookup.registration.orientationDay.id === dayId
    )
      setRegistration(context, lookup.registration);
  } catch (error) {
    return { kind: "failed", toast: toastForUpstreamError(error) };
  }
  return { kind: "done", schoolKept: session.schoolId !== null };
}
