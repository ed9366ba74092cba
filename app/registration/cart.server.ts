/**
 * The cart's two changes, each in one place (decision 0070): adding the workshop to a round (spec "Adding a
 * workshop to a round", posted on the workshop page) and emptying a round (spec "Removing a workshop", posted to
 * /winkelwagen). Each sends the upstream's `update` and answers with an outcome: done, refused (nothing was sent,
 * or the upstream said the round is full) or failed (the catalogue's message). A registration the upstream no
 * longer holds is thrown as the redirect home with the expiry warning, as the guards throw theirs. The routes
 * read the form and turn the outcome into their answer.
 */
import type { RouterContextProvider } from "react-router";
import { MESSAGES, TOASTS, VALIDATION } from "~/messages";
import type { Toast } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import type { Registration, Workshop } from "#contract";
import {
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";
import {
  addBlocker,
  cartRounds,
  choicesToAdd,
  choicesToRemove,
  roundOptions,
} from "./cart";
import {
  changeRegistration,
  expireRegistration,
  requireRegistration,
} from "./registration.server";
import { forgetDayWorkshops } from "./day-workshops.server";
import type { ChangeDone, ChangeFailed, ChangeRefused } from "./rounds";

type Context = Readonly<RouterContextProvider>;

/** Why an add is refused: a read-only day, a round the day does not have, a round without a seat for it. */
export type AddRefusal = "cannotRegisterYet" | "unknownRound" | "roundFull";

export type AddOutcome = ChangeDone | ChangeRefused<AddRefusal> | ChangeFailed;

/** A removal is never refused: emptying a round is always allowed, and only the upstream can fail it. */
export type RemoveOutcome = ChangeDone | ChangeFailed;

const ADD_REFUSALS = {
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
  roundFull: { severity: "warning", message: MESSAGES.roundFull, status: 409 },
} as const satisfies Record<
  AddRefusal,
  Omit<ChangeRefused<AddRefusal>, "kind" | "reason">
>;

function refused(reason: AddRefusal): ChangeRefused<AddRefusal> {
  return { kind: "refused", reason, ...ADD_REFUSALS[reason] };
}

/**
 * The catalogue's toast for a failed cart change. A 204 (thrown by changeRegistration) or a 404 that names no
 * round or workshop means the registration is gone (spec section 8): that throws the expiry redirect.
 */
function cartFailure(context: Context, error: unknown): Toast {
  rethrowResponse(error);
  const toast = toastForUpstreamError(error, "cart");
  if (toast === TOASTS.registrationExpired) throw expireRegistration(context);
  return toast;
}

export interface AddPost {
  /** The registration the page was read with (made if there was none yet). */
  registration: Registration;
  workshop: Pick<Workshop, "id" | "availability">;
  /**
   * The workshop's seats as the upstream holds them now, for when `workshop` comes from the day's shared answer,
   * a few seconds old (decision 0072): a round it shows full is checked again before the add is refused.
   */
  seatsNow?: () => Promise<Pick<Workshop, "id" | "availability">>;
  /** The registration's day is read-only. */
  readonly: boolean;
  /** The posted round. */
  round: number;
  idempotencyKey: string;
}

/**
 * Puts the workshop in the posted round, taking it out of any other round in the same call. The round is checked
 * here whatever the page allowed: the page may be older than the seats. A round that holds the workshop already
 * is done without asking the upstream.
 */
export async function addToRound(
  context: Context,
  post: AddPost,
): Promise<AddOutcome> {
  const { registration, readonly, round, idempotencyKey, seatsNow } = post;
  let { workshop } = post;
  const rounds = cartRounds(registration);
  let options = roundOptions(rounds, workshop, readonly);
  let blocker = addBlocker(options, round, readonly);
  if (blocker === "roundFull" && seatsNow) {
    // Full in a shared answer a few seconds old: a seat may have come free since.
    try {
      workshop = await seatsNow();
    } catch (error) {
      return { kind: "failed", toast: cartFailure(context, error) };
    }
    options = roundOptions(rounds, workshop, readonly);
    blocker = addBlocker(options, round, readonly);
  }
  if (blocker) return refused(blocker);
  const alreadyThere = options.some(
    (option) => option.number === round && option.badge === "added",
  );
  if (alreadyThere) return { kind: "done", registration };

  const { upstream } = getRequestState(context);
  try {
    const changed = await changeRegistration(context, () =>
      upstream.call("update", {
        body: { choices: choicesToAdd(rounds, round, workshop.id) },
        idempotencyKey,
      }),
    );
    return { kind: "done", registration: changed };
  } catch (error) {
    const toast = cartFailure(context, error);
    // The round filled after the page was read (409): said as the same refusal as a full round seen here, and the
    // day's shared seats are read again for the page that says it.
    if (toast === TOASTS.roundFull) {
      forgetDayWorkshops(context);
      return refused("roundFull");
    }
    return { kind: "failed", toast };
  }
}

export interface RemovePost {
  /** The round to empty. */
  round: number;
  idempotencyKey: string;
}

/**
 * Empties the round. The registration is read here, not passed in: its guards (no day, no school, expired) are
 * the removal's answer too, thrown as their redirects, and a failed read is said as a failed removal.
 */
export async function removeFromRound(
  context: Context,
  { round, idempotencyKey }: RemovePost,
): Promise<RemoveOutcome> {
  const { upstream } = getRequestState(context);
  try {
    await requireRegistration(context);
    const changed = await changeRegistration(context, () =>
      upstream.call("update", {
        body: { choices: choicesToRemove(round) },
        idempotencyKey,
      }),
    );
    return { kind: "done", registration: changed };
  } catch (error) {
    return { kind: "failed", toast: cartFailure(context, error) };
  }
}
