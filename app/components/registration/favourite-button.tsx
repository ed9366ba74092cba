/**
 * The favourite star (spec "Favourites") on the workshop list and the workshop page. A POST form to
 * /favorieten that comes back to `returnTo` without JavaScript; with JavaScript a fetcher posts it, the star
 * turns at once (optimistic, from the fetcher's form data) and the button stays focused where the user was.
 */
import { Star } from "lucide-react";
import { href, useFetcher } from "react-router";
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
  const fetcher = useFetcher<{ workshop: number; favourite: boolean }>();
  const busy = fetcher.state !== "idle";
  // While the toggle is under way, show its outcome; afterwards the loaders' revalidated data says the same.
  const pressed = fetcher.formData ? !favourite : favourite;
  const action = href("/favorieten");

  return (
    <fetcher.Form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        // One toggle at a time: a second press before the answer would undo the first on the server.
        if (busy) return;
        const formData = new FormData(event.currentTarget);
        formData.set("respond", "data");
        void fetcher.submit(formData, { method: "post", action });
      }}
    >
      <input type="hidden" name="workshop" value={workshopId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        title={pressed ? "Verwijder uit favorieten" : "Voeg toe aan favorieten"}
        className="focus-visible:ring-primary-700 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow-sm transition-colors hover:bg-white focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none dark:bg-gray-900/90 dark:text-gray-100"
      >
        <Star
          aria-hidden="true"
          className={cn(
            "size-5",
            pressed && "fill-amber-400 text-amber-700 dark:text-amber-300",
          )}
        />
        <span className="sr-only">Favoriet: {workshopName}</span>
      </button>
    </fetcher.Form>
  );
}
