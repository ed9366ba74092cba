/**
 * GET /workshop/{slug}/plaatsen: the seats of the workshop's rounds as every visitor of the same day sees them,
 * for an open workshop page to follow (decision 0053). One upstream read per site, day and workshop every few
 * seconds, whatever the number of pages asking; the answer holds nothing of the visitor's own (their seat and
 * their place on a list stay as their page was rendered). It depends on the visitor's day, a cookie: private,
 * and never kept, since each read wants the seats as they are.
 *
 * The upstream answers for the day of the registration the request carries, and without a live one for the
 * slug's first upcoming day, whatever day the visitor chose: so the shared answer is only filled by a request
 * whose registration is live and of the visitor's day (read alongside, decision 0057). Anyone of that day may
 * read it; a request that cannot fill it while it is empty gets 409, and its page keeps what it shows.
 */
import type { Route } from "./+types/workshop-places";
import { env } from "~/env.server";
import { FOLLOW_INTERVAL_MS } from "~/registration/followed-availability";
import { shareableAvailability } from "~/registration/followed-availability";
import { getRegistration } from "~/registration/registration.server";
import { getRequestState } from "~/request/request-state.server";
import type { Registration } from "#contract";
import { sharedRead } from "~/upstream/shared-reads.server";

/** Fresh a little shorter than the pages' interval, so each page's next read finds a newer answer. */
const FRESH_MS = FOLLOW_INTERVAL_MS - 1_000;

const HEADERS = { "Cache-Control": "private, no-store" };

/** Thrown inside the shared read when the answer is not for the visitor's day: nothing is kept. */
class NotForThisDay extends Error {}

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = getRequestState(context);
  const day = state.session.orientationDayId;
  // Without a day the page itself is not shown (it sends the visitor home).
  if (day === null)
    return Response.json(
      { availability: null },
      { status: 404, headers: HEADERS },
    );
  const freshMs = Math.min(FRESH_MS, env().SITE_CACHE_SECONDS * 1000);
  try {
    const availability = await sharedRead(
      `availability|${state.site}|${day}|${params.slug}`,
      freshMs,
      async () => {
        // Asked with the visitor's registration, so the upstream looks the slug up on its day; which day that
        // is, and whether the registration is live at all, the registration says (one read per fill).
        const [answer, lookup] = await Promise.all([
          state.upstream.call("availability", {
            params: { slug: params.slug },
          }),
          getRegistration(context, { peek: true }),
        ]);
        if (
          lookup.state !== "found" ||
          lookup.registration.orientationDay.id !== day
        )
          throw new NotForThisDay();
        const entries = answer.status === 200 ? answer.data : [];
        // Only an upstream without seat counts makes the asker's own round differ: then their choice is needed.
        const askersRound = entries.every(
          (entry) => entry.seatsLeft !== undefined,
        )
          ? null
          : askersRoundOf(lookup.registration, params.slug);
        return shareableAvailability(entries, askersRound);
      },
    );
    return Response.json({ availability }, { headers: HEADERS });
  } catch (error) {
    if (error instanceof NotForThisDay)
      return Response.json(
        { availability: null },
        { status: 409, headers: HEADERS },
      );
    // A background read: the page keeps what it shows and tries again later. Nothing for the error log.
    const { status } = error as { status?: number };
    return Response.json(
      { availability: null },
      { status: status === 404 ? 404 : 502, headers: HEADERS },
    );
  }
}

/** The round the registration holds this workshop in, or null. */
function askersRoundOf(
  registration: Registration,
  slug: string,
): number | null {
  const round = Object.entries(registration.choices).find(
    ([, choice]) => choice?.workshop.slug === slug,
  )?.[0];
  return round === undefined ? null : Number(round);
}
