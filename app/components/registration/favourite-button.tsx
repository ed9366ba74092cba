/**
 * The favourite star (spec "Favourites"): a toggle button posting to /favorieten. Without JavaScript the form
 * returns to `returnTo`; with it a fetcher sends it, the star turns at once and the page stays where it was.
 */
import { Star } from "lucide-react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { cn } from "~/lib/utils";

export interface FavouriteButtonProps {
  workshopId: number;
  /** The workshop's title, for the button's accessible name. */
  workshopName: string;
  favourite: boolean;
  /** Where the no-JavaScript form returns to (path and search of the current page). */
  returnTo: string;
  className?: string;
}

export function FavouriteButton({
  workshopId,
  workshopName,
  favourite,
  returnTo,
  className,
}: FavouriteButtonProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  // While the toggle is on its way, show what it will be.
  const pressed = fetcher.formData ? !favourite : favourite;
  return (
    <fetcher.Form
      method="post"
      action="/favorieten"
      className={className}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="workshop" value={workshopId} />
      {hydrated ? null : (
        <input type="hidden" name="redirectTo" value={returnTo} />
      )}
      <button
        type="submit"
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        title={pressed ? "Verwijder uit favorieten" : "Voeg toe aan favorieten"}
        className="text-primary-800 hover:bg-primary-50 focus-visible:ring-primary-700 dark:text-primary-200 inline-flex size-11 items-center justify-center rounded-full bg-white/90 shadow-sm focus-visible:ring-2 focus-visible:outline-none dark:bg-gray-900/90"
      >
        <Star
          aria-hidden="true"
          className={cn("size-5", pressed && "fill-current")}
        />
        <span className="sr-only">Favoriet: {workshopName}</span>
      </button>
    </fetcher.Form>
  );
}
