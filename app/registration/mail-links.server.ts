/**
 * What the mailed links do (spec "Login with token", "Confirm page"), for the /login and
 * /inschrijving-bevestigen routes: the first hop that takes the token out of the address, the confirmation and
 * the login. Scanners and prefetches never get this far with a token: the routes decide that
 * (lib/link-scanners.ts) before calling anything here that spends one.
 */
import { redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { getRequestState } from "~/request/request-state.server";
import type { Registration } from "#contract";
import { cartRounds } from "./cart";
import { setRegistration } from "./registration.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The answer to a link with a token in its address: a 303 to the same page without it. This response is the
 * only one whose URL holds the token, so it sends no Referer anywhere and is kept in no cache.
 */
export function leaveTokenAddress(path: string, setCookie?: string): Response {
  const headers = new Headers({
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return redirect(path, { status: 303, headers });
}

/**
 * Confirms the registration with the mailed token and records the outcome in the session for the thank-you
 * page: the day and the workshop per round (for the calendar file), or a failure. Never throws. With the
 * 'Inschrijving bevestigen' form's key, a double click confirms once and both answers say so.
 */
export async function confirmRegistration(
  context: Context,
  token: string,
  idempotencyKey?: string,
): Promise<boolean> {
  const { session, upstream } = getRequestState(context);
  try {
    const answer = await upstream.call("confirm", {
      body: { token },
      idempotencyKey,
    });
    if (answer.status !== 200) throw new Error("confirm: no content");
    const rounds = cartRounds(answer.data).flatMap(({ number, workshop }) =>
      workshop ? [{ round: number, title: workshop.display }] : [],
    );
    session.setConfirmation({
      ok: true,
      dayId: answer.data.orientationDay.id,
      rounds,
    });
    return true;
  } catch {
    // Spec section 8: a failed confirmation says 'Er is iets misgegaan.' and nothing else, whatever the cause.
    session.setConfirmation({ ok: false });
    return false;
  }
}

/**
 * Spec "Login with token": the session takes the registration id, and with the registration its day and
 * school; the cart is the registration's choices. Whatever the visitor had before in this browser is replaced.
 */
export function logIn(
  context: Context,
  answer: { registrationId: string; registration: Registration },
): void {
  const { session } = getRequestState(context);
  session.setRegistrationId(answer.registrationId);
  setRegistration(context, answer.registration);
}
