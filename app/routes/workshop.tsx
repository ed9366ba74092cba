/**
 * /workshop/{slug} (spec "Workshop info"): the workshop with its gallery and favourite star, and the 'Inschrijven'
 * panel that adds it to a round (spec "Adding a workshop to a round") or puts the visitor on a full round's
 * waiting list (intents join-waitlist / leave-waitlist, decision 0024). The search and filters the visitor came
 * with ride along in the query, so the back link returns to the same list.
 */
import { ArrowLeft } from "~/components/ui/icons";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  data,
  href,
  isRouteErrorResponse,
  Link,
  useFetcher,
} from "react-router";
import type { Route } from "./+types/workshop";
import {
  addAction,
  carriedSearch,
  loadWorkshop,
  readWorkshop,
  waitlistAction,
  withQuery,
} from "./workshop.server";
import { MessagePage } from "~/components/layout/message-page";
import { Cart } from "~/components/registration/cart";
import { DomainLabels } from "~/components/registration/domain-labels";
import {
  FavouriteButton,
  useFavouriteToggles,
} from "~/components/registration/favourite-button";
import {
  ADD_WORKSHOP_FETCHER,
  RoundPicker,
} from "~/components/registration/round-picker";
import { WorkshopGallery } from "~/components/registration/workshop-gallery";
import { RichText } from "~/components/rich-text";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { MESSAGES, VALIDATION, WORKSHOP_PAGE, LAYOUT } from "~/messages";
import { cartOpen, cartView } from "~/registration/cart";
import { domainLabelColors } from "~/registration/domain-label";
import type { AddResult } from "~/registration/rounds";
import {
  JOIN_WAITLIST_INTENT,
  LEAVE_WAITLIST_INTENT,
  parseWaitlistButton,
  WAITLIST_BUTTON,
  waitlistOffered,
} from "~/registration/waitlist";
import {
  followDelay,
  followedAvailability,
  parseFollowed,
} from "~/registration/followed-availability";
import { useFollow } from "~/lib/use-follow";
import { readFavourites } from "~/session/favourites.server";
import { pageIdempotencyKey } from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";

export async function loader({
  request,
  url,
  params,
  context,
}: Route.LoaderArgs) {
  const { session, siteData } = getRequestState(context);
  const read = readWorkshop(context, params.slug);
  // The gallery is an extra: without it the page still works. Asked as soon as the workshop is known, beside the
  // registration when the visitor has one.
  const images = (
    session.registrationStarted
      ? loadWorkshop(context, params.slug)
      : read.then(({ workshop }) => workshop)
  )
    .then((workshop) =>
      siteData.call("workshopImages", { body: { workshop: workshop.id } }),
    )
    .then((answer) =>
      answer.status === 200 ? answer.data.map((image) => image.fileName) : [],
    )
    .catch(() => []);
  const { registration, workshop, readonly } = await read;

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
    images: await images,
    readonly,
    waitlistOffered: waitlistOffered(registration),
    // The round picker reads the cart's rounds: the page data carries them once.
    cart: cartView(registration),
    favourite: readFavourites(request.headers.get("Cookie")).has(workshop.id),
    cartOpen: cartOpen(url.searchParams),
    backTo: withQuery(href("/workshops"), search),
    self: withQuery(href("/workshop/:slug", { slug: params.slug }), search),
    places: href("/workshop/:slug/plaatsen", { slug: params.slug }),
    idempotencyKey: pageIdempotencyKey(context),
  };
}

/**
 * The page's forms: adding (no intent), or joining / leaving a round's waiting list (an intent, or the pressed
 * waiting-list button's own name and value). Any other intent is refused.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  // A waiting-list button names its intent and round itself, and wins over the form it was sent with.
  const button = parseWaitlistButton(form.get(WAITLIST_BUTTON));
  if (button) {
    form.set("intent", button.intent);
    form.set("round", button.round);
  }
  const intent = form.get("intent");
  if (intent === null) return addAction(args, form);
  if (intent === JOIN_WAITLIST_INTENT || intent === LEAVE_WAITLIST_INTENT)
    return waitlistAction(args, form, intent);
  return data<AddResult>(
    { error: VALIDATION.invalid("intent") },
    { status: 400 },
  );
}

/** After a refused add the seats have changed: the rounds are read again so their badges tell the truth. */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return [{ title: LAYOUT.notFoundTitle }];
  return [
    { title: loaderData?.workshop.display ?? WORKSHOP_PAGE.documentTitle },
  ];
}

/**
 * An unknown slug is the site's 404 page, with a title of its own; anything else (a 503 when the upstream could
 * not be read) is the root's.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <MessagePage message={MESSAGES.notFound} />;
  // The root's boundary reports it and shows the catalogue's message.
  throw error;
}

const FOLLOW = {
  parse: parseFollowed,
  delay: (failures: number) => followDelay(failures, Math.random()),
};

export default function WorkshopPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { workshop, images, readonly, cart, favourite, backTo, self } =
    loaderData;
  const { rounds } = cart;
  const added = useFetcher<AddResult>({ key: ADD_WORKSHOP_FETCHER });
  const favouriteToggles = useFavouriteToggles();
  // The drawer opens after each successful add: `open` turns false while one is on its way, then true again.
  const justAdded = added.state === "idle" && added.data?.added !== undefined;
  // With JavaScript the rounds follow their seats as they fill and free (decision 0053); not on a read-only day.
  const followed = useFollow(
    readonly ? null : loaderData.places,
    workshop.availability,
    FOLLOW,
  );
  const availability = followedAvailability(
    workshop.availability,
    followed,
    rounds,
    workshop.id,
  );
  const shownWorkshop =
    availability === workshop.availability
      ? workshop
      : { ...workshop, availability };

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
          <DomainLabels domains={workshop.domeinen} on="page" />
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
        </article>
        {/* On a phone the round picker follows the description, before the photos: the choice and 'Toevoegen'
            are not below a screenful of pictures. On a wide screen it stays beside both. */}
        <aside className="lg:sticky lg:top-24 lg:row-span-2 lg:self-start">
          <RoundPicker
            rounds={rounds}
            workshop={shownWorkshop}
            readonly={readonly}
            waitlistOffered={loaderData.waitlistOffered}
            action={self}
            actionData={actionData}
          />
        </aside>
        {images.length > 0 ? (
          <div className="lg:col-start-1">
            <WorkshopGallery images={images} workshop={workshop.display} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
