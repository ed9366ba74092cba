/**
 * A day's workshops as every visitor of the day and school sees them (decision 0072): the list on /workshops and,
 * from the same list, the workshop a workshop page shows. One upstream read per site, day and school every few
 * seconds, whatever the number of students, instead of one per page view; it starts beside the read of the
 * visitor's registration, so a page waits for one round trip.
 *
 * The upstream answers for the registration the request carries, and a round the registration holds a workshop in
 * says 'available' for that registration only. So, as the followed seats do (decisions 0053, 0057), an answer is
 * kept only when the request's registration is live and of the session's day and school, and only with seat counts,
 * from which every visitor's own view is made again: a round is open while seats are left, or when it is the
 * visitor's own choice. An upstream without seat counts is asked per visitor, as before.
 *
 * Seats change by the minute: an answer is shared for SEATS_CACHE_SECONDS (5 s, as fresh as the seats an open page
 * follows), never longer, so a seat another student took or freed shows within that. A seat-based refusal is
 * checked against the upstream first (`seatsNow` in cart.server.ts and waitlist.server.ts), and one the upstream
 * makes drops the day's answers (`forgetDayWorkshops`), so the page that says it shows the seats as they are.
 */
import type { RouterContextProvider } from "react-router";
import { env } from "~/env.server";
import { getRequestState } from "~/request/request-state.server";
import type { AvailabilityEntry, Registration, Workshop } from "#contract";
import type { UpstreamAnswer } from "~/upstream/client.server";
import { dropSharedRead, sharedRead } from "~/upstream/shared-reads.server";
import { getRegistration } from "./registration.server";
import type { RegistrationLookup } from "./registration.server";

type Context = Readonly<RouterContextProvider>;

/** Thrown inside a shared read whose answer must not be kept for others. */
class NotShareable extends Error {}

/** The visitor's day and school, when both are known: what a shared answer is kept under. */
function scopeOf(context: Context): { day: number; school: number } | null {
  const { session } = getRequestState(context);
  const { orientationDayId: day, schoolId: school } = session;
  if (day === null || school === null || !session.registrationStarted)
    return null;
  return { day, school };
}

/** How long an answer is shared (SEATS_CACHE_SECONDS; 0 turns sharing off). */
function keepMs(): number {
  return env().SEATS_CACHE_SECONDS * 1000;
}

function listKey(site: string, day: number, school: number): string {
  return `workshops|${site}|${day}|${school}`;
}
function workshopKey(site: string, day: number, slug: string): string {
  return `workshop|${site}|${day}|${slug}`;
}

/** Whether every round of every workshop has a seat count (the only answers that hold for anyone). */
function countsSeats(workshops: readonly Workshop[]): boolean {
  return workshops.every((workshop) =>
    workshop.availability.every((entry) => entry.seatsLeft !== undefined),
  );
}

/** The lookup is of a live registration of this day and school. */
function isOf(
  lookup: RegistrationLookup,
  scope: { day: number; school: number },
): lookup is Extract<RegistrationLookup, { state: "found" }> {
  return (
    lookup.state === "found" &&
    lookup.registration.orientationDay.id === scope.day &&
    lookup.registration.school?.id === scope.school
  );
}

/** A round with seats is open while seats are left, or when it is the visitor's own choice (as the upstream says). */
export function ownAvailability(
  workshop: Workshop,
  registration: Registration | null,
): Workshop {
  const availability: AvailabilityEntry[] = workshop.availability.map(
    (entry) => {
      if (entry.seatsLeft === undefined) return entry;
      const own =
        registration?.choices[String(entry.round)]?.workshop.id === workshop.id;
      const available =
        entry.seatsLeft !== null && (own || entry.seatsLeft > 0);
      return available === entry.available ? entry : { ...entry, available };
    },
  );
  return { ...workshop, availability };
}

/**
 * Reads `call` for the visitor, keeping the answer under `key` for every visitor of the scope when it may be kept.
 * Resolves to the visitor's own view, or to the upstream's answer as it came when it could not be shared.
 */
