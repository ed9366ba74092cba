/**
 * POST /favorieten (spec "Favourites"): toggles a workshop id in the `favoriteWorkshops` cookie and says which
 * way in a toast. Without JavaScript the form comes back to the page it was posted from (`redirectTo`, same
 * origin only); with JavaScript the star posts through a fetcher, which gets data and stays on its page.
 */
import { data, href, redirect } from "react-router";
import { z } from "zod";
import { safeReturnPath } from "~/lib/return-to";
import { formId } from "~/lib/validation";
import type { Route } from "./+types/favourites";
import { TOASTS, VALIDATION } from "~/messages";
import {
  favouriteToggleCookies,
  readFavourites,
  toggleFavourite,
} from "~/session/favourites.server";
import { getRequestState } from "~/request/request-state.server";

/** The field the fetcher adds: answer with data rather than a redirect. */
export const RESPOND_WITH_DATA = "respond";

const FavouriteSchema = z.object({
  workshop: formId("workshop"),
  redirectTo: z.string().max(2000).optional(),
  [RESPOND_WITH_DATA]: z.literal("data").optional(),
});

export function loader() {
  // A GET changes nothing: the list of workshops is where favourites are seen.
  return redirect(href("/workshops"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = FavouriteSchema.safeParse(
    Object.fromEntries(await request.formData()),
  );
  if (!parsed.success)
    return data({ error: VALIDATION.invalid("workshop") }, { status: 400 });
  const { workshop, redirectTo, respond } = parsed.data;
  const { session, origin } = getRequestState(context);

  const { favourites, added } = toggleFavourite(
    readFavourites(request.headers.get("cookie")),
    workshop,
  );
  session.flashToast(added ? TOASTS.favouriteAdded : TOASTS.favouriteRemoved);
  const headers = new Headers();
  for (const setCookie of favouriteToggleCookies(
    favourites,
    workshop,
    added,
    origin.startsWith("https:"),
  ))
    headers.append("Set-Cookie", setCookie);
  if (respond === "data")
    return data({ workshop, favourite: added }, { headers });
  return redirect(safeReturnPath(redirectTo, href("/workshops")), { headers });
}
