/**
 * POST /winkelwagen (spec "Removing a workshop"): `intent=remove` with the `round` to empty. Without JavaScript
 * the visitor goes back to `redirectTo` (a path on this site) with the cart open; a fetcher (`enhanced`) gets
 * data instead, so the page stays where it was and its loaders refresh the cart, or the error to show in it.
 */
import { data, href, redirect } from "react-router";
import { z } from "zod";
import { formId } from "~/lib/validation";
import type { Route } from "./+types/cart";
import { ENHANCED_FIELD } from "~/components/registration/enhanced";
import { safeReturnPath, withSearchParam } from "~/lib/return-to";
import { TOASTS, VALIDATION } from "~/messages";
import { CART_OPEN_PARAM, choicesToRemove } from "~/registration/cart";
import type { CartActionData } from "~/registration/rounds";

import {
  changeRegistration,
  expireRegistration,
  requireRegistration,
} from "~/registration/registration.server";
import { formIdempotencyKey } from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import {
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";

const RemoveSchema = z.object({
  intent: z.literal("remove"),
  round: formId("round"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = withSearchParam(
    safeReturnPath(form.get("redirectTo"), href("/workshops")),
    CART_OPEN_PARAM.name,
    CART_OPEN_PARAM.value,
  );
  const enhanced = form.get(ENHANCED_FIELD) === "1";
  const idempotencyKey = formIdempotencyKey(context, form);
  const parsed = RemoveSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data({ error: VALIDATION.invalid("round") }, { status: 400 });

  const { session, upstream } = getRequestState(context);
  try {
    // Guards first: no day, no school or an expired registration send the visitor on (thrown redirects).
    await requireRegistration(context);
    await changeRegistration(context, () =>
      upstream.call("update", {
        body: { choices: choicesToRemove(parsed.data.round) },
        idempotencyKey,
      }),
    );
  } catch (error) {
    rethrowResponse(error);
    const toast = toastForUpstreamError(error, "cart");
    // Spec section 8: a 404 on removal means the registration is gone.
    if (toast === TOASTS.registrationExpired) throw expireRegistration(context);
    // With JavaScript the cart says it beside the round, as a refused add or cancel is said beside its form; a
    // plain post comes back to a fresh page, where the flash toast says it. Either way once.
    if (enhanced)
      return data<CartActionData>({ error: toast.message }, { status: 502 });
    session.flashToast(toast);
    return redirect(returnTo);
  }
  return enhanced ? data<CartActionData>({ ok: true }) : redirect(returnTo);
}
