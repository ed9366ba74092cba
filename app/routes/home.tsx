/**
 * Home (spec "Home"): the page text, a card per orientation day with an 'Inschrijven' form choosing that day
 * (spec "Choosing an orientation day"), and the school logo carousel.
 *
 * Choosing another day deletes the visitor's registration. A confirmed one is not given up by one click: the
 * action asks first (the cancel dialog's question, as a page at /dag-wijzigen), unless the form says the visitor
 * already agreed (`confirm`), as the dialog's 'Ja, schrijf mij uit' does. A draft is replaced without asking.
 *
 * A registration sent with 'Versturen' is said here until its mailed link is opened (decision 0065).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, redirect } from "react-router";
import { z } from "zod";
import { formatLongDate } from "~/lib/dates";
import { formId } from "~/lib/validation";
import type { Route } from "./+types/home";
import { IdempotencyField } from "~/components/forms";
import { LogoCarousel } from "~/components/logo-carousel";
import {
  CONFIRM_FIELD,
  SwitchDayDialog,
  switchDayHref,
} from "~/components/registration/switch-day";
import { RichText } from "~/components/rich-text";
import { ErrorAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { AwaitingConfirmationNotice } from "~/components/registration/awaiting-confirmation-notice";
import { awaitingNotice } from "~/registration/awaiting-confirmation.server";
import { chooseDay } from "~/registration/day.server";
import {
  getOrientationDays,
  getRegistration,
} from "~/registration/registration.server";
import { MESSAGES, VALIDATION, HOME_PAGE } from "~/messages";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import type { OrientationDay } from "#contract";
import { pageStatus } from "~/upstream/user-message";

function byDate(a: OrientationDay, b: OrientationDay) {
  return (
    a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time)
  );
}

/** The day of the visitor's confirmed registration, if any: choosing another day then asks first. */
async function confirmedDayId(
  context: Route.LoaderArgs["context"],
): Promise<number | null> {
  try {
    const lookup = await getRegistration(context);
    return lookup.state === "found" && lookup.registration.created !== null
      ? lookup.registration.orientationDay.id
      : null;
  } catch {
    // Unknown: the action asks the upstream again when a day is chosen, and asks the visitor when needed.
    return null;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const { siteData } = getRequestState(context);
  const [[page, days, logos], confirmedDay, awaiting] = await Promise.all([
    Promise.allSettled([
      siteData.call("page", { params: { slug: "home" } }),
      getOrientationDays(context),
      siteData.call("schoolLogos"),
    ]),
    confirmedDayId(context),
    awaitingNotice(context),
  ]);

  // A missing home page (404) is no failure: the title and text are optional.
  const pageMissing =
    page.status === "rejected" &&
    (page.reason as { status?: number }).status === 404;
  const failed =
    (page.status === "rejected" && !pageMissing) ||
    days.status === "rejected" ||
    logos.status === "rejected";

  const pageData =
    page.status === "fulfilled" && page.value.status === 200
      ? page.value.data
      : null;
  const dayList = days.status === "fulfilled" ? days.value : [];

  return data(
    {
      title: pageData?.title ?? null,
      html: pageData?.text ? sanitizeHtml(pageData.text) : null,
      failed,
      daysLoaded: days.status === "fulfilled",
      confirmedDayId: confirmedDay,
      awaiting,
      days: dayList.toSorted(byDate).map((day) => ({
        id: day.id,
        school: day.schoolDisplay,
        addressLine:
          day.address && day.postalCode && day.city
            ? `${day.address}, ${day.postalCode} ${day.city}`
            : null,
        date: formatLongDate(day.date),
        time: `${day.start_time} – ${day.end_time}`,
      })),
      logos:
        logos.status === "fulfilled" && logos.value.status === 200
          ? logos.value.data
          : [],
      idempotencyKey: pageIdempotencyKey(context),
    },
    pageStatus(failed),
  );
}

const ChooseDaySchema = z.object({
  orientationDayId: formId("orientationDayId"),
  /** The visitor agreed to give up a confirmed registration of another day. */
  [CONFIRM_FIELD]: z.literal("1").optional(),
});

/** Spec "Choosing an orientation day" (app/registration/day.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const idempotencyKey = formIdempotencyKey(context, formData);
  const submission = parseWithZod(formData, { schema: ChooseDaySchema });
  if (submission.status !== "success") {
    return data(
      { error: VALIDATION.invalid("orientationDayId") },
      { status: 400 },
    );
  }
  const chosen = submission.value.orientationDayId;
  const outcome = await chooseDay(context, {
    dayId: chosen,
    agreed: submission.value[CONFIRM_FIELD] === "1",
    idempotencyKey,
  });
  if (outcome.kind === "refused")
    return data({ error: outcome.message }, { status: outcome.status });
  if (outcome.kind === "ask") return redirect(switchDayHref(chosen));
  if (outcome.kind === "failed") {
    getRequestState(context).session.flashToast(outcome.toast);
    return redirect(href("/"));
  }
  return redirect(
    outcome.schoolKept ? href("/workshops") : href("/inschrijven"),
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? HOME_PAGE.documentTitle }];
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const {
    title,
    html,
    failed,
    daysLoaded,
    confirmedDayId,
    awaiting,
    days,
    logos,
  } = loaderData;
  // When the days could not be loaded, the events section says so itself; the message is shown once.
  const topError =
    actionData?.error ?? (failed && daysLoaded ? MESSAGES.genericError : null);
  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-8"
    >
      {topError ? <ErrorAlert message={topError} /> : null}
      {awaiting ? <AwaitingConfirmationNotice notice={awaiting} /> : null}

      {title || html ? (
        <section className="flex flex-col gap-4">
          {title ? <h1 className="text-3xl font-bold">{title}</h1> : null}
          {html ? <RichText html={html} /> : null}
        </section>
      ) : null}

      <section
        aria-labelledby="evenementen-titel"
        className="flex flex-col gap-4"
      >
        {title ? (
          <h2 id="evenementen-titel" className="text-2xl font-bold">
            {HOME_PAGE.events}
          </h2>
        ) : (
          <h1 id="evenementen-titel" className="text-2xl font-bold">
            {HOME_PAGE.events}
          </h1>
        )}
        {!daysLoaded ? (
          // "No events" would not be true: the list could not be loaded.
          <ErrorAlert message={MESSAGES.genericError} />
        ) : days.length === 0 ? (
          <p>{MESSAGES.noEvents}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {days.map((day) => (
              <li key={day.id}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle>{day.school}</CardTitle>
                  </CardHeader>
                  <CardContent className="flex flex-col gap-1 text-sm text-gray-700 dark:text-gray-300">
                    {day.addressLine ? <p>{day.addressLine}</p> : null}
                    <p className="font-semibold text-gray-900 first-letter:uppercase dark:text-gray-100">
                      {day.date}
                    </p>
                    <p>{day.time}</p>
                  </CardContent>
                  <CardFooter>
                    {/* Giving up a confirmed registration asks first (SwitchDayDialog posts the same form until
                        the page is hydrated; the action then asks on a page instead). */}
                    {confirmedDayId !== null && confirmedDayId !== day.id ? (
                      <SwitchDayDialog
                        orientationDayId={day.id}
                        label={HOME_PAGE.registerFor(day.school, day.date)}
                      />
                    ) : (
                      <Form method="post">
                        <input
                          type="hidden"
                          name="orientationDayId"
                          value={day.id}
                        />
                        <IdempotencyField />
                        <Button
                          type="submit"
                          aria-label={HOME_PAGE.registerFor(
                            day.school,
                            day.date,
                          )}
                        >
                          {HOME_PAGE.register}
                        </Button>
                      </Form>
                    )}
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <LogoCarousel logos={logos} />
    </main>
  );
}
