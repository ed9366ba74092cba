/**
 * /inschrijven (spec "SchoolSelect", "Choosing a school"): the login box for a visitor who registered before,
 * then one button per school of the chosen day. Choosing a school sets it on the registration (add-school when
 * one exists, create otherwise) and goes on to /workshops.
 */
import { href, Link, useLocation } from "react-router";
import type { Route } from "./+types/school-select";
import {
  chooseSchoolAction,
  loadSchoolSelect,
  requestLogin,
} from "./school-select.server";
import { PageTitle } from "~/components/forms";
import { LOGIN_INTENT, LoginBox } from "~/components/registration/login-box";
import { SchoolButton } from "~/components/registration/school-button";
import { ErrorAlert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { MESSAGES, SCHOOL_PAGE } from "~/messages";
import { requireDay } from "~/registration/registration.server";
import { formIdempotencyKey } from "~/request/idempotency.server";

export function loader({ context }: Route.LoaderArgs) {
  return loadSchoolSelect(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const dayId = requireDay(context);
  const formData = await request.formData();
  const idempotencyKey = formIdempotencyKey(context, formData);
  return formData.get("intent") === LOGIN_INTENT
    ? requestLogin(formData, context, dayId, idempotencyKey)
    : chooseSchoolAction(formData, context, dayId, idempotencyKey);
}

/** The page's title comes with the login box when it shows (PageTitle): 'Fout: ' in front while its error shows. */
const TITLE = SCHOOL_PAGE.title;

export default function SchoolSelect({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { created, failed, schools, noEvents } = loaderData;
  // The redirect after a login request is a new location: the box starts empty again.
  const { key } = useLocation();
  const schoolError =
    actionData && "error" in actionData ? actionData.error : null;

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8"
    >
      <h1 className="text-3xl font-bold">{TITLE}</h1>
      {failed || schoolError ? (
        <ErrorAlert message={schoolError ?? MESSAGES.genericError} />
      ) : null}

      {created ? (
        <PageTitle title={TITLE} />
      ) : (
        <LoginBox
          key={key}
          title={TITLE}
          lastResult={
            actionData && "result" in actionData ? actionData.result : undefined
          }
        />
      )}

      {noEvents ? (
        <section className="flex flex-col items-start gap-4">
          <p>{MESSAGES.noEventsTryLater}</p>
          <Link
            to={href("/")}
            className={buttonVariants({ variant: "outline" })}
          >
            {SCHOOL_PAGE.backHome}
          </Link>
        </section>
      ) : schools.length > 0 ? (
        <section
          aria-labelledby="scholen-titel"
          className="flex flex-col gap-4"
        >
          <h2 id="scholen-titel" className="text-xl font-bold">
            {SCHOOL_PAGE.schoolsTitle}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {schools.map((school) => (
              <li key={school.id}>
                <SchoolButton school={school} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
