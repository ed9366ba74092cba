/**
 * Cancelling a created registration (spec "Cancelling") in one place (decision 0070): the guard the page and the
 * action share, the upstream's `delete` 1 s after the confirmation (spec section 9), and forgetting the registration.
 * A registration the upstream no longer holds (204, or 404 on removal, spec section 8) is thrown as the redirect home
 * with the expiry warning.
 */
import { href, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { TOASTS } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import {
  describeUpstreamError,
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";
import {
  expireRegistration,
  getRegistration,
  requireDay,
} from "./registration.server";
import type { ChangeFailed } from "./rounds";

type Context = Readonly<RouterContextProvider>;

/** Spec section 9: the cancel call goes out 1 s after the confirmation. */
export const CANCEL_DELAY_MS = 1000;

/**
 * A day, then a created registration. Throws the redirect for every other case (home without a day, the workshops
 * for a draft: it is changed there); an upstream failure rejects.
 */
export async function requireCreatedRegistration(
  context: Context,
): Promise<void> {
  requireDay(context);
  const lookup = await getRegistration(context);
  if (lookup.state === "expired") throw expireRegistration(context);
  if (lookup.state === "none" || lookup.registration.created === null)
    throw redirect(href("/workshops"));
}

/**
 * Deletes the created registration and forgets it; Home then says 'Succesvol uitgeschreven.'. Failed: nothing
 * changed, and the visitor stays where they are.
 */
export async function cancelRegistration(
  context: Context,
  idempotencyKey: string,
  delayMs = CANCEL_DELAY_MS,
): Promise<{ kind: "done" } | ChangeFailed> {
  const { session, upstream } = getRequestState(context);
  try {
    await requireCreatedRegistration(context);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = await upstream.call("delete", { idempotencyKey });
    if (answer.status === 204) throw expireRegistration(context);
  } catch (error) {
    rethrowResponse(error);
    if (describeUpstreamError(error).status === 404)
      throw expireRegistration(context);
    return { kind: "failed", toast: toastForUpstreamError(error) };
  }
  session.clear();
  session.flashToast(TOASTS.unsubscribed);
  return { kind: "done" };
}
