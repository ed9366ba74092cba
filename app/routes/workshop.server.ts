/**
 * The server side of /workshop/{slug}: reading the workshop for the page, and the page's posts (adding the
 * workshop to a round, joining or leaving a round's waiting list) that the route's action hands on.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/workshop";
import { ENHANCED_FIELD } from "~/components/registration/enhanced";
import { withSearchParam } from "~/lib/return-to";
import { formId } from "~/lib/validation";
import { MESSAGES, TOASTS, VALIDATION, WAITLIST } from "~/messages";
import {
  addBlocker,
  CART_OPEN_PARAM,
  cartRounds,
  choicesToAdd,
  roundOptions,
} from "~/registration/cart";
import {
  changeRegistration,
  expireRegistration,
  getOrientationDay,
  refreshRegistration,
  requireRegistration,
} from "~/registration/registration.server";
import {
  JOIN_WAITLIST_INTENT,
  joinBlocker,
  type LEAVE_WAITLIST_INTENT,
  roundHolding,
  staleReplay,
  waitlistOffered,
  waitlistStanding,
  type WaitlistStanding,
  waitlistToast,
} from "~/registration/waitlist";
import { formIdempotencyKey } from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import type { AddResult } from "~/registration/rounds";
import type { Registration } from "#contract";
import {
  pageStatus,
  rethrowResponse,
  toastForUpstreamError,
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
 * The workshop of the registration's day. Unknown slug: the 404 page; a 204: the registration expired; another
 * failure: 503 (unavailable).
 */
export async function loadWorkshop(context: Context, slug: string) {
  const { upstream } = getRequestState(context);
  try {
    const answer = await upstream.call("workshop", { params: { slug } });
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
 * whether its day is read-only. An upstream failure throws a 503 (unavailable).
 */
export async function readWorkshop(context: Context, slug: string) {
  const registration = await requireRegistration(context).catch(unavailable);
  const [workshop, readonly] = await Promise.all([
    loadWorkshop(context, slug),
    isReadonly(context, registration).catch(unavailable),
  ]);
  return { registration, workshop, readonly };
}

const AddSchema = z.object({
  round: formId("round"),
});

/** Spec "Adding a workshop to a round"; the chosen round is checked here, whatever the page allowed. */
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
  };
}

export async function addAction(args: Route.ActionArgs, form: FormData) {
  const { url, context } = args;
  const post = await readRoundPost(args, form);
  if ("refused" in post) return post.refused;
  const { enhanced, idempotencyKey, registration, round, workshop, readonly } =
    post;
  const rounds = cartRounds(registration);
  const options = roundOptions(rounds, workshop, readonly);
  const blocker = addBlocker(options, round, readonly);
  if (blocker === "cannotRegisterYet")
    return data<AddResult>(
      { error: MESSAGES.cannotRegisterYet },
      { status: 409 },
    );
  if (blocker === "unknownRound")
    return data<AddResult>(
      { error: VALIDATION.invalid("round") },
      { status: 400 },
    );
  if (blocker === "roundFull")
    return data<AddResult>({ warning: MESSAGES.roundFull }, { status: 409 });

  const alreadyThere = options.some(
    (option) => option.number === round && option.badge === "added",
  );
  if (!alreadyThere) {
    const { upstream } = getRequestState(context);
    try {
      await changeRegistration(context, () =>
        upstream.call("update", {
          body: { choices: choicesToAdd(rounds, round, workshop.id) },
          idempotencyKey,
        }),
      );
    } catch (error) {
      rethrowResponse(error);
      const toast = toastForUpstreamError(error, "cart");
      if (toast === TOASTS.registrationExpired)
        throw expireRegistration(context);
      // Said once, next to the form: no toast besides.
      if (toast === TOASTS.roundFull)
        return data<AddResult>(
          { warning: MESSAGES.roundFull },
          { status: 409 },
        );
      return data<AddResult>({ error: toast.message }, { status: 502 });
    }
  }

  if (enhanced) return data<AddResult>({ added: round });
  return redirect(
    withSearchParam(
      withQuery(url.pathname, carriedSearch(url)),
      CART_OPEN_PARAM.name,
      CART_OPEN_PARAM.value,
    ),
  );
}

/** Why the server refuses a join before asking the upstream, as the panel says it ('alreadyChosen' names a round). */
const JOIN_REFUSALS = {
  noWaitlist: { warning: MESSAGES.waitlistUnavailable, status: 409 },
  cannotRegisterYet: { error: MESSAGES.cannotRegisterYet, status: 409 },
  unknownRound: { error: VALIDATION.invalid("round"), status: 400 },
  roundOpen: { warning: MESSAGES.waitlistRoundOpen, status: 409 },
} as const;

/** Where the registration stands for the workshop in the round, read again; the answer's, should that fail. */
async function standingNow(
  context: Context,
  answered: Registration,
  round: number,
  workshopId: number,
): Promise<WaitlistStanding> {
  let registration = answered;
  try {
    registration = await refreshRegistration(context);
  } catch (error) {
    rethrowResponse(error);
  }
  return waitlistStanding(registration, round, workshopId);
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
  const { enhanced, idempotencyKey, registration, round, workshop, readonly } =
    post;
  const offered = waitlistOffered(registration);
  const { session, upstream } = getRequestState(context);
  const before = waitlistStanding(registration, round, workshop.id);

  try {
    let answered: Registration | null = null;
    if (intent === JOIN_WAITLIST_INTENT) {
      const options = roundOptions(
        cartRounds(registration),
        workshop,
        readonly,
      );
      const blocker = joinBlocker(
        options,
        workshop.availability,
        round,
        offered,
        readonly,
      );
      if (blocker === "alreadyChosen")
        return data<AddResult>(
          { warning: WAITLIST.alreadyChosen(roundHolding(options)!) },
          { status: 409 },
        );
      if (blocker) {
        const { status, ...result } = JOIN_REFUSALS[blocker];
        return data<AddResult>(result, { status });
      }
      answered = await changeRegistration(context, () =>
        upstream.call("waitlistJoin", {
          body: { round, workshop: workshop.id },
          idempotencyKey,
        }),
      );
    } else if (before.kind === "waiting") {
      // Only this workshop's entry is left from its page; without one the visitor is already off its list.
      answered = await changeRegistration(context, () =>
        upstream.call("waitlistLeave", { body: { round }, idempotencyKey }),
      );
    }
    // The answer may be the upstream's kept answer to this form's key, sent before from a kept tab or after Back
    // (decision 0018): the toast says where the registration stands now, read again.
    const now = answered
      ? await standingNow(context, answered, round, workshop.id)
      : before;
    const replayed =
      answered !== null &&
      staleReplay(before, waitlistStanding(answered, round, workshop.id), now);
    session.flashToast(
      waitlistToast(now, {
        round,
        workshop: workshop.display,
        intent,
        replayed,
      }),
    );
  } catch (error) {
    rethrowResponse(error);
    const toast = toastForUpstreamError(error, "waitlist");
    if (toast === TOASTS.genericError)
      return data<AddResult>({ error: toast.message }, { status: 502 });
    return data<AddResult>({ warning: toast.message }, { status: 409 });
  }

  if (enhanced) return data<AddResult>({ waitlist: round });
  return redirect(withQuery(url.pathname, carriedSearch(url)));
}
