/**
 * /inschrijving-bevestigen (spec "Confirm page"): where the mailed confirmation link lands.
 *
 * A person's GET confirms at once (the server posts the token upstream), keeps the outcome in the session and
 * redirects to this page without the token, which shows the thank-you card. Mail scanners, HEAD requests and
 * prefetches confirm nothing: their token goes into a short-lived cookie and the page offers the POST button
 * 'Inschrijving bevestigen', so a person taken for a scanner is one click from the same result.
 */
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/confirm";
import { IdempotencyField } from "~/components/forms";
import { MessagePage } from "~/components/layout/message-page";
import { RichText } from "~/components/rich-text";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { isLinkScanner } from "~/lib/link-scanners";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { CONFIRM_PAGE, MESSAGES } from "~/messages";
import {
  confirmRegistration,
  leaveTokenAddress,
} from "~/registration/mail-links.server";
import { mailTokens, tokenFromUrl } from "~/request/mail-token.server";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";

const THANK_YOU_PAGE = "inschrijfformulier_bedankt";
const PATH = href("/inschrijving-bevestigen");

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const tokens = mailTokens(context, request);
  const { session, siteData } = getRequestState(context);

  if (url.searchParams.has("token")) {
    const token = tokenFromUrl(url);
    if (!token) {
      session.setConfirmation({ ok: false });
      throw leaveTokenAddress(PATH);
    }
    if (isLinkScanner(request))
      throw leaveTokenAddress(PATH, await tokens.hold("confirm", token));
    await confirmRegistration(context, token);
    throw leaveTokenAddress(PATH);
  }

  const held = await tokens.held("confirm");
  if (held)
    return {
      state: "pending" as const,
      idempotencyKey: pageIdempotencyKey(context),
    };

  const outcome = session.confirmation;
  if (!outcome?.ok) return { state: "failed" as const };

  const page = await siteData
    .call("page", { params: { slug: THANK_YOU_PAGE } })
    .then((answer) => (answer.status === 200 ? answer.data : null))
    // The card still thanks the visitor without the upstream's texts.
    .catch(() => null);
  return {
    state: "confirmed" as const,
    title: page?.title || CONFIRM_PAGE.fallbackTitle,
    intro: page?.intro ?? null,
    html: page?.text ? sanitizeHtml(page.text) : null,
    calendar: (outcome.rounds?.length ?? 0) > 0,
  };
}

/** 'Inschrijving bevestigen': confirms with the held token, then shows the outcome as a person's GET would. */
export async function action({ request, context }: Route.ActionArgs) {
  const idempotencyKey = formIdempotencyKey(context, await request.formData());
  const tokens = mailTokens(context, request);
  const token = await tokens.held("confirm");
  if (token) await confirmRegistration(context, token, idempotencyKey);
  else getRequestState(context).session.setConfirmation({ ok: false });
  return redirect(PATH, {
    status: 303,
    headers: { "Set-Cookie": await tokens.forget("confirm") },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title:
        loaderData?.state === "confirmed"
          ? loaderData.title
          : loaderData?.state === "pending"
            ? CONFIRM_PAGE.pendingTitle
            : MESSAGES.confirmationFailed,
    },
  ];
}

function PendingConfirmation() {
  return (
    <Card className="gap-6 p-6">
      <h1 className="text-2xl font-bold">{CONFIRM_PAGE.pendingTitle}</h1>
      <p>{CONFIRM_PAGE.pendingIntro}</p>
      {/* A document POST: the held token's cookie is scoped to this page's path, which the data request of a
          client-side submission (<path>.data) does not match. */}
      <Form method="post" reloadDocument className="flex justify-end">
        <IdempotencyField />
        <Button type="submit">{CONFIRM_PAGE.confirm}</Button>
      </Form>
    </Card>
  );
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "failed")
    return (
      <MessagePage message={MESSAGES.confirmationFailed} homeLink={false} />
    );

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8"
    >
      {loaderData.state === "pending" ? (
        <PendingConfirmation />
      ) : (
        <Card className="gap-6 p-6">
          <h1 className="text-2xl font-bold">{loaderData.title}</h1>
          {loaderData.intro ? (
            <p className="text-lg">{loaderData.intro}</p>
          ) : null}
          {loaderData.html ? <RichText html={loaderData.html} /> : null}
          <div className="flex flex-wrap items-center justify-end gap-3">
            {loaderData.calendar ? (
              <a
                href={href("/inschrijving-bevestigen/agenda.ics")}
                download="open-dag.ics"
                title={CONFIRM_PAGE.calendarHint}
                className={buttonVariants({ variant: "outline" })}
              >
                {CONFIRM_PAGE.calendar}
              </a>
            ) : null}{" "}
            <Link to={href("/")} className={buttonVariants()}>
              {CONFIRM_PAGE.home}
            </Link>
          </div>
        </Card>
      )}
    </main>
  );
}
