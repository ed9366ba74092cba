/**
 * The server side of /workshop/{slug}: reading the workshop for the page, and the page's posts (adding the
 * workshop to a round, joining or leaving a round's waiting list) that the route's action hands on. The posts are
 * adapters: they read the form and the page's data, call the change (cart.server.ts, waitlist.server.ts), and turn
 * its outcome into the page's answer (decision 0070).
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/workshop";
import { ENHANCED_FIELD } from "~/components/registration/enhanced";
import { withSearchParam } from "~/lib/return-to";
import { formId } from "~/lib/validation";
import { MESSAGES, VALIDATION } from "~/messages";
import { CART_OPEN_PARAM } from "~/registration/cart";
import { addToRound } from "~/registration/cart.server";
import {
  forgetDayWorkshops,
  getDayWorkshop,
} from "~/registration/day-workshops.server";
import {
  expireRegistration,
  getOrientationDay,
  getOrientationDays,
  requireRegistration,
} from "~/registration/registration.server";
import type {
  AddResult,
  ChangeFailed,
  ChangeRefused,
} from "~/registration/rounds";
import {
  JOIN_WAITLIST_INTENT,
  type LEAVE_WAITLIST_INTENT,
} from "~/registration/waitlist";
import { joinWaitlist, leaveWaitlist } from "~/registration/waitlist.server";
import { formIdempotencyKey } from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import type { Registration } from "#contract";
import {
  formFailureStatus,
  pageStatus,
  rethrowResponse,
} from "~/upstream/user-message";

type Context = Route.LoaderArgs["context"];

/** The query without the cart's open flag: what the back link, the forms and the favourite star carry on. */
export function carriedSearch(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.search);
  params.delete(CART_OPEN_PARAM.name);
  return params;
}

export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * An upstream failure while reading what the page needs (the registration, the workshop, the day): a 503, which
 * the error boundary shows with the catalogue's message, as every page without its data answers (pageStatus).
 * React Router logs no thrown answer, so the failed call's own line is all the log says. A guard's redirect passes.
 */
function unavailable(error: unknown): never {
  rethrowResponse(error);
  throw data(null, pageStatus(true));
}

/** Whether `unavailable` threw this. */
function isUnavailable(error: unknown): boolean {
  const init = (error as { init?: ResponseInit | null } | null)?.init;
  return error instanceof Object && init?.status === pageStatus(true)?.status;
}

/**
 * The workshop of the registration's day (decision 0072: from the day's shared list when it is there). Unknown slug:
 * the 404 page; a 204: the registration expired; another failure: 503 (unavailable).
 */
export async function loadWorkshop(context: Context, slug: string) {
  try {
    const answer = await getDayWorkshop(context, slug);
    if (answer.status === 204) throw expireRegistration(context);
    return answer.data;
  } catch (error) {
    rethrowResponse(error);
    const { status } = error as { status?: number };
    if (status === 404) throw data(null, { status: 404 });
    unavailable(error);
  }
}

export async function isReadonly(context: Context, registration: Registration) {
  const day = await getOrientationDay(context, registration.orientationDay.id);
  return day?.readonly ?? false;
}

/**
 * What the page and its forms read first: the registration (made if there is none yet), the workshop and
 * whether its day is read-only, side by side (one round trip; a registration made here is made first). An
 * upstream failure throws a 503 (unavailable).
 */
export async function readWorkshop(context: Context, slug: string) {
  const { session } = getRequestState(context);
  const beside = session.registrationStarted
    ? loadWorkshop(context, slug)
    : null;
  beside?.catch(() => {});
  // The day list comes from the site's cache; asked now, it is there when the registration is.
  getOrientationDays(context).catch(() => {});
  const registration = await requireRegistration(context).catch(unavailable);
  const [workshop, readonly] = await Promise.all([
    beside ?? loadWorkshop(context, slug),
    isReadonly(context, registration).catch(unavailable),
  ]);
  return { registration, workshop, readonly };
}

