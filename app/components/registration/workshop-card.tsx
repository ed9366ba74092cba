/**
 * A workshop on /workshops (spec "EventSelection"): image, provider, favourite star, domain labels, title
 * (the link to its page, keeping the list's search and filters), intro, and the round it is chosen for. A
 * workshop that cannot be chosen in any round and is not chosen is dimmed: its picture greys out, while its
 * text keeps full contrast.
 */
import { Link } from "react-router";
import {
  FavouriteButton,
  type FavouriteToggles,
} from "~/components/registration/favourite-button";
import { cn } from "~/lib/utils";
import { CART, MESSAGES, WORKSHOPS_PAGE } from "~/messages";
import type { LabelColors } from "~/registration/domain-label";
import { DomainLabels } from "./domain-labels";

export interface WorkshopCardData {
  id: number;
  slug: string;
  display: string;
  /** Sanitised on the server. */
  introHtml: string;
  image: string | null;
  provider: { display: string; image: string | null } | null;
  domains: { display: string; colors: LabelColors }[];
  /** The round this workshop is chosen for. */
  chosen: { number: number; startTime: string; endTime: string } | null;
  /** Whether any round still has a seat. */
  available: boolean;
  favourite: boolean;
}

export function WorkshopCard({
  workshop,
  to,
  returnTo,
  eager,
  favouriteToggles,
}: {
  workshop: WorkshopCardData;
  /** The workshop page, with the list's search. */
  to: string;
  /** This list with its search, where the star's form returns to without JavaScript. */
  returnTo: string;
  /** The first cards' images load at once; the rest as they scroll into view. */
  eager: boolean;
  favouriteToggles: FavouriteToggles;
}) {
  const dimmed = !workshop.available && !workshop.chosen;
  const titleId = `workshop-${workshop.id}-titel`;
  const hasStatus = workshop.chosen !== null || dimmed;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "workshop-card",
        workshop.chosen && "border-primary-700 ring-primary-700 ring-1",
        dimmed && "bg-gray-100 shadow-none dark:bg-gray-950",
      )}
    >
      <div className="relative">
        {workshop.image ? (
          <img
            src={workshop.image}
            alt=""
            width={640}
            height={360}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className={cn(
              "aspect-video w-full object-cover",
              dimmed && "opacity-50 grayscale",
            )}
          />
        ) : (
          <div
            aria-hidden="true"
            className="bg-primary-50 aspect-video w-full dark:bg-gray-800"
          />
        )}
        <FavouriteButton
          workshopId={workshop.id}
          workshopName={workshop.display}
          favourite={workshop.favourite}
          returnTo={returnTo}
          toggles={favouriteToggles}
          className="absolute top-2 right-2"
        />
      </div>
      <div
        className={cn(
          "flex grow flex-col gap-3 p-4",
          // No status line: the room it took stays, so the card keeps its height.
          !hasStatus && "pb-8",
        )}
      >
        {workshop.provider ? (
          <p className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
            {workshop.provider.image ? (
              <img
                src={workshop.provider.image}
                alt=""
                width={96}
                height={24}
                loading="lazy"
                className="h-6 w-auto max-w-24 rounded-sm object-contain"
              />
            ) : null}
            <span>{workshop.provider.display}</span>
          </p>
        ) : null}
        <DomainLabels domains={workshop.domains} />
        <h2 id={titleId} className="text-lg leading-snug font-bold">
          <Link to={to} className="workshop-card-link">
            {workshop.display}
          </Link>
        </h2>
        <div
          className="workshop-card-intro"
          // Sanitised on the server with an allow-list (sanitize.server.ts).
          dangerouslySetInnerHTML={{ __html: workshop.introHtml }}
        />
        {/* At the card's foot; a card without a status has no element for it. */}
        {workshop.chosen ? (
          <p className="mt-auto flex flex-wrap items-center gap-2 pt-1 text-sm font-semibold">
            <span className="bg-primary-700 rounded-full px-2.5 py-0.5 text-white">
              {CART.round(workshop.chosen.number)}
            </span>
            <span className="text-primary-900 dark:text-primary-100">
              {WORKSHOPS_PAGE.chosen(
                workshop.chosen.startTime,
                workshop.chosen.endTime,
              )}
            </span>
          </p>
        ) : dimmed ? (
          <p className="mt-auto pt-1 text-sm font-semibold text-gray-800 dark:text-gray-200">
            {MESSAGES.noRoundsAvailable}
          </p>
        ) : null}
      </div>
    </article>
  );
}
