/**
 * A workshop in the list (spec "EventSelection"): image, provider, favourite star, domain labels, title (the
 * link to the workshop page), intro, and the round it is chosen for. A workshop without a free round that is
 * not chosen is dimmed, without losing text contrast.
 */
import { Link } from "react-router";
import { RichText } from "~/components/rich-text";
import { cn } from "~/lib/utils";
import { MESSAGES } from "~/messages";
import { DomainLabels } from "./domain-labels";
import { FavouriteButton } from "./favourite-button";

export interface WorkshopCardData {
  id: number;
  slug: string;
  display: string;
  /** Sanitised HTML. */
  introHtml: string;
  image: string | null;
  provider: { display: string; image: string | null } | null;
  domains: { display: string; labelColor: string }[];
  chosen: { round: number; startTime: string; endTime: string } | null;
  noRoundsAvailable: boolean;
  favourite: boolean;
}

export function WorkshopCard({
  workshop,
  href,
  returnTo,
  eager,
}: {
  workshop: WorkshopCardData;
  /** The workshop page, with the list's search and filters. */
  href: string;
  returnTo: string;
  /** The first cards are above the fold: load their images at once. */
  eager: boolean;
}) {
  const dimmed = workshop.noRoundsAvailable && !workshop.chosen;
  return (
    <article
      className={cn(
        "relative flex h-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm dark:bg-gray-900",
        dimmed
          ? "border-gray-200 bg-gray-100 dark:border-gray-800 dark:bg-gray-950"
          : "border-gray-200 dark:border-gray-700",
        workshop.chosen && "border-primary-700 ring-primary-700 ring-2",
      )}
    >
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
            dimmed && "grayscale",
          )}
        />
      ) : null}
      <FavouriteButton
        workshopId={workshop.id}
        workshopName={workshop.display}
        favourite={workshop.favourite}
        returnTo={returnTo}
        className="absolute top-2 right-2"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        {workshop.provider ? (
          <p className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
            {workshop.provider.image ? (
              <img
                src={workshop.provider.image}
                alt=""
                width={24}
                height={24}
                loading="lazy"
                className="size-6 object-contain"
              />
            ) : null}
            {workshop.provider.display}
          </p>
        ) : null}
        <DomainLabels domains={workshop.domains} />
        <h2 className="text-lg leading-tight font-bold">
          <Link
            to={href}
            className="focus-visible:ring-primary-700 text-gray-900 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:outline-none dark:text-white"
          >
            {workshop.display}
          </Link>
        </h2>
        <RichText
          html={workshop.introHtml}
          className="text-sm text-gray-700 dark:text-gray-300"
        />
        <div className="mt-auto">
          {workshop.chosen ? (
            <p className="text-primary-800 dark:text-primary-200 flex flex-wrap items-center gap-2 text-sm font-semibold">
              <span className="bg-primary-700 rounded-full px-2.5 py-0.5 text-white">
                Ronde {workshop.chosen.round}
              </span>
              Geselecteerd – {workshop.chosen.startTime} –{" "}
              {workshop.chosen.endTime}
            </p>
          ) : dimmed ? (
            <p className="text-sm font-semibold text-gray-700 dark:text-gray-300">
              {MESSAGES.noRoundsAvailable}
            </p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
