/**
 * POST /winkelwagen (spec "Removing a workshop"): empties one round of the cart. A plain form sends `redirectTo`
 * and returns there with the cart open; the cart's fetcher leaves it out and stays on the page.
 */
import { data, redirect } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import { z } from "zod";
import type { Route } from "./+types/cart";
import { choicesToRemove } from "~/registration/cart";
import {
  loadRegistration,
  updateChoices,
} from "~/registration/registration.server";
import { getRequestState } from "~/session/request-state.server";
import { toastForUpstreamError } from "~/upstream/user-message";

const RemoveSchema = z.object({
  intent: z.literal("remove"),
  round: z.coerce.number().int().positive(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const parsed = RemoveSchema.safeParse(Object.fromEntries(formData));
  const redirectTo = formData.get("redirectTo");
  const answer = () =>
    redirectTo !== null
      ? redirect(safeRedirect(redirectTo, "/workshops"))
      : data({ ok: parsed.success });
  if (!parsed.success) return answer();

  const registration = await loadRegistration(context);
  const held = registration.choices[String(parsed.data.round)];
  // Nothing to remove (a second click, another tab): the cart is already as asked.
  if (!held) return answer();
  try {
    await updateChoices(context, choicesToRemove(parsed.data.round));
  } catch (error) {
    if (error instanceof Response) throw error;
    getRequestState(context).session.flashToast(
      toastForUpstreamError(error, "cart"),
    );
  }
  return answer();
}
