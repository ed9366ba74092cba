/**
 * EventRegistration, the final form (spec "EventRegistration", "Submit", sections 5 and 8): what the visitor
 * chose, and their details sent with pending-confirmation. A created registration (reached by the login link) is
 * changed here: its e-mail address is fixed and the upstream mails a summary instead of a confirmation link.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect, useLocation } from "react-router";
import type { Route } from "./+types/registration-form";
import { Cart } from "~/components/registration/cart";
import {
  pageTitle,
  PersonalDetailsForm,
} from "~/components/registration/personal-details-form";
import { RegistrationSummary } from "~/components/registration/registration-summary";
import { formatLongDate } from "~/lib/dates";
import { MESSAGES } from "~/messages";
import { cartView, submitBlocker } from "~/registration/cart";
import type { CartView } from "~/registration/cart";
import {
  personalDetailsDefaults,
  personalDetailsSchema,
  toPendingConfirmationBody,
  withNamesFilledIn,
} from "~/registration/personal-details";
import {
  getOrientationDay,
  requireRegistration,
} from "~/registration/registration.server";
import { sendRegistration } from "~/registration/send.server";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import type { OrientationDay, Registration } from "#contract";
import {
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";

/** The registration (through the guards) and its day. Rejects with a guard's redirect or the upstream's error. */
async function fetchRegistrationAndDay(
  context: Route.LoaderArgs["context"],
): Promise<{ registration: Registration; day: OrientationDay | null }> {
  const registration = await requireRegistration(context);
  const day = await getOrientationDay(context, registration.orientationDay.id);
  return { registration, day };
}

/**
 * Requests whose action gave the form back because the upstream failed: the page after it renders the form as
 * typed even though its loader cannot load the registration either (it would otherwise send the visitor home).
 */
const formsSentBack = new WeakSet<object>();

/**
 * The registration and its day, or the answer to give instead (a guard's redirect, or home on a failure).
 * null: the upstream failed while the action had just sent the form back; the page shows it without the cart.
 */
async function loadRegistration(
  context: Route.LoaderArgs["context"],
): Promise<{ registration: Registration; day: OrientationDay | null } | null> {
  try {
    return await fetchRegistrationAndDay(context);
  } catch (error) {
    rethrowResponse(error);
    const state = getRequestState(context);
    if (formsSentBack.has(state)) return null;
    state.session.flashToast(toastForUpstreamError(error));
    throw redirect(href("/"));
  }
}

/** Why the form cannot be sent (spec section 5), or null. A day no longer on offer cannot be registered for. */
function blockerOf(registration: Registration, day: OrientationDay | null) {
  const blocker = submitBlocker(cartView(registration), day?.readonly ?? true);
  return blocker ? MESSAGES[blocker] : null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const cartOpen = url.searchParams.get("inschrijving") === "open";
  const loaded = await loadRegistration(context);
  if (!loaded) {
    const cart: CartView = {
      rounds: [],
      count: 0,
      created: false,
      heldUntil: null,
      waitlistPlaces: 0,
    };
    return {
      cart,
      cartOpen,
      day: null,
      school: null,
      blocker: null,
      defaults: {},
    };
  }
  const { registration, day } = loaded;
  const cart = cartView(registration);
  return {
    cart,
    cartOpen,
    day: day ? { display: day.display, date: formatLongDate(day.date) } : null,
    school: registration.school?.display ?? null,
    blocker: blockerOf(registration, day),
    defaults: personalDetailsDefaults(registration),
    idempotencyKey: pageIdempotencyKey(context),
  };
}

/** A reply that only gives the form back as it was sent: nothing was checked, nothing is lost. */
function sentBack(formData: FormData): SubmissionResult<string[]> {
  const initialValue: Record<string, string> = {};
  for (const [name, value] of formData)
    if (typeof value === "string") initialValue[name] = value;
  return { initialValue };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const idempotencyKey = formIdempotencyKey(context, formData);
  const { session } = getRequestState(context);
  let loaded: Awaited<ReturnType<typeof fetchRegistrationAndDay>>;
  try {
    loaded = await fetchRegistrationAndDay(context);
  } catch (error) {
    // A guard's redirect stands; an upstream that failed to answer keeps the visitor on the form as typed.
    rethrowResponse(error);
    session.flashToast(toastForUpstreamError(error));
    formsSentBack.add(getRequestState(context));
    return data({ result: sentBack(formData) }, { status: 502 });
  }
  const { registration, day } = loaded;
  const created = registration.created !== null;
  // A created registration keeps its address, whatever was posted.
  if (created && registration.emailadres)
    formData.set("emailadres", registration.emailadres);

  const submission = parseWithZod(withNamesFilledIn(formData), {
    schema: personalDetailsSchema({ created }),
  });
  const blocker = blockerOf(registration, day);
  if (submission.status !== "success" || blocker) {
    return data(
      {
        result: submission.reply(blocker ? { formErrors: [blocker] } : {}),
      },
      { status: 400 },
    );
  }

  const outcome = await sendRegistration(context, {
    details: toPendingConfirmationBody(submission.value),
    created,
    idempotencyKey,
  });
  if (outcome.kind === "kept")
    return data({ result: submission.reply() }, { status: outcome.status });
  return redirect(href("/"));
}

export default function RegistrationForm({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { cart, cartOpen, day, school, blocker, defaults } = loaderData;
  // A new page (after a redirect) starts from the loader's values; a refused submit keeps what was typed.
  const { key } = useLocation();

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-bold">{pageTitle(cart.created)}</h1>
        <Cart cart={cart} open={cartOpen} />
      </div>
      <div className="grid items-start gap-10 lg:grid-cols-[1fr_1.4fr]">
        <RegistrationSummary
          count={cart.count}
          rounds={cart.rounds}
          day={day}
          school={school}
        />
        <PersonalDetailsForm
          key={key}
          created={cart.created}
          defaults={defaults}
          blocker={blocker}
          lastResult={actionData?.result}
        />
      </div>
    </main>
  );
}
