/**
 * Joining and leaving a round's waiting list for a workshop (decision 0024), each in one place (decision 0070):
 * the checks before the upstream is asked, the upstream's `waitlistJoin` / `waitlistLeave`, and the toast that
 * says where the registration stands afterwards (read again when the answer was a kept one, decisions 0018, 0072).
 * Each answers with an outcome: done (with that toast), refused (with what the panel says) or failed. A
 * registration the upstream no longer holds is thrown as the redirect home with the expiry warning.
 */
import type { RouterContextProvider } from "react-router";
import { MESSAGES, TOASTS, VALIDATION, WAITLIST } from "~/messages";
import type { Toast } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import type { Registration, Workshop } from "#contract";
import {
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";
import { cartRounds, roundOptions } from "./cart";
import { forgetDayWorkshops } from "./day-workshops.server";
import type { changeRegistration } from "./registration.server";
import { changeRegistrationAnswered } from "./registration.server";
import type { ChangeDone, ChangeFailed, ChangeRefused } from "./rounds";
import {
  JOIN_WAITLIST_INTENT,
  joinBlocker,
  LEAVE_WAITLIST_INTENT,
  roundHolding,
  staleReplay,
  waitlistOffered,
  waitlistStanding,
  waitlistToast,
} from "./waitlist";

type Context = Readonly<RouterContextProvider>;

/**
 * Why a join is refused: before the upstream is asked (joinBlocker), or by the upstream, which has no list (404,
 * 501) or a seat in the round again (409). A leave can only be refused by the upstream.
 */
export type JoinRefusal =
  | "noWaitlist"
  | "cannotRegisterYet"
  | "unknownRound"
  | "alreadyChosen"
  | "roundOpen";
export type LeaveRefusal = "noWaitlist" | "roundOpen";

/** A join or leave made: the registration as read again, and the toast saying where it stands. */
export type WaitlistDone = ChangeDone & { toast: Toast };

export type JoinOutcome =
  WaitlistDone | ChangeRefused<JoinRefusal> | ChangeFailed;
export type LeaveOutcome =
  WaitlistDone | ChangeRefused<LeaveRefusal> | ChangeFailed;

/** How the panel says a refusal ('alreadyChosen' names a round, so it is made where it is known). */
const JOIN_REFUSALS = {
  noWaitlist: {
    severity: "warning",
    message: MESSAGES.waitlistUnavailable,
    status: 409,
  },
  cannotRegisterYet: {
    severity: "error",
    message: MESSAGES.cannotRegisterYet,
    status: 409,
  },
  unknownRound: {
    severity: "error",
    message: VALIDATION.invalid("round"),
    status: 400,
  },
  roundOpen: {
    severity: "warning",
    message: MESSAGES.waitlistRoundOpen,
    status: 409,
  },
} as const satisfies Record<
  Exclude<JoinRefusal, "alreadyChosen">,
  Omit<ChangeRefused<JoinRefusal>, "kind" | "reason">
>;

function refused<Reason extends keyof typeof JOIN_REFUSALS>(
  reason: Reason,
): ChangeRefused<Reason> {
  return { kind: "refused", reason, ...JOIN_REFUSALS[reason] };
}

export interface WaitlistPost {
  /** The registration the page was read with (made if there was none yet, decision 0024). */
  registration: Registration;
  workshop: Pick<Workshop, "id" | "display" | "availability">;
  /**
   * The workshop's seats as the upstream holds them now, for when `workshop` comes from the day's shared answer
   * (decision 0072): a round it shows open is checked again before a join is refused.
   */
  seatsNow?: () => Promise<Pick<Workshop, "id" | "display" | "availability">>;
  /** The posted round. */
  round: number;
  idempotencyKey: string;
}

/**
 * Puts the registration on the round's list for the workshop. The server checks what the page offered (the page
 * may be older than the seats); the upstream decides too, as a seat may have come free meanwhile.
 */
export async function joinWaitlist(
  context: Context,
  post: WaitlistPost & { readonly: boolean },
): Promise<JoinOutcome> {
  const { registration, readonly, round, idempotencyKey, seatsNow } = post;
  let { workshop } = post;
  const blockerFor = (seats: typeof workshop) => {
    const options = roundOptions(cartRounds(registration), seats, readonly);
    const blocker = joinBlocker(
      options,
      seats.availability,
      round,
      waitlistOffered(registration),
      readonly,
    );
    return { options, blocker };
  };
  let { options, blocker } = blockerFor(workshop);
  if (blocker === "roundOpen" && seatsNow) {
    // Open in a shared answer a few seconds old: the round may have filled since.
    try {
      workshop = await seatsNow();
    } catch (error) {
      rethrowResponse(error);
      return {
        kind: "failed",
        toast: toastForUpstreamError(error, "waitlist"),
      };
    }
    ({ options, blocker } = blockerFor(workshop));
  }
  if (blocker === "alreadyChosen")
    return {
      kind: "refused",
      reason: blocker,
      severity: "warning",
      message: WAITLIST.alreadyChosen(roundHolding(options)!),
      status: 409,
    };
  if (blocker) return refused(blocker);
  const { upstream } = getRequestState(context);
  return changeList(context, { ...post, workshop }, JOIN_WAITLIST_INTENT, () =>
    upstream.call("waitlistJoin", {
      body: { round, workshop: workshop.id },
      idempotencyKey,
    }),
  );
}

/**
 * Takes the registration off the round's list. Only this workshop's entry is left from its page; without one the
 * visitor is already off its list, so nothing is sent and the toast says where the registration stands.
 */
export async function leaveWaitlist(
  context: Context,
  post: WaitlistPost,
): Promise<LeaveOutcome> {
  const { registration, workshop, round, idempotencyKey } = post;
  const before = waitlistStanding(registration, round, workshop.id);
  if (before.kind !== "waiting")
    return {
      kind: "done",
      registration,
      toast: waitlistToast(before, {
        round,
        workshop: workshop.display,
        intent: LEAVE_WAITLIST_INTENT,
        replayed: false,
      }),
    };
  const { upstream } = getRequestState(context);
  return changeList(context, post, LEAVE_WAITLIST_INTENT, () =>
    upstream.call("waitlistLeave", { body: { round }, idempotencyKey }),
  );
}

/**
 * Sends a join or leave, then says where the registration stands now. The answer may be the upstream's kept
 * answer to this form's key, sent before from a kept tab or after Back (decision 0018): then the registration is
 * read again, and the toast says what it shows and whether the post was such a replay.
 */
async function changeList(
  context: Context,
  { registration, workshop, round }: WaitlistPost,
  intent: typeof JOIN_WAITLIST_INTENT | typeof LEAVE_WAITLIST_INTENT,
  call: Parameters<typeof changeRegistration>[1],
): Promise<WaitlistDone | ChangeRefused<LeaveRefusal> | ChangeFailed> {
  const before = waitlistStanding(registration, round, workshop.id);
  try {
    const { answered, registration: now } = await changeRegistrationAnswered(
      context,
      call,
    );
    const standing = waitlistStanding(now, round, workshop.id);
    const replayed = staleReplay(
      before,
      waitlistStanding(answered, round, workshop.id),
      standing,
    );
    return {
      kind: "done",
      registration: now,
      toast: waitlistToast(standing, {
        round,
        workshop: workshop.display,
        intent,
        replayed,
      }),
    };
  } catch (error) {
    rethrowResponse(error);
    const toast = toastForUpstreamError(error, "waitlist");
    if (toast === TOASTS.waitlistUnavailable) return refused("noWaitlist");
    if (toast === TOASTS.waitlistRoundOpen) {
      // A seat came free: the day's shared seats are read again for the page that says so.
      forgetDayWorkshops(context);
      return refused("roundOpen");
    }
    return { kind: "failed", toast };
  }
}
