/**
 * POST /favorieten (spec "Favourites"): toggles a workshop in the `favoriteWorkshops` cookie. A plain form
 * sends `redirectTo` and returns there; the button's fetcher leaves it out and stays on the page.
 */
import { data, redirect } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import { z } from "zod";
import type { Route } from "./+types/favourites";
import { TOASTS } from "~/messages";
import {
  favouritesCookie,
  readFavourites,
  toggleFavourite,
} from "~/session/favourites.server";
import { getRequestState } from "~/session/request-state.server";

const FavouriteSchema = z.object({
  workshop: z.coerce.number().int().positive(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const parsed = FavouriteSchema.safeParse({
    workshop: formData.get("workshop"),
  });
  if (!parsed.success) return data({ favourite: null }, { status: 400 });

  const { session, origin } = getRequestState(context);
  const { favourites, added } = toggleFavourite(
    readFavourites(request.headers.get("Cookie")),
    parsed.data.workshop,
  );
  session.flashToast(added ? TOASTS.favouriteAdded : TOASTS.favouriteRemoved);
  const headers = {
    "Set-Cookie": favouritesCookie(favourites, origin.startsWith("https:")),
  };
  const redirectTo = formData.get("redirectTo");
  if (redirectTo !== null)
    return redirect(safeRedirect(redirectTo, "/workshops"), { headers });
  return data({ favourite: added }, { headers });
}
