/**
 * /inschrijving-annuleren (spec "Cancelling"): the confirmation 'Weet je zeker dat je je inschrijving wilt
 * annuleren?' as a page, for visitors without JavaScript (with it, the same question is a dialog in the cart),
 * and the action both post to: delete the registration upstream, forget it, and go home with
 * 'Succesvol uitgeschreven.'.
 *
 * Only a created registration can be cancelled (the cart offers it only then); a visitor with a draft goes
 * back to the workshops, one without a day goes home. Showing the page never changes anything upstream: the
 * loader only reads the registration, and never creates one as the flow's other guards do.
 */
import { data, href, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/cancel";
import {
  CancelError,
  ConfirmCancelForm,
  type CancelActionData,
} from "~/components/registration/cancel-registration";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { safeReturnPath } from "~/lib/return-to";
import { MESSAGES, CANCEL_LABELS } from "~/messages";
import {
  cancelRegistration,
  requireCreatedRegistration,
} from "~/registration/cancel.server";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import {
  formFailureStatus,
  pageStatus,
  rethrowResponse,
} from "~/upstream/user-message";

/** Where 'Annuleren' leads when the visitor did not come from a page of the flow. */
const DEFAULT_RETURN = href("/workshops");

export async function loader({ url, context }: Route.LoaderArgs) {
  const returnTo = safeReturnPath(
    url.searchParams.get("redirectTo"),
    DEFAULT_RETURN,
  );
  const idempotencyKey = pageIdempotencyKey(context);
  try {
    await requireCreatedRegistration(context);
  } catch (error) {
    rethrowResponse(error);
    // Whether there is anything to cancel is unknown: say so, and offer only the way back.
    return data({ returnTo, failed: true, idempotencyKey }, pageStatus(true));
  }
  return { returnTo, failed: false, idempotencyKey };
}

/** The cancellation itself: app/registration/cancel.server.ts. */
export async function action({ request, context }: Route.ActionArgs) {
  const idempotencyKey = formIdempotencyKey(context, await request.formData());
  const outcome = await cancelRegistration(context, idempotencyKey);
  // Nothing changed: the visitor stays where they are and is told once, next to the buttons.
  if (outcome.kind === "failed")
    return data<CancelActionData>(
      { error: outcome.toast.message },
      { status: formFailureStatus(outcome.toast) },
    );
  return redirect(href("/"));
}

export function meta() {
  return [{ title: CANCEL_LABELS.trigger }];
}

export default function CancelPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { returnTo, failed } = loaderData;
  // The page's own form goes through a fetcher too, so that with JavaScript its failure shows here as well.
  const fetcher = useFetcher<CancelActionData>();
  // Without JavaScript the action's answer renders this page as its action data. One failure is said once.
  const error =
    fetcher.data?.error ??
    actionData?.error ??
    (failed ? MESSAGES.genericError : undefined);
  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8"
    >
      <Card className="gap-6 p-6">
        <h1 className="text-2xl font-bold">{MESSAGES.cancelQuestion}</h1>
        <CancelError message={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Link
            to={returnTo}
            className={buttonVariants({ variant: "outline" })}
          >
            {CANCEL_LABELS.keep}
          </Link>
          {failed ? null : <ConfirmCancelForm fetcher={fetcher} />}
        </div>
      </Card>
    </main>
  );
}
