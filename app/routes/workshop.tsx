/**
 * /workshop/{slug} (spec "Workshop info"): the workshop with its gallery and favourite star, and the 'Inschrijven'
 * panel that adds it to a round (spec "Adding a workshop to a round") or puts the visitor on a full round's
 * waiting list (intents join-waitlist / leave-waitlist, decision 0024). The search and filters the visitor came
 * with ride along in the query, so the back link returns to the same list.
 */
import { ArrowLeft } from "lucide-react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  data,
  href,
  isRouteErrorResponse,
  Link,
  redirect,
  useFetcher,
} from "react-router";
import { z } from "zod";
import { formId } from "~/lib/validation";
import type { Route } from "./+types/workshop";
import { MessagePage } from "~/components/layout/message-page";
import { Cart } from "~/components/registration/cart";
import { DomainLabels } from "~/components/registration/domain-labels";
import { ENHANCED_FIELD } from "~/components/registration/enhanced";
import {
  FavouriteButton,
  useFavouriteToggles,
} from "~/components/registration/favourite-button";
import {
  ADD_WORKSHOP_FETCHER,
  RoundPicker,
  type AddResult,
} from "~/components/registration/round-picker";
import { WorkshopGallery } from "~/components/registration/workshop-gallery";
import { RichText } from "~/components/rich-text";
import { withSearchParam } from "~/lib/return-to";
import { sanitizeHtml } from "~/lib/sanitize.server";
import {
  MESSAGES,
  TOASTS,
  VALIDATION,
  WAITLIST_TOASTS,
  WORKSHOP_PAGE,
  LAYOUT,
} from "~/messages";
import {
  addBlocker,
  CART_OPEN_PARAM,
  cartOpen,
  cartRounds,
  cartView,
  choicesToAdd,
  roundOptions,
} from "~/registration/cart";
import {
  changeRegistration,
  expireRegistration,
  getOrientationDay,
  requireRegistration,
} from "~/registration/registration.server";
import { domainLabelColors } from "~/registration/domain-label";
import {
  JOIN_WAITLIST_INTENT,
  joinBlocker,
  LEAVE_WAITLIST_INTENT,
  waitlistFor,
  waitlistOffered,
} from "~/registration/waitlist";
import { readFavourites } from "~/session/favourites.server";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import type { Registration } from "~/upstream/contract";
import {
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";

type Context = Route.LoaderArgs["context"];

/** The query without the cart's open flag: what the back link, the forms and the favourite star carry on. */
function carriedSearch(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.search);
  params.delete(CART_OPEN_PARAM.name);
  return params;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The workshop of the registration's day. Unknown slug: the 404 page; a 204: the registration expired.
 * Other failures reject (the error page).
 */
async function loadWorkshop(context: Context, slug: string) {
  const { upstream } = getRequestState(context);
  try {
    const answer = await upstream.call("workshop", { params: { slug } });
    if (answer.status === 204) throw expireRegistration(context);
    return answer.data;
  } catch (error) {
    rethrowResponse(error);
    const { status } = error as { status?: number };
    if (status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

async function isReadonly(context: Context, registration: Registration) {
  const day = await getOrientationDay(context, registration.orientationDay.id);
  return day?.readonly ?? false;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const registration = await requireRegistration(context);
  const { upstream } = getRequestState(context);
  const [workshop, readonly] = await Promise.all([
    loadWorkshop(context, params.slug),
    isReadonly(context, registration),
  ]);
  // The gallery is an extra: without it the page still works.
  const images = await upstream
    .call("workshopImages", { body: { workshop: workshop.id } })
    .then((answer) =>
      answer.status === 200 ? answer.data.map((image) => image.fileName) : [],
    )
    .catch(() => []);

  const url = new URL(request.url);
  const search = carriedSearch(url);
  return {
    workshop: {
      id: workshop.id,
      slug: workshop.slug,
      display: workshop.display,
      image: workshop.image,
      availability: workshop.availability,
      provider: workshop.provider,
      domeinen: workshop.domeinen.map((domein) => ({
        display: domein.display,
        colors: domainLabelColors(domein.labelColor),
      })),
      description: sanitizeHtml(workshop.description),
    },
    images,
    readonly,
    waitlistOffered: waitlistOffered(registration),
    rounds: cartRounds(registration),
    cart: cartView(registration),
    favourite: readFavourites(request.headers.get("Cookie")).has(workshop.id),
    cartOpen: cartOpen(url.searchParams),
    backTo: withQuery(href("/workshops"), search),
    self: withQuery(href("/workshop/:slug", { slug: params.slug }), search),
    idempotencyKey: pageIdempotencyKey(context),
  };
}

const AddSchema = z.object({
  round: formId("round"),
});

/**
 * The page's forms: adding (no intent), or joining / leaving a round's waiting list. Any other intent is refused.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === null) return addAction(args, form);
  if (intent === JOIN_WAITLIST_INTENT || intent === LEAVE_WAITLIST_INTENT)
    return waitlistAction(args, form, intent);
  return data<AddResult>(
    { error: VALIDATION.invalid("intent") },
    { status: 400 },
  );
}

/** Spec "Adding a workshop to a round"; the chosen round is checked here, whatever the page allowed. */
/**
 * What every post of this page starts with: the form's key, the registration (made if there is none yet), the
 * posted round, the workshop and whether its day is read-only; a round that is not a round number is a 400.
 */
async function readRoundPost(
  { params, context }: Route.ActionArgs,
  form: FormData,
) {
  const enhanced = form.get(ENHANCED_FIELD) === "1";
  const idempotencyKey = formIdempotencyKey(context, form);
  const registration = await requireRegistration(context);
  const parsed = AddSchema.safeParse({ round: form.get("round") });
  if (!parsed.success)
    return {
      refused: data<AddResult>(
        { error: VALIDATION.invalid("round") },
        { status: 400 },
      ),
    };
  const [workshop, readonly] = await Promise.all([
    loadWorkshop(context, params.slug),
    isReadonly(context, registration),
  ]);
  return {
    enhanced,
    idempotencyKey,
    registration,
    round: parsed.data.round,
    workshop,
    readonly,
  };
}

async function addAction(args: Route.ActionArgs, form: FormData) {
  const { request, context } = args;
  const post = await readRoundPost(args, form);
  if ("refused" in post) return post.refused;
  const { enhanced, idempotencyKey, registration, round, workshop, readonly } =
    post;
  const rounds = cartRounds(registration);
  const options = roundOptions(rounds, workshop, readonly);
  const blocker = addBlocker(options, round, readonly);
  if (blocker === "cannotRegisterYet")
    return data<AddResult>(
      { error: MESSAGES.cannotRegisterYet },
      { status: 409 },
    );
  if (blocker === "unknownRound")
    return data<AddResult>(
      { error: VALIDATION.invalid("round") },
      { status: 400 },
    );
  if (blocker === "roundFull")
    return data<AddResult>({ warning: MESSAGES.roundFull }, { status: 409 });

  const alreadyThere = options.some(
    (option) => option.number === round && option.badge === "added",
  );
  if (!alreadyThere) {
    const { upstream } = getRequestState(context);
    try {
      await changeRegistration(context, () =>
        upstream.call("update", {
          body: { choices: choicesToAdd(rounds, round, workshop.id) },
          idempotencyKey,
        }),
      );
    } catch (error) {
      rethrowResponse(error);
      const toast = toastForUpstreamError(error, "cart");
      if (toast === TOASTS.registrationExpired)
        throw expireRegistration(context);
      // Said once, next to the form: no toast besides.
      if (toast === TOASTS.roundFull)
        return data<AddResult>(
          { warning: MESSAGES.roundFull },
          { status: 409 },
        );
      return data<AddResult>({ error: toast.message }, { status: 502 });
    }
  }

  if (enhanced) return data<AddResult>({ added: round });
  const url = new URL(request.url);
  return redirect(
    withSearchParam(
      withQuery(url.pathname, carriedSearch(url)),
      CART_OPEN_PARAM.name,
      CART_OPEN_PARAM.value,
    ),
  );
}

/** Why the server refuses a join before asking the upstream, as the panel says it. */
const JOIN_REFUSALS = {
  noWaitlist: { warning: MESSAGES.waitlistUnavailable, status: 409 },
  cannotRegisterYet: { error: MESSAGES.cannotRegisterYet, status: 409 },
  unknownRound: { error: VALIDATION.invalid("round"), status: 400 },
  roundOpen: { warning: MESSAGES.waitlistRoundOpen, status: 409 },
} as const;

/**
 * Joining or leaving a round's waiting list for this workshop. Like adding, it needs a registration, and a
 * visitor without one yet gets it here (decision 0024). Success says so in a toast and, without JavaScript,
 * comes back to this page; a refusal is told in the panel, as a refused add is.
 */
async function waitlistAction(
  args: Route.ActionArgs,
  form: FormData,
  intent: typeof JOIN_WAITLIST_INTENT | typeof LEAVE_WAITLIST_INTENT,
) {
  const { request, context } = args;
  const post = await readRoundPost(args, form);
  if ("refused" in post) return post.refused;
  const { enhanced, idempotencyKey, registration, round, workshop, readonly } =
    post;
  const offered = waitlistOffered(registration);
  const { session, upstream } = getRequestState(context);

  try {
    if (intent === JOIN_WAITLIST_INTENT) {
      const options = roundOptions(
        cartRounds(registration),
        workshop,
        readonly,
      );
      const blocker = joinBlocker(
        options,
        workshop.availability,
        round,
        offered,
        readonly,
      );
      if (blocker) {
        const { status, ...result } = JOIN_REFUSALS[blocker];
        return data<AddResult>(result, { status });
      }
      await changeRegistration(context, () =>
        upstream.call("waitlistJoin", {
          body: { round, workshop: workshop.id },
          idempotencyKey,
        }),
      );
      session.flashToast(WAITLIST_TOASTS.joined(round));
    } else {
      // Only this workshop's entry is left from its page; without one the visitor is already off its list.
      if (waitlistFor(registration, round)?.workshop.id === workshop.id)
        await changeRegistration(context, () =>
          upstream.call("waitlistLeave", { body: { round }, idempotencyKey }),
        );
      session.flashToast(WAITLIST_TOASTS.left(round));
    }
  } catch (error) {
    rethrowResponse(error);
    const toast = toastForUpstreamError(error, "waitlist");
    if (toast === TOASTS.genericError)
      return data<AddResult>({ error: toast.message }, { status: 502 });
    return data<AddResult>({ warning: toast.message }, { status: 409 });
  }

  if (enhanced) return data<AddResult>({ waitlist: round });
  const url = new URL(request.url);
  return redirect(withQuery(url.pathname, carriedSearch(url)));
}

/** After a refused add the seats have changed: the rounds are read again so their badges tell the truth. */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return [{ title: LAYOUT.notFoundTitle }];
  return [{ title: loaderData?.workshop.display ?? "Workshop" }];
}

/** An unknown slug is the site's 404 page, with a title of its own; anything else is the site's error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <MessagePage message={MESSAGES.notFound} />;
  // The root's boundary reports it and shows the catalogue's message.
  throw error;
}

export default function WorkshopPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { workshop, images, readonly, rounds, cart, favourite, backTo, self } =
    loaderData;
  const added = useFetcher<AddResult>({ key: ADD_WORKSHOP_FETCHER });
  const favouriteToggles = useFavouriteToggles();
  // The drawer opens after each successful add: `open` turns false while one is on its way, then true again.
  const justAdded = added.state === "idle" && added.data?.added !== undefined;

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link
          to={backTo}
          className="text-primary-800 dark:text-primary-200 inline-flex items-center gap-2 font-semibold underline underline-offset-4 hover:no-underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {WORKSHOP_PAGE.back}
        </Link>{" "}
        <Cart
          cart={cart}
          open={justAdded || (loaderData.cartOpen && added.data === undefined)}
        />
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <article className="flex flex-col gap-5">
          {workshop.image ? (
            <img
              src={workshop.image}
              alt=""
              width={800}
              height={450}
              className="aspect-video h-auto w-full rounded-lg bg-gray-100 object-cover dark:bg-gray-800"
            />
          ) : null}
          {workshop.provider ? (
            <p className="flex items-center gap-3 text-sm font-semibold text-gray-800 dark:text-gray-200">
              {workshop.provider.image ? (
                <img
                  src={workshop.provider.image}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 rounded-full bg-white object-contain"
                />
              ) : null}
              <span>
                <span className="sr-only">{WORKSHOP_PAGE.provider}: </span>
                {workshop.provider.display}
              </span>
            </p>
          ) : null}
          <DomainLabels domains={workshop.domeinen} className="gap-2" />
          <div className="flex items-start justify-between gap-4">
            <h1 className="text-3xl font-bold">{workshop.display}</h1>
            <FavouriteButton
              workshopId={workshop.id}
              workshopName={workshop.display}
              favourite={favourite}
              returnTo={self}
              toggles={favouriteToggles}
            />
          </div>
          {/* Sanitised on the server with an allow-list (sanitize.server.ts). */}
          <RichText html={workshop.description} />
          <WorkshopGallery images={images} />
        </article>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <RoundPicker
            rounds={rounds}
            workshop={workshop}
            readonly={readonly}
            waitlistOffered={loaderData.waitlistOffered}
            action={self}
            actionData={actionData}
          />
        </aside>
      </div>
    </main>
  );
}
