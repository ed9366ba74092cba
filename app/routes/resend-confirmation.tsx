/**
 * POST /inschrijving-bevestigen/opnieuw ('Stuur de e-mail opnieuw' in Home's notice, decision 0065): the upstream
 * mails the confirmation link again; a toast says how it went, and Home's notice shows the new link's time.
 */
import { href, redirect } from "react-router";
import type { Route } from "./+types/resend-confirmation";
import { resendConfirmation } from "~/registration/awaiting-confirmation.server";
import { formIdempotencyKey } from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";

export async function action({ request, context }: Route.ActionArgs) {
  const idempotencyKey = formIdempotencyKey(context, await request.formData());
  const toast = await resendConfirmation(context, idempotencyKey);
  if (toast) getRequestState(context).session.flashToast(toast);
  return redirect(href("/"));
}
