/**
 * POST /winkelwagen (spec "Removing a workshop"): `intent=remove` with the `round` to empty. Without JavaScript
 * the visitor goes back to `redirectTo` (a path on this site) with the cart open; a fetcher (`enhanced`) gets
 * data instead, so the page stays where it was and its loaders refresh the cart, or the error to show in it.
 * The removal itself is `removeFromRound` (app/registration/cart.server.ts): this reads the form and answers.
 */
import { data, href, redirect } from "react-router";
import { z } from "zod";
import { formId } from "~/lib/validation";
import type { Route } from "./+types/cart";
import { ENHANCED_FIELD } from "~/components/registration/enhanced";
import { safeReturnPath, withSearchParam } from "~/lib/return-to";
import { VALIDATION } from "~/messages";
import { CART_OPEN_PARAM } from "~/registration/cart";
import { removeFromRound } from "~/registration/cart.server";
import type { CartActionData } from "~/registration/rounds";
import { formIdempotencyKey } from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import { formFailureStatus } from "~/upstream/user-message";

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

  const outcome = await removeFromRound(context, {
    round: parsed.data.round,
    idempotencyKey,
  });
  if (outcome.kind === "failed") {
    // With JavaScript the cart says it beside the round, as a refused add or cancel is said beside its form; a
    // plain post comes back to a fresh page, where the flash toast says it. Either way once (decision 0045).
    if (enhanced)
      return data<CartActionData>(
        { error: outcome.toast.message },
        { status: formFailureStatus(outcome.toast) },
      );
    getRequestState(context).session.flashToast(outcome.toast);
    return redirect(returnTo);
  }
  return enhanced ? data<CartActionData>({ ok: true }) : redirect(returnTo);
}
