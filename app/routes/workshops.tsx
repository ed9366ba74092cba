/**
 * EventSelection (spec "EventSelection"): the workshops of the chosen day and school, searched and filtered
 * through the URL, with the cart. Costs two upstream calls besides the cached settings: the registration
 * (shared with the root loader) and the workshops.
 */
import { data, Form, href, redirect, useLocation } from "react-router";
import type { Route } from "./+types/workshops";
import { Cart } from "~/components/registration/cart";
import { WorkshopCard } from "~/components/registration/workshop-card";
import type { WorkshopCardData } from "~/components/registration/workshop-card";
import { WorkshopFiltersForm } from "~/components/registration/workshop-filters-form";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { cartRounds, cartView } from "~/registration/cart";
import {
  changeRegistration,
  loadRegistration,
} from "~/registration/registration.server";
import {
  activeFilterCount,
  filterOptions,
  filtersQuery,
  filterWorkshops,
  parseFilters,
} from "~/registration/workshop-filters";
import { readFavourites } from "~/session/favourites.server";
import { getRequestState } from "~/session/request-state.server";
import type { Registration, Workshop } from "~/upstream/contract";
import { toastForUpstreamError } from "~/upstream/user-message";

function cardData(
  workshop: Workshop,
  registration: Registration,
  favourites: ReadonlySet<number>,
): WorkshopCardData {
  const chosen = cartRounds(registration).find(
    (round) => round.workshop?.id === workshop.id,
  );
  return {
    id: workshop.id,
    slug: workshop.slug,
    display: workshop.display,
    introHtml: sanitizeHtml(workshop.intro),
    image: workshop.image,
    provider: workshop.provider,
    domains: workshop.domeinen,
    chosen: chosen
      ? {
          round: chosen.number,
          startTime: chosen.startTime,
          endTime: chosen.endTime,
        }
      : null,
    noRoundsAvailable: !workshop.availability.some((entry) => entry.available),
    favourite: favourites.has(workshop.id),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const registration = await loadRegistration(context);
  const { session, upstream } = getRequestState(context);
  let workshops: Workshop[];
  try {
    const answer = await upstream.call("workshops");
    // 204: nothing on offer for this day and school.
    workshops = answer.status === 200 ? answer.data : [];
  } catch (error) {
    session.flashToast(toastForUpstreamError(error));
    throw redirect(href("/"));
  }

  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const favourites = readFavourites(request.headers.get("Cookie"));
  return {
    school: registration.school?.display ?? "",
    cart: cartView(registration),
    cartOpen: url.searchParams.get("inschrijving") === "open",
    filters,
    activeFilters: activeFilterCount(filters),
    options: filterOptions(workshops),
    query: filtersQuery(filters),
    workshops: filterWorkshops(workshops, filters, favourites).map((workshop) =>
      cardData(workshop, registration, favourites),
    ),
  };
}

/** 'Wijzig school' (spec "EventSelection"): remove-school upstream, then choose again. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") !== "change-school")
    return data(null, { status: 400 });
  const registration = await loadRegistration(context);
  // A confirmed registration keeps its school (the button is not offered then).
  if (registration.created !== null) return redirect(href("/workshops"));
  const { session, upstream } = getRequestState(context);
  try {
    await changeRegistration(context, () => upstream.call("removeSchool"));
  } catch (error) {
    if (error instanceof Response) throw error;
    session.flashToast(toastForUpstreamError(error));
    return redirect(href("/workshops"));
  }
  session.setSchool(null);
  return redirect(href("/inschrijven"));
}

export function meta() {
  return [{ title: "Kies je workshops" }];
}

export default function Workshops({ loaderData }: Route.ComponentProps) {
  const {
    school,
    cart,
    cartOpen,
    filters,
    activeFilters,
    options,
    query,
    workshops,
  } = loaderData;
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <main id="inhoud" className="mx-auto grid w-full max-w-6xl gap-6 p-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold">Kies je workshops</h1>
          <p className="flex flex-wrap items-center gap-x-3 text-gray-700 dark:text-gray-300">
            <span>
              School: <strong>{school}</strong>
            </span>
            {cart.created ? null : (
              <Form method="post" className="inline">
                <input type="hidden" name="intent" value="change-school" />
                <button
                  type="submit"
                  className="text-primary-800 focus-visible:ring-primary-700 dark:text-primary-200 min-h-11 font-semibold underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:outline-none"
                >
                  Wijzig school
                </button>
              </Form>
            )}
          </p>
        </div>
        <Cart cart={cart} open={cartOpen} />
      </div>

      <WorkshopFiltersForm
        // A new URL gives the uncontrolled fields their new defaults (Back, Reset filters).
        key={query}
        filters={filters}
        options={options}
        activeCount={activeFilters}
      />

      {workshops.length === 0 ? (
        <p className="text-lg font-semibold">Geen workshops gevonden</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {workshops.map((workshop, index) => (
            <li key={workshop.id}>
              <WorkshopCard
                workshop={workshop}
                href={`${href("/workshop/:slug", { slug: workshop.slug })}${query}`}
                returnTo={returnTo}
                eager={index < 3}
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
