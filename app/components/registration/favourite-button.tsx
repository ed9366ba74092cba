/**
 * The favourite star (spec "Favourites") on the workshop list and the workshop page. A POST form to
 * /favorieten that comes back to `returnTo` without JavaScript; with JavaScript it is posted as a fetcher (keyed
 * by workshop), the star turns at once (optimistic, from the fetcher's form data) and the button stays focused
 * where the user was.
 *
 * The page holds the toggles once (`useFavouriteToggles`) and hands them to every star: the list has a star per
 * card, and a fetcher plus a fetcher form per card made its render and hydration noticeably heavier.
 */
import { Star } from "~/components/ui/icons";
import { href, useFetchers, useSubmit } from "react-router";
import type { FormEvent } from "react";
import { cn } from "~/lib/utils";
import { FAVOURITE_STATE } from "~/messages";

const FAVOURITES_ACTION = href("/favorieten");

function fetcherKey(workshopId: number): string {
  return `favourite-${workshopId}`;
}

export interface FavouriteToggles {
  /** Whether a toggle of this workshop is on its way. */
  pending(workshopId: number): boolean;
  submit(event: FormEvent<HTMLFormElement>, workshopId: number): void;
}

/** The page's favourite toggles: one look at the router's fetchers, one submit for every star. */
export function useFavouriteToggles(): FavouriteToggles {
  const fetchers = useFetchers();
  const submit = useSubmit();
  const pendingKeys = new Set(
    fetchers
      .filter((fetcher) => fetcher.state !== "idle")
      .map((fetcher) => fetcher.key),
  );
  const pending = (workshopId: number) =>
    pendingKeys.has(fetcherKey(workshopId));
  return {
    pending,
    submit(event, workshopId) {
      event.preventDefault();
      // One toggle at a time: a second press before the answer would undo the first on the server.
      if (pending(workshopId)) return;
      const formData = new FormData(event.currentTarget);
      formData.set("respond", "data");
      void submit(formData, {
        method: "post",
        action: FAVOURITES_ACTION,
        navigate: false,
        fetcherKey: fetcherKey(workshopId),
      });
    },
  };
}

export interface FavouriteButtonProps {
  workshopId: number;
  /** The workshop's title, for the button's accessible name. */
  workshopName: string;
  favourite: boolean;
  /** Where the no-JavaScript form returns to (path and search of the current page). */
  returnTo: string;
  toggles: FavouriteToggles;
  className?: string;
}

export function FavouriteButton({
  workshopId,
  workshopName,
  favourite,
  returnTo,
  toggles,
  className,
}: FavouriteButtonProps) {
  const busy = toggles.pending(workshopId);
  // While the toggle is under way, show its outcome; afterwards the loaders' revalidated data says the same.
  const pressed = busy ? !favourite : favourite;

  return (
    <form
      method="post"
      action={FAVOURITES_ACTION}
      className={className}
      onSubmit={(event) => toggles.submit(event, workshopId)}
    >
      <input type="hidden" name="workshop" value={workshopId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        title={pressed ? FAVOURITE_STATE.remove : FAVOURITE_STATE.add}
        className="favourite-button"
      >
        <Star
          aria-hidden="true"
          className={cn(
            "size-5",
            pressed && "fill-amber-400 text-amber-700 dark:text-amber-300",
          )}
        />
        <span className="sr-only">
          {FAVOURITE_STATE.label} {workshopName}
        </span>
        {/* The state for whatever reads the text without styles or ARIA (aria-pressed tells assistive technology,
            so it is hidden from it there and the name stays the same). */}
        <span className="sr-only" aria-hidden="true">
          {" "}
          {pressed ? FAVOURITE_STATE.on : FAVOURITE_STATE.off}
        </span>
      </button>
    </form>
  );
}
