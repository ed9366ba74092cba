/**
 * POST /uitloggen (spec "Layout", logout button): forgets the registration, the school and the anonymous id,
 * says so in an info toast and goes home.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { TOASTS } from "~/messages";
import { getRequestState } from "~/request/request-state.server";

export function action({ context }: Route.ActionArgs) {
  const { session } = getRequestState(context);
  session.clear();
  session.flashToast(TOASTS.loggedOut);
  return redirect("/");
}