async function sharedOrOwn<T extends Workshop | Workshop[]>(
  context: Context,
  key: string | null,
  scope: { day: number; school: number } | null,
  call: () => Promise<UpstreamAnswer<T>>,
): Promise<UpstreamAnswer<T>> {
  const freshMs = keepMs();
  if (!key || !scope || freshMs <= 0) return call();
  const registration = getRegistration(context);
  // The request's own answer, when it made the read that could not be kept.
  let own: UpstreamAnswer<T> | undefined;
  let shared: T;
  try {
    shared = await sharedRead(key, freshMs, async () => {
      const [answer, lookup] = await Promise.all([call(), registration]);
      own = answer;
      const list = answer.status === 200 ? [answer.data].flat() : [];
      if (answer.status !== 200 || !isOf(lookup, scope) || !countsSeats(list))
        throw new NotShareable();
      return answer.data;
    });
  } catch (error) {
    if (!(error instanceof NotShareable)) throw error;
    // Another request's read could not be kept: this one asks for itself.
    return own ?? call();
  }
  const lookup = await registration;
  // A registration changed elsewhere (another school chosen on another device) while this session still names
  // the old one: the shared answer is not for it, and it asks for its own.
  if (!isOf(lookup, scope)) return call();
  const visitor = lookup.registration;
  const data = (
    Array.isArray(shared)
      ? shared.map((workshop) => ownAvailability(workshop, visitor))
      : ownAvailability(shared as Workshop, visitor)
  ) as T;
  return { status: 200, data };
}

const lists = new WeakMap<object, Promise<UpstreamAnswer<Workshop[]>>>();

/**
 * The workshops of the visitor's day and school (the upstream's `workshops`), at most once per request; a 204 (none,
 * or the registration expired) as the upstream gave it. Rejects with the upstream's error.
 */
export function getDayWorkshops(
  context: Context,
): Promise<UpstreamAnswer<Workshop[]>> {
  const state = getRequestState(context);
  let list = lists.get(state);
  if (!list) {
    const scope = scopeOf(context);
    list = sharedOrOwn(
      context,
      scope && listKey(state.site, scope.day, scope.school),
      scope,
      () => state.upstream.call("workshops"),
    );
    lists.set(state, list);
    list.catch(() => {});
  }
  return list;
}

const workshops = new WeakMap<
  object,
  Map<string, Promise<UpstreamAnswer<Workshop>>>
>();

/**
 * One workshop of the visitor's day (the upstream's `workshop`), at most once per request: from the day's list when
 * it is there, else read (and kept as the list is). Rejects with the upstream's error (404 for an unknown slug).
 */
export function getDayWorkshop(
  context: Context,
  slug: string,
): Promise<UpstreamAnswer<Workshop>> {
  const state = getRequestState(context);
  let ofRequest = workshops.get(state);
  if (!ofRequest) {
    ofRequest = new Map();
    workshops.set(state, ofRequest);
  }
  let workshop = ofRequest.get(slug);
  if (!workshop) {
    workshop = readDayWorkshop(context, slug);
    ofRequest.set(slug, workshop);
    workshop.catch(() => {});
  }
  return workshop;
}

async function readDayWorkshop(
  context: Context,
  slug: string,
): Promise<UpstreamAnswer<Workshop>> {
  const state = getRequestState(context);
  const scope = scopeOf(context);
  const read = () => state.upstream.call("workshop", { params: { slug } });
  if (!scope) return read();
  const list = await getDayWorkshops(context).catch(() => null);
  if (list?.status === 200) {
    const found = list.data.find((workshop) => workshop.slug === slug);
    if (found) return { status: 200, data: found };
  }
  return sharedOrOwn(
    context,
    workshopKey(state.site, scope.day, slug),
    scope,
    read,
  );
}

/**
 * The seats of the day have moved in a way the next page must show (the upstream refused a change for them): the
 * next read of the list, and of the workshop, asks the upstream again.
 */
export function forgetDayWorkshops(context: Context, slug?: string): void {
  const state = getRequestState(context);
  const scope = scopeOf(context);
  lists.delete(state);
  workshops.delete(state);
  if (!scope) return;
  dropSharedRead(listKey(state.site, scope.day, scope.school));
  if (slug) dropSharedRead(workshopKey(state.site, scope.day, slug));
}
