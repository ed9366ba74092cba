/**
 * A registration sent with 'Versturen' is not done until its mailed link is opened (decision 0065). 'Versturen'
 * clears the visitor's store (spec "Submit"), so the registration's id is kept apart (the session's
 * `awaitingConfirmation`), and Home asks the upstream how it stands on every visit: waiting (with the address and
 * until when the link works), confirmed (the notice goes), or gone (the notice says so, and how to start again).
 */
import type { RouterContextProvider } from "react-router";
import { TOASTS } from "~/messages";
import type { Toast } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import type { Registration } from "#contract";
import { noticeFor } from "./awaiting-confirmation";
import type { AwaitingNotice } from "./awaiting-confirmation";
import { toastForUpstreamError } from "~/upstream/user-message";

type Context = Readonly<RouterContextProvider>;

/**
 * The notice Home shows for the registration waiting for its link, or null: none waits, it was confirmed (the
 * id is then forgotten), or the upstream could not say (nothing is said rather than something untrue).
 */
export async function awaitingNotice(
  context: Context,
): Promise<AwaitingNotice | null> {
  const { session, upstream } = getRequestState(context);
  const awaiting = session.awaitingConfirmation;
  if (!awaiting) return null;
  let registration: Registration | null;
  try {
    const answer = await upstream.call("registration", {
      registrationId: awaiting.id,
    });
    registration = answer.status === 200 ? answer.data : null;
  } catch {
    return null;
  }
  if (!registration) return { state: "expired" };
  const notice = noticeFor(registration);
  if (!notice) session.setAwaitingConfirmation(null);
  return notice;
}

/**
 * 'Stuur de e-mail opnieuw': the upstream mails a new link (only the newest confirms) and the toast says how it
 * went. The form's idempotency key makes a replayed post send nothing twice.
 */
export async function resendConfirmation(
  context: Context,
  idempotencyKey: string,
): Promise<Toast | null> {
  const { session, upstream } = getRequestState(context);
  const awaiting = session.awaitingConfirmation;
  if (!awaiting) return TOASTS.nothingToConfirm;
  try {
    const answer = await upstream.call("resendConfirmation", {
      registrationId: awaiting.id,
      idempotencyKey,
    });
    // Gone: Home says so in its notice.
    if (answer.status === 204) return null;
    if (answer.data.created !== null) session.setAwaitingConfirmation(null);
    return TOASTS.confirmationResent;
  } catch (error) {
    return toastForUpstreamError(error, "resend");
  }
}
