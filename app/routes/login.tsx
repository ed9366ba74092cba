/**
 * /login (spec "Welcome-back page", "Login with token"): where the mailed login link lands.
 *
 * A GET never spends the token, whoever sends it (a person, a mail scanner, a HEAD, a prefetch): the first
 * response moves the token into a short-lived cookie for this path and redirects to /login without it. The
 * page then shows 'Welkom terug!' and the POST button 'Ga verder', which logs in and goes to /workshops.
 */
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { IdempotencyField } from "~/components/forms";
import { ErrorAlert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LOGIN_PAGE, MESSAGES } from "~/messages";
import { leaveTokenAddress, logIn } from "~/registration/mail-links.server";
import { mailTokens, tokenFromUrl } from "~/request/mail-token.server";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import {
  describeUpstreamError,
  toastForUpstreamError,
} from "~/upstream/user-message";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const tokens = mailTokens(context, request);
  if (url.searchParams.has("token")) {
    const token = tokenFromUrl(url);
    throw leaveTokenAddress(
      href("/login"),
      token ? await tokens.hold("login", token) : undefined,
    );
  }
  const token = await tokens.held("login");
  return {
    hasToken: token !== null,
    idempotencyKey: pageIdempotencyKey(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const idempotencyKey = formIdempotencyKey(context, await request.formData());
  const tokens = mailTokens(context, request);
  const token = await tokens.held("login");
  if (!token)
    return data({ error: MESSAGES.loginLinkExpired }, { status: 401 });

  const { upstream } = getRequestState(context);
  const forget = { "Set-Cookie": await tokens.forget("login") };
  try {
    // A double click sends the token twice: the repeat gets the first answer instead of 'link used'.
    const answer = await upstream.call("login", {
      body: { token },
      idempotencyKey,
    });
    if (answer.status !== 200) throw new Error("login: no content");
    logIn(context, answer.data);
  } catch (error) {
    const { message } = toastForUpstreamError(error, "login");
    // A refused token is spent: forget it. Any other failure keeps it, so 'Ga verder' can be tried again.
    if (describeUpstreamError(error).status === 401)
      return data({ error: message }, { status: 401, headers: forget });
    return data({ error: message }, { status: 502 });
  }
  return redirect(href("/workshops"), { headers: forget });
}

export function meta() {
  return [{ title: LOGIN_PAGE.documentTitle }];
}

export default function Login({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const error =
    actionData?.error ??
    (loaderData.hasToken ? null : MESSAGES.loginLinkExpired);
  // After a refusal the token is gone (the action forgot it); after another failure it can be tried again.
  const canProceed =
    loaderData.hasToken && actionData?.error !== MESSAGES.loginLinkExpired;

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8"
    >
      <Card className="gap-6 p-6">
        <h1 className="text-2xl font-bold">{LOGIN_PAGE.title}</h1>
        {error ? <ErrorAlert message={error} /> : null}
        {canProceed ? (
          <>
            <p>{LOGIN_PAGE.intro}</p>
            {/* A document POST: the held token's cookie is scoped to this page's path, which the data request of a
                client-side submission (<path>.data) does not match. */}
            <Form method="post" reloadDocument className="flex justify-end">
              <IdempotencyField />
              <Button type="submit">{LOGIN_PAGE.proceed}</Button>
            </Form>
          </>
        ) : (
          <>
            <p>{LOGIN_PAGE.newLink}</p>
            <div className="flex justify-end">
              <Link
                to={href("/")}
                className={buttonVariants({ variant: "outline" })}
              >
                {LOGIN_PAGE.home}
              </Link>
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
