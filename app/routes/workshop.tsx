/**
 * EventInfo (spec "Workshop info (EventInfo)", "Adding a workshop to a round"): one workshop with its gallery,
 * and the 'Inschrijven' panel that puts it in a round of the cart.
 */
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import {
  data,
  href,
  Link,
  redirect,
  useFetcher,
  useLoaderData,
  useLocation,
} from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/workshop";
import { Cart, CART_OPEN_PARAM } from "~/components/registration/cart";
import { DomainLabels } from "~/components/registration/domain-labels";
import { FavouriteButton } from "~/components/registration/favourite-button";
import { RichText } from "~/components/rich-text";
import { Button } from "~/components/ui/button";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { cn } from "~/lib/utils";
import { TOASTS } from "~/messages";
import {
  badgeText,
  callToAction,
  cartRounds,
  cartView,
  choicesToAdd,
  preselectedRound,
  roundOptions,
} from "~/registration/cart";
import type { RoundOption } from "~/registration/cart";
import {
  expireRegistration,
  getOrientationDay,
  loadRegistration,
  updateChoices,
} from "~/registration/registration.server";
import { readFavourites } from "~/session/favourites.server";
import { getRequestState } from "~/session/request-state.server";
import type { Registration, Workshop } from "~/upstream/contract";
import {
  describeUpstreamError,
  toastForUpstreamError,
} from "~/upstream/user-message";

type Context = Route.LoaderArgs["context"];

/** The workshop by slug; unknown: the not-found page; 204: the registration expired. */
async function loadWorkshop(context: Context, slug: string): Promise<Workshop> {
  const { session, upstream } = getRequestState(context);
  try {
    const answer = await upstream.call("workshop", { params: { slug } });
    if (answer.status === 204) throw expireRegistration(context);
    return answer.data;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (describeUpstreamError(error).status === 404)
      throw data(null, { status: 404 });
    session.flashToast(toastForUpstreamError(error));
    throw redirect(href("/"));
  }
}

/** The rounds as this page offers them, with whether the day is read-only (an unknown day counts as such). */
async function optionsFor(
  context: Context,
  registration: Registration,
  workshop: Workshop,
): Promise<{ options: RoundOption[]; readonly: boolean }> {
  const day = await getOrientationDay(context, registration.orientationDay.id);
  const readonly = day?.readonly ?? true;
  return {
    options: roundOptions(cartRounds(registration), workshop, readonly),
    readonly,
  };
}

