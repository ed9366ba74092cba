/**
 * /inschrijving-annuleren (spec "Cancelling"): the confirmation page for visitors without JavaScript (the cart's
 * dialog asks the same with it), and the action both post to: delete upstream, forget the registration, Home.
 */
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/cancel";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { MESSAGES, TOASTS } from "~/messages";
import {
  expireRegistration,
  loadRegistration,
} from "~/registration/registration.server";
import { getRequestState } from "~/session/request-state.server";
import { toastForUpstreamError } from "~/upstream/user-message";

/** Spec section 9: the cancel call goes out after 1 s (time to take the click back is the dialog's). */
const CANCEL_DELAY_MS = 1000;

export async function loader({ context }: Route.LoaderArgs) {
  const registration = await loadRegistration(context);
  // Only a confirmed registration can be cancelled; a draft is simply left.
  if (registration.created === null) throw redirect(href("/workshops"));
  return null;
}

export async function action({ context }: Route.ActionArgs) {
  const registration = await loadRegistration(context);
  if (registration.created === null) return redirect(href("/workshops"));
  const { session, upstream } = getRequestState(context);
  await new Promise((resolve) => setTimeout(resolve, CANCEL_DELAY_MS));
  try {
    const answer = await upstream.call("delete");
    if (answer.status === 204) return expireRegistration(context);
  } catch (error) {
    session.flashToast(toastForUpstreamError(error));
    return redirect(href("/workshops"));
  }
  session.clear();
  session.flashToast(TOASTS.unsubscribed);
  return redirect(href("/"));
}

export function meta() {
  return [{ title: "Inschrijving annuleren" }];
}

export default function Cancel() {
  return (
    <main id="inhoud" className="mx-auto grid w-full max-w-xl gap-6 p-4">
      <h1 className="text-2xl font-bold">Inschrijving annuleren</h1>
      <Card>
        <CardContent className="grid gap-6 pt-5">
          <p className="text-lg">{MESSAGES.cancelQuestion}</p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <Button type="submit" variant="destructive">
                Ja, schrijf mij uit
              </Button>
            </Form>
            <Button asChild variant="outline">
              <Link to={href("/workshops")}>Annuleren</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
