/**
 * /dag-wijzigen?dag={id}: the cancel dialog's question as a page, for a visitor without JavaScript who chose
 * another day on Home while holding a confirmed registration (see components/registration/switch-day.tsx).
 * Showing it changes nothing; when there is nothing to ask (no confirmed registration for another day) the
 * visitor goes home.
 */
import { data, href, Link, redirect } from "react-router";
import { pageStatus, rethrowResponse } from "~/upstream/user-message";
import { formId } from "~/lib/validation";
import type { Route } from "./+types/switch-day";
import { ConfirmSwitchForm } from "~/components/registration/switch-day";
import { ErrorAlert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { MESSAGES, SWITCH_DAY, CANCEL_LABELS } from "~/messages";
import { getRegistration } from "~/registration/registration.server";
import { pageIdempotencyKey } from "~/request/idempotency.server";

const DayParam = formId("dag");

export async function loader({ url, context }: Route.LoaderArgs) {
  const day = DayParam.safeParse(url.searchParams.get("dag"));
  if (!day.success) throw redirect(href("/"));
  try {
    const lookup = await getRegistration(context);
    if (
      lookup.state !== "found" ||
      lookup.registration.created === null ||
      lookup.registration.orientationDay.id === day.data
    )
      throw redirect(href("/"));
  } catch (error) {
    rethrowResponse(error);
    // Whether there is anything to give up is unknown: say so, and offer only the way back.
    return data({ orientationDayId: day.data, failed: true }, pageStatus(true));
  }
  // The confirmation posts the day choice to Home's action.
  return {
    orientationDayId: day.data,
    failed: false,
    idempotencyKey: pageIdempotencyKey(context),
  };
}

export function meta() {
  return [{ title: SWITCH_DAY.title }];
}

export default function SwitchDayPage({ loaderData }: Route.ComponentProps) {
  const { orientationDayId, failed } = loaderData;
  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8"
    >
      <Card className="gap-6 p-6">
        <h1 className="text-2xl font-bold">{MESSAGES.cancelQuestion}</h1>
        <p className="text-gray-700 dark:text-gray-300">
          {SWITCH_DAY.explanation}
        </p>
        {failed ? <ErrorAlert message={MESSAGES.genericError} /> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Link
            to={href("/")}
            className={buttonVariants({ variant: "outline" })}
          >
            {CANCEL_LABELS.keep}
          </Link>
          {failed ? null : (
            <ConfirmSwitchForm orientationDayId={orientationDayId} />
          )}
        </div>
      </Card>
    </main>
  );
}
