/**
 * The visitor's registration, as every screen of the flow needs it (spec "Route guard", section 4).
 *
 * The cart is the upstream registration's choices; the session holds only the ids (docs/decisions/0008).
 * `getRegistration` asks the upstream at most once per request: the root loader (logout button) and the route
 * loaders share the answer, and actions replace it with the registration an update returned.
 *
 * The guards throw what a loader or action should answer instead: a redirect home without a day, to
 * /inschrijven without a school, and home with the expiry warning when the registration is gone.
 */
import { href, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { TOASTS } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import type { OrientationDay, Registration } from "#contract";
import {
  forgetRegistration,
  recallRegistration,
  rememberRegistration,
} from "./recent-registrations.server";
import type { ReuseFor } from "./recent-registrations.server";
import {
  rethrowResponse,
  toastForUpstreamError,
} from "~/upstream/user-message";

type Context = Readonly<RouterContextProvider>;

/**
 * none: no registration yet (no id, or an id the upstream was never asked to create);
 * found: the upstream's registration; expired: the upstream no longer knows a registration it made (204).
 */
export type RegistrationLookup =
  | { state: "none" }
  | { state: "found"; registration: Registration }
  | { state: "expired" };

const lookups = new WeakMap<object, Promise<RegistrationLookup>>();
const dayLists = new WeakMap<object, Promise<OrientationDay[]>>();
const expired = new WeakSet<object>();

/**
 * The visitor's registration, fetched at most once per request. Rejects with the upstream's error. `peek`: a read
 * beside the visitor's pages (the seats an open page follows) that leaves the answer of their last change for the
 * page after it (decision 0072).
 */
export function getRegistration(
  context: Context,
  { peek = false }: { peek?: boolean } = {},
): Promise<RegistrationLookup> {
  const state = getRequestState(context);
  let lookup = lookups.get(state);
  if (!lookup) {
    lookup = fetchRegistration(
      context,
      state.changes ? "change" : peek ? "peek" : "page",
    );
    lookups.set(state, lookup);
    // The rejection is handled by whoever awaits it; this keeps an unawaited copy from crashing the process.
    lookup.catch(() => {});
  }
  return lookup;
}

async function fetchRegistration(
  context: Context,
  use: ReuseFor,
): Promise<RegistrationLookup> {
  const { session, upstream } = getRequestState(context);
  const id = session.registrationId;
  if (!id) return { state: "none" };
  // A page shows a change's answer only as the first page after it: the cookie says whether one has been shown
  // since, wherever it was served (another process holds no copy to take, and leaves this one's behind).
  const seenNow = session.registrationSeen;
  const handedOver = use === "change" || seenNow?.changed === true;
  if (use === "page") session.markRegistrationShown();
  const recalled = handedOver
    ? recallRegistration(id, seenNow?.fingerprint ?? null, use)
    : null;
  if (recalled)
    return recalled.registration
      ? { state: "found", registration: recalled.registration }
      : { state: "none" };
  const answer = await upstream.call("registration");
  if (answer.status === 200) {
    // A registration made elsewhere for this id (a login, or another tab) counts as started from now on.
    session.markRegistrationStarted();
    seen(context, id, answer.data, false);
    return { state: "found", registration: answer.data };
  }
  forgetRegistration(id);
  return session.registrationStarted ? { state: "expired" } : { state: "none" };
}

/**
 * The registration (null: none yet, for a fresh id) is what the visitor now sees: kept briefly for their next request
 * (decision 0072).
 */
function seen(
  context: Context,
  id: string,
  registration: Registration | null,
  fromChange: boolean,
): void {
  getRequestState(context).session.setRegistrationSeen(
    rememberRegistration(id, registration, fromChange),
    fromChange,
  );
}

/**
 * Spec "Setting a registration": the registration an upstream call answered with becomes the request's, and
 * the session takes its day and school.
 */
export function setRegistration(
  context: Context,
  registration: Registration,
): Registration {
  const state = getRequestState(context);
  const { session } = state;
  session.markRegistrationStarted();
  if (session.orientationDayId !== registration.orientationDay.id)
    session.setOrientationDay(registration.orientationDay.id);
  if (session.schoolId !== (registration.school?.id ?? null))
    session.setSchool(registration.school?.id ?? null);
  if (session.registrationId)
    seen(context, session.registrationId, registration, true);
  lookups.set(state, Promise.resolve({ state: "found", registration }));
  return registration;
}

/**
 * Spec "Clearing the store" after an expiry: the registration, school and anonymous id are forgotten (the day
 * stays, so the visitor can start again), and Home shows the warning. Returns the redirect to throw or return.
 */
export function expireRegistration(context: Context): Response {
  const state = getRequestState(context);
  const { session } = state;
  // Reads made side by side may each find it gone: the store is cleared and the warning flashed once.
  if (!expired.has(state)) {
    expired.add(state);
    if (session.registrationId) forgetRegistration(session.registrationId);
    session.clear();
    session.flashToast(TOASTS.registrationExpired);
  }
  return redirect(href("/"));
}

/** A registration id for the visitor, fetched from the upstream the first time the visitor needs one. */
export async function ensureRegistrationId(context: Context): Promise<string> {
  const { session, upstream } = getRequestState(context);
  if (session.registrationId) return session.registrationId;
  const answer = await upstream.call("registrationHash");
  if (answer.status !== 200) throw new Error("registration hash: no content");
  session.setRegistrationId(answer.data.hash);
  // A fresh id has no registration: the page after this request need not ask.
  seen(context, answer.data.hash, null, true);
  return answer.data.hash;
}

/** The chosen orientation day's id; without one the visitor goes home. */
export function requireDay(context: Context): number {
  const dayId = getRequestState(context).session.orientationDayId;
  if (dayId === null) throw redirect(href("/"));
  return dayId;
}

/**
 * The registration with a school, for the screens after school selection. No day: home. A day and a school but
 * no registration yet: it is created. No school: /inschrijven. Gone upstream: home with the expiry warning.
 * An upstream failure rejects; the caller shows the catalogue's message.
 */
export async function requireRegistration(
  context: Context,
): Promise<Registration> {
  const dayId = requireDay(context);
  const { session, upstream } = getRequestState(context);
  const lookup = await getRegistration(context);
  if (lookup.state === "expired") throw expireRegistration(context);
  if (lookup.state === "found") {
    if (!lookup.registration.school) throw redirect(href("/inschrijven"));
    return lookup.registration;
  }
  if (session.schoolId === null) throw redirect(href("/inschrijven"));
  await ensureRegistrationId(context);
  const created = await upstream.call("create", {
    body: { school: session.schoolId, orientationDay: dayId },
  });
  if (created.status !== 200) throw new Error("create: no content");
  return setRegistration(context, created.data);
}

/**
 * requireRegistration for a flow screen's loader or action: an upstream failure sends the visitor home with the
 * catalogue's message instead of an error page.
 */
export async function loadRegistration(
  context: Context,
): Promise<Registration> {
  try {
    return await requireRegistration(context);
  } catch (error) {
    rethrowResponse(error);
    getRequestState(context).session.flashToast(toastForUpstreamError(error));
    throw redirect(href("/"));
  }
}

/** The orientation days on offer, fetched at most once per request. */
export function getOrientationDays(
  context: Context,
): Promise<OrientationDay[]> {
  const state = getRequestState(context);
  let days = dayLists.get(state);
  if (!days) {
    days = state.siteData
      .call("orientationDays")
      .then((answer) => (answer.status === 200 ? answer.data : []));
    dayLists.set(state, days);
    days.catch(() => {});
  }
  return days;
}

/** The registration's orientation day as the day list describes it (date, display, read-only), or null. */
export async function getOrientationDay(
  context: Context,
  dayId: number,
): Promise<OrientationDay | null> {
  const days = await getOrientationDays(context);
  return days.find((day) => day.id === dayId) ?? null;
}

/**
 * Runs an upstream call that answers with the registration (add-school, remove-school, and the cart's and the
 * waiting list's changes in cart.server.ts and waitlist.server.ts): a 204 means it expired, which throws the
 * redirect home; otherwise the answer becomes the request's registration. An answer the upstream gave again for a
 * repeated form (decision 0018) tells the registration as it stood then: it is read again instead (`answered` is
 * the answer as given, `registration` as it is now).
 */
export async function changeRegistration(
  context: Context,
  call: () => Promise<
    | { status: 200; data: Registration; replayed?: true }
    | { status: 204; replayed?: true }
  >,
): Promise<Registration> {
  return (await changeRegistrationAnswered(context, call)).registration;
}

/** changeRegistration, with the upstream's answer as given beside the registration as it is now. */
export async function changeRegistrationAnswered(
  context: Context,
  call: Parameters<typeof changeRegistration>[1],
): Promise<{ answered: Registration; registration: Registration }> {
  const answer = await call();
  if (answer.status === 204) throw expireRegistration(context);
  if (!answer.replayed)
    return {
      answered: answer.data,
      registration: setRegistration(context, answer.data),
    };
  const { upstream } = getRequestState(context);
  let now: Awaited<ReturnType<typeof upstream.call<"registration">>>;
  try {
    now = await upstream.call("registration");
  } catch {
    // The change was made (earlier); the answer as given is the best there is to show.
    return {
      answered: answer.data,
      registration: setRegistration(context, answer.data),
    };
  }
  if (now.status === 204) throw expireRegistration(context);
  return {
    answered: answer.data,
    registration: setRegistration(context, now.data),
  };
}