/** The list's search and filters, carried along so the back link returns to the same list. */
function listSearch(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(CART_OPEN_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const registration = await loadRegistration(context);
  const workshop = await loadWorkshop(context, params.slug);
  const { upstream } = getRequestState(context);
  const [{ options, readonly }, images] = await Promise.all([
    optionsFor(context, registration, workshop),
    upstream
      .call("workshopImages", { body: { workshop: workshop.id } })
      .then((answer) => (answer.status === 200 ? answer.data : []))
      // The gallery is an extra; the page stands without it.
      .catch(() => []),
  ]);
  const url = new URL(request.url);
  return {
    workshop: {
      id: workshop.id,
      slug: workshop.slug,
      display: workshop.display,
      descriptionHtml: sanitizeHtml(workshop.description),
      image: workshop.image,
      provider: workshop.provider,
      domains: workshop.domeinen,
    },
    images: images.map((image) => image.fileName),
    favourite: readFavourites(request.headers.get("Cookie")).has(workshop.id),
    options,
    readonly,
    preselected: preselectedRound(options),
    cart: cartView(registration),
    cartOpen: url.searchParams.get(CART_OPEN_PARAM) === "open",
    listSearch: listSearch(url),
  };
}

/**
 * Adds this workshop to the chosen round. A plain form sends `redirectTo` (this page) and returns there with
 * the cart open; the fetcher leaves it out and opens the drawer itself.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const registration = await loadRegistration(context);
  const workshop = await loadWorkshop(context, params.slug);
  const { session } = getRequestState(context);
  const { options, readonly } = await optionsFor(
    context,
    registration,
    workshop,
  );
  const round = Number(formData.get("round"));
  const chosen = options.find((option) => option.number === round);
  const returnTo = formData.get("redirectTo");
  const page = typeof returnTo === "string" ? new URL(request.url) : null;

  function answer(added: boolean) {
    if (!page) return data({ added }, { status: added ? 200 : 409 });
    const search = new URLSearchParams(page.search);
    if (added) search.set(CART_OPEN_PARAM, "open");
    else search.delete(CART_OPEN_PARAM);
    const query = search.toString();
    return redirect(`${page.pathname}${query ? `?${query}` : ""}`);
  }

  if (readonly) {
    session.flashToast(TOASTS.cannotRegisterYet);
    return answer(false);
  }
  if (!chosen || !chosen.selectable) {
    session.flashToast(TOASTS.roundFull);
    return answer(false);
  }
  // Already there (a second click): nothing to change.
  if (chosen.badge === "added") return answer(true);
  try {
    await updateChoices(
      context,
      choicesToAdd(cartRounds(registration), round, workshop.id),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    session.flashToast(toastForUpstreamError(error, "cart"));
    return answer(false);
  }
  return answer(true);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.workshop.display ?? "Workshop" }];
}

export default function WorkshopInfo({ loaderData }: Route.ComponentProps) {
  const { workshop, images, favourite, cart, cartOpen } = loaderData;
  const location = useLocation();
  const fetcher = useFetcher<typeof action>();
  const justAdded = fetcher.state === "idle" && fetcher.data?.added === true;
  return (
    <main id="inhoud" className="mx-auto grid w-full max-w-5xl gap-6 p-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link
          to={`${href("/workshops")}${loaderData.listSearch}`}
          className="text-primary-800 dark:text-primary-200 inline-flex min-h-11 items-center gap-2 font-semibold underline underline-offset-4 hover:no-underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Terug naar workshops
        </Link>
        <Cart cart={cart} open={cartOpen || justAdded} />
      </div>

      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <article className="grid content-start gap-5">
          {workshop.image ? (
            <img
              src={workshop.image}
              alt=""
              width={960}
              height={540}
              fetchPriority="high"
              className="aspect-video w-full rounded-xl object-cover"
            />
          ) : null}
          {workshop.provider ? (
            <p className="flex items-center gap-2 text-gray-700 dark:text-gray-300">
              {workshop.provider.image ? (
                <img
                  src={workshop.provider.image}
                  alt=""
                  width={32}
                  height={32}
                  className="size-8 object-contain"
                />
              ) : null}
              {workshop.provider.display}
            </p>
          ) : null}
          <DomainLabels domains={workshop.domains} />
          <div className="flex items-start justify-between gap-4">
            <h1 className="text-3xl font-bold">{workshop.display}</h1>
            <FavouriteButton
              workshopId={workshop.id}
              workshopName={workshop.display}
              favourite={favourite}
              returnTo={`${location.pathname}${location.search}`}
            />
          </div>
          <RichText html={workshop.descriptionHtml} />
          {images.length > 0 ? (
            <section aria-labelledby="galerij" className="grid gap-3">
              <h2 id="galerij" className="text-xl font-bold">
                Foto’s
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {images.map((image) => (
                  <li key={image}>
                    <img
                      src={image}
                      alt=""
                      width={400}
                      height={300}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] w-full rounded-lg object-cover"
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
        <RoundPicker fetcher={fetcher} />
      </div>
    </main>
  );
}

function RoundPicker({
  fetcher,
}: {
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
}) {
  const { options, readonly, preselected } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const location = useLocation();
  const [round, setRound] = useState(preselected);
  const chosen = options.find((option) => option.number === round);
  const cta = callToAction(chosen, readonly);
  const nothingSelectable = !options.some((option) => option.selectable);
  const busy = fetcher.state !== "idle";
  // Without JavaScript the button cannot follow the radios, so it is only disabled when no round can be chosen
  // and the action checks the round it gets.
  const disabled = hydrated ? cta.disabled : nothingSelectable;

  return (
    <section
      aria-labelledby="inschrijven-titel"
      className="grid content-start gap-4 rounded-xl border border-gray-200 p-5 lg:sticky lg:top-24 dark:border-gray-700"
    >
      <h2 id="inschrijven-titel" className="text-xl font-bold">
        Inschrijven
      </h2>
      <fetcher.Form method="post" className="grid gap-4">
        {hydrated ? null : (
          <input
            type="hidden"
            name="redirectTo"
            value={`${location.pathname}${location.search}`}
          />
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm text-gray-700 dark:text-gray-300">
            Kies een ronde
          </legend>
          {options.map((option) => (
            <label
              key={option.number}
              className={cn(
                "flex min-h-11 flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border p-3",
                option.selectable
                  ? "has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50 cursor-pointer border-gray-300 dark:border-gray-600 dark:has-[:checked]:bg-gray-800"
                  : "border-gray-200 bg-gray-100 text-gray-700 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-300",
              )}
            >
              <input
                type="radio"
                name="round"
                value={option.number}
                disabled={!option.selectable}
                checked={round === option.number}
                onChange={() => setRound(option.number)}
                className="accent-primary-700 mt-1 size-4"
              />
              <span className="font-semibold">
                Ronde {option.number}{" "}
                <span className="font-normal">
                  {option.startTime} – {option.endTime}
                </span>
              </span>
              <span className="ml-auto text-right text-sm">
                {badgeText(option)}
              </span>
            </label>
          ))}
        </fieldset>
        <Button
          type="submit"
          disabled={disabled}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          {cta.label}
        </Button>
      </fetcher.Form>
    </section>
  );
}
