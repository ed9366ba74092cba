/**
 * /workshops (spec "EventSelection"): the chosen school, the search and filters (a GET form: the URL is the
 * state), and a card per workshop with its favourite star and the round it is chosen for. A view costs one
 * round trip: the registration (shared with the root loader), with the day's workshops read beside it or taken from
 * the shared answer (decision 0072). No Cache-Control: no-store here, so the browser's history restores the list and its scroll
 * position without JavaScript.
 */
import { data, Form, href, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/workshops";
import { IdempotencyField } from "~/components/forms";
import { Cart } from "~/components/registration/cart";
import { useFavouriteToggles } from "~/components/registration/favourite-button";
import { WorkshopCard } from "~/components/registration/workshop-card";
import type { WorkshopCardData } from "~/components/registration/workshop-card";
import { WorkshopFiltersForm } from "~/components/registration/workshop-filters-form";
import { ErrorAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { MESSAGES, VALIDATION, WORKSHOPS_PAGE } from "~/messages";
import { cartView } from "~/registration/cart";
import type { CartRound } from "~/registration/rounds";
import { getDayWorkshops } from "~/registration/day-workshops.server";
import { removeSchool } from "~/registration/school.server";
import { domainLabelColors } from "~/registration/domain-label";
import {
  expireRegistration,
  loadRegistration,
  requireDay,
} from "~/registration/registration.server";
import {
  activeFilterCount,
  filterWorkshops,
  filtersToParams,
  knownFilters,
  parseFilters,
} from "~/registration/workshop-filters";
import { listFilterOptions } from "~/registration/workshop-filters.server";
import { readFavourites } from "~/session/favourites.server";
import {
  formIdempotencyKey,
  pageIdempotencyKey,
} from "~/request/idempotency.server";
import { getRequestState } from "~/request/request-state.server";
import type { Workshop } from "#contract";
import { rethrowResponse } from "~/upstream/user-message";

const CHANGE_SCHOOL_INTENT = "change-school";

/** How many cards load their image at once; the rest wait until scrolled near. */
const EAGER_IMAGES = 3;

function cardData(
  workshop: Workshop,
  chosenRounds: ReadonlyMap<number, CartRound>,
  favourites: ReadonlySet<number>,
): WorkshopCardData {
  const chosen = chosenRounds.get(workshop.id);
  return {
    id: workshop.id,
    slug: workshop.slug,
    display: workshop.display,
    introHtml: sanitizeHtml(workshop.intro),
    image: workshop.image,
    provider: workshop.provider,
    domains: workshop.domeinen.map((domain) => ({
      display: domain.display,
      colors: domainLabelColors(domain.labelColor),
    })),
    chosen: chosen
      ? {
          number: chosen.number,
          startTime: chosen.startTime,
          endTime: chosen.endTime,
        }
      : null,
    available: workshop.availability.some((entry) => entry.available),
    favourite: favourites.has(workshop.id),
  };
}

/** Each chosen workshop's round (the first, should the upstream list one in two), worked out once for every card. */
function roundsByWorkshop(
  rounds: readonly CartRound[],
): Map<number, CartRound> {
  const chosen = new Map<number, CartRound>();
  for (const round of rounds)
    if (round.workshop && !chosen.has(round.workshop.id))
      chosen.set(round.workshop.id, round);
  return chosen;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireDay(context);
  // Read beside the registration when there is one; one made on this page is made first.
  const beside = getRequestState(context).session.registrationStarted
    ? getDayWorkshops(context)
    : null;
  const registration = await loadRegistration(context);

  let workshops: Workshop[] = [];
  let failed = false;
  try {
    const answer = await (beside ?? getDayWorkshops(context));
    // The day's workshops are gone with the registration (spec "EventSelection activation").
    if (answer.status === 204) throw expireRegistration(context);
    workshops = answer.data;
  } catch (error) {
    rethrowResponse(error);
    failed = true;
  }

  const favourites = readFavourites(request.headers.get("cookie"));
  const options = listFilterOptions(workshops);
  const filters = knownFilters(parseFilters(url.searchParams), options);
  const search = filtersToParams(filters).toString();
  const cart = cartView(registration);
  const chosenRounds = roundsByWorkshop(cart.rounds);

  return {
    school: registration.school?.display ?? "",
    created: registration.created !== null,
    cart,
    cartOpen: url.searchParams.get("inschrijving") === "open",
    failed,
    filters,
    options,
    activeCount: activeFilterCount(filters),
    search: search ? `?${search}` : "",
    workshops: filterWorkshops(workshops, filters, favourites).map((workshop) =>
      cardData(workshop, chosenRounds, favourites),
    ),
    idempotencyKey: pageIdempotencyKey(context),
  };
}

const ChangeSchoolSchema = z.object({
  intent: z.literal(CHANGE_SCHOOL_INTENT),
});

/** 'Wijzig school' (spec "Changing school", app/registration/school.server.ts): then choose again on /inschrijven. */
export async function action({ request, context }: Route.ActionArgs) {
  requireDay(context);
  const formData = await request.formData();
  const idempotencyKey = formIdempotencyKey(context, formData);
  const parsed = ChangeSchoolSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data({ error: VALIDATION.invalid("intent") }, { status: 400 });
  const outcome = await removeSchool(context, idempotencyKey);
  // A confirmed registration keeps its school (the button is not shown then).
  if (outcome.kind === "refused") return redirect(href("/workshops"));
  if (outcome.kind === "failed") {
    getRequestState(context).session.flashToast(outcome.toast);
    return redirect(href("/workshops"));
  }
  return redirect(href("/inschrijven"));
}

export function meta() {
  return [{ title: WORKSHOPS_PAGE.title }];
}

function ChangeSchoolButton() {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === CHANGE_SCHOOL_INTENT;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={CHANGE_SCHOOL_INTENT} />
      <IdempotencyField />
      <Button
        type="submit"
        variant="link"
        // A link's look, a control's size (24 px tall at least).
        size="inline"
        aria-busy={busy || undefined}
      >
        {WORKSHOPS_PAGE.changeSchool}
      </Button>
    </Form>
  );
}

export default function Workshops({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const {
    school,
    created,
    cart,
    cartOpen,
    failed,
    filters,
    options,
    activeCount,
    search,
    workshops,
  } = loaderData;
  const returnTo = `${href("/workshops")}${search}`;
  const favouriteToggles = useFavouriteToggles();

  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold">{WORKSHOPS_PAGE.title}</h1>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="text-gray-800 dark:text-gray-200">
              {WORKSHOPS_PAGE.school}{" "}
              <span className="font-semibold">{school}</span>
            </p>
            {created ? null : <ChangeSchoolButton />}
          </div>
        </div>
        <Cart cart={cart} open={cartOpen} />
      </div>

      {failed || actionData?.error ? (
        <ErrorAlert message={actionData?.error ?? MESSAGES.genericError} />
      ) : null}

      <WorkshopFiltersForm
        filters={filters}
        options={options}
        activeCount={activeCount}
      />

      {workshops.length === 0 ? (
        failed ? null : (
          <p className="text-lg">{MESSAGES.noWorkshops}</p>
        )
      ) : (
        <ul
          aria-label={WORKSHOPS_PAGE.title}
          className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
        >
          {workshops.map((workshop, index) => (
            <li key={workshop.id}>
              <WorkshopCard
                workshop={workshop}
                to={`${href("/workshop/:slug", { slug: workshop.slug })}${search}`}
                returnTo={returnTo}
                eager={index < EAGER_IMAGES}
                favouriteToggles={favouriteToggles}
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
