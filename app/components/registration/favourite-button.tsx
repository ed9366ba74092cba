/**
 * Placeholder of the favourite star (spec "Favourites"); replaced by the full toggle. The props are the contract
 * the list and the workshop page render it with.
 */
export interface FavouriteButtonProps {
  workshopId: number;
  /** The workshop's title, for the button's accessible name. */
  workshopName: string;
  favourite: boolean;
  /** Where the no-JavaScript form returns to (path and search of the current page). */
  returnTo: string;
}

export function FavouriteButton({
  workshopId,
  workshopName,
  favourite,
  returnTo,
}: FavouriteButtonProps) {
  return (
    <form method="post" action="/favorieten">
      <input type="hidden" name="workshop" value={workshopId} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button type="submit" aria-pressed={favourite}>
        Favoriet: {workshopName}
      </button>
    </form>
  );
}
