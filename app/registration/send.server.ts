/**
 * 'Versturen' (spec "Submit", sections 5 and 8) in one place (decision 0070): the visitor's details sent with the
 * upstream's `pendingConfirmation`, the store cleared on success (a new registration then waits for its mailed link
 * on Home, decision 0065), and what every refusal comes to. The route checks the form and answers the outcome.
 */
import type { RouterContextProvider } from "react-router";
import { TOASTS } from "~/messages";
import type { Toast } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import type { PendingConfirmationBody } from "#contract";
import {
  describeUpstreamError,
  formFailureStatus,
  toastForUpstreamError,
} from "~/upstream/user-message";
import { expireRegistration } from "./registration.server";

type Context = Readonly<RouterContextProvider>;

export type SendOutcome =
  /** Sent: the store is cleared and the toast flashed; Home is next. */
  | { kind: "sent" }
  /** Refused for good (the store is cleared, the toast flashed): Home is next. */
  | { kind: "refusedHome" }
  /** Not sent, and the visitor keeps the form as typed; the toast is flashed, `status` is the form's answer. */
  | { kind: "kept"; toast: Toast; status: number };

/**
 * Sends the details of the visitor's registration (`created`: a confirmed one, changed after the login link). A
 * registration the upstream no longer holds (204) is thrown as the redirect home with the expiry warning.
 */
export async function sendRegistration(
  context: Context,
  {
    details,
    created,
    idempotencyKey,
  }: {
    details: PendingConfirmationBody;
    created: boolean;
    idempotencyKey: string;
  },
): Promise<SendOutcome> {
  const { session, upstream } = getRequestState(context);
  let expired = false;
  try {
    const answer = await upstream.call("pendingConfirmation", {
      body: details,
      idempotencyKey,
    });
    expired = answer.status === 204;
  } catch (error) {
    const toast = toastForUpstreamError(error, "submit");
    session.flashToast(toast);
    const { status } = describeUpstreamError(error);
    // Catalogue: any other refusal by the upstream clears the store and goes home (a registration already sent
    // included: its id from before 'Versturen' changes nothing, decision 0076). An upstream that did not answer
    // (down, timed out, 5xx) refused nothing, nor did one that mailed this address enough for now: the visitor
    // keeps the form and can send it again.
    const kept =
      toast === TOASTS.alreadyRegistered ||
      toast === TOASTS.confirmationMailLimited;
    if (!kept && status !== undefined && status < 500) {
      session.clear();
      return { kind: "refusedHome" };
    }
    // Said once, by the toast; every typed value comes back so the visitor can log in or use another address.
    return {
      kind: "kept",
      toast,
      status:
        toast === TOASTS.alreadyRegistered ? 409 : formFailureStatus(toast),
    };
  }
  if (expired) throw expireRegistration(context);

  // Spec "Submit": success clears the store and goes home, where the success dialog shows. A new registration
  // is not done until its mailed link is opened: Home says so until then (decision 0065).
  const awaitingId = session.registrationId;
  session.clear();
  if (!created && awaitingId) session.setAwaitingConfirmation(awaitingId);
  session.flashToast(created ? TOASTS.registeredChanged : TOASTS.registeredNew);
  return { kind: "sent" };
}