const AddSchema = z.object({
  round: formId("round"),
});

/**
 * What every post of this page starts with: the form's key, the registration (made if there is none yet), the
 * posted round, the workshop and whether its day is read-only; a round that is not a round number is a 400.
 */
async function readRoundPost(
  { params, context }: Route.ActionArgs,
  form: FormData,
) {
  const enhanced = form.get(ENHANCED_FIELD) === "1";
  const idempotencyKey = formIdempotencyKey(context, form);
  const parsed = AddSchema.safeParse({ round: form.get("round") });
  let read: Awaited<ReturnType<typeof readWorkshop>>;
  try {
    read = await readWorkshop(context, params.slug);
  } catch (error) {
    // Said next to the form, as a failed add is; without JavaScript the page's own read then tells the same.
    if (isUnavailable(error))
      return {
        refused: data<AddResult>(
          { error: MESSAGES.genericError },
          pageStatus(true),
        ),
      };
    throw error;
  }
  if (!parsed.success)
    return {
      refused: data<AddResult>(
        { error: VALIDATION.invalid("round") },
        { status: 400 },
      ),
    };
  const { registration, workshop, readonly } = read;
  return {
    enhanced,
    idempotencyKey,
    registration,
    round: parsed.data.round,
    workshop,
    readonly,
    seatsNow: () => {
      forgetDayWorkshops(context, params.slug);
      return loadWorkshop(context, params.slug);
    },
  };
}

/**
 * A refused or failed change, said beside the form it came from: as a fetcher's data with JavaScript, and without
 * it on the page the same request renders (decision 0009). No toast besides.
 */
function besideTheForm(outcome: ChangeRefused<string> | ChangeFailed) {
  if (outcome.kind === "failed")
    return data<AddResult>(
      { error: outcome.toast.message },
      { status: formFailureStatus(outcome.toast) },
    );
  const said: AddResult =
    outcome.severity === "warning"
      ? { warning: outcome.message }
      : { error: outcome.message };
  return data<AddResult>(said, { status: outcome.status });
}

/** Spec "Adding a workshop to a round": with JavaScript the round added, without it the page with the cart open. */
export async function addAction(args: Route.ActionArgs, form: FormData) {
  const { url, context } = args;
  const post = await readRoundPost(args, form);
  if ("refused" in post) return post.refused;
  const { enhanced, ...change } = post;
  const outcome = await addToRound(context, change);
  if (outcome.kind !== "done") return besideTheForm(outcome);
  if (enhanced) return data<AddResult>({ added: change.round });
  return redirect(
    withSearchParam(
      withQuery(url.pathname, carriedSearch(url)),
      CART_OPEN_PARAM.name,
      CART_OPEN_PARAM.value,
    ),
  );
}

/**
 * Joining or leaving a round's waiting list for this workshop. Like adding, it needs a registration, and a
 * visitor without one yet gets it here (decision 0024). Success says so in a toast and, without JavaScript,
 * comes back to this page; a refusal is told in the panel, as a refused add is.
 */
export async function waitlistAction(
  args: Route.ActionArgs,
  form: FormData,
  intent: typeof JOIN_WAITLIST_INTENT | typeof LEAVE_WAITLIST_INTENT,
) {
  const { url, context } = args;
  const post = await readRoundPost(args, form);
  if ("refused" in post) return post.refused;
  const { enhanced, ...change } = post;
  const outcome =
    intent === JOIN_WAITLIST_INTENT
      ? await joinWaitlist(context, change)
      : await leaveWaitlist(context, change);
  if (outcome.kind !== "done") return besideTheForm(outcome);
  getRequestState(context).session.flashToast(outcome.toast);
  if (enhanced) return data<AddResult>({ waitlist: change.round });
  return redirect(withQuery(url.pathname, carriedSearch(url)));
}
