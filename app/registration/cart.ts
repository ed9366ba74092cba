/**
 * The cart rules (spec "Cart drawer", "Workshop info", "Adding a workshop to a round"), as pure functions of the
 * registration: one workshop per round, moving a workshop between rounds, the round badges and the
 * call-to-action of the workshop page. No I/O, so they are unit-tested on plain data.
 */
import { formatClockTime } from "~/lib/dates";
import { WORKSHOP_PAGE, ROUND_BUTTON } from "~/messages";
import type { Registration, Workshop } from "#contract";
import type { CartRound, RoundBadge, RoundOption } from "./rounds";
import { waitlistFor } from "./waitlist";

export interface CartView {
  rounds: CartRound[];
  /** How many rounds have a workshop. */
  count: number;
  /** The registration was confirmed before (spec "created"): changing, not a first registration. */
  created: boolean;
  /**
   * Until when the upstream holds this unconfirmed registration ("14:35"), when it says and the registration holds
   * something: its chosen seats, or, with none chosen, its places on waiting lists.
   */
  heldUntil: string | null;
  /** How many waiting-list places the registration holds (the cart says their hold when it has no seats). */
  waitlistPlaces: number;
}

/** The rounds of the registration's day, in order, each with its choice. */
export function cartRounds(registration: Registration): CartRound[] {
  return registration.orientationDay.rondes
    .toSorted((a, b) => a.number - b.number)
    .map((ronde) => ({
      number: ronde.number,
      startTime: ronde.startTime,
      endTime: ronde.endTime,
      workshop: registration.choices[String(ronde.number)]?.workshop ?? null,
      waitlist: waitlistFor(registration, ronde.number),
    }));
}

export function cartView(
  registration: Registration,
  now: Date = new Date(),
): CartView {
  const rounds = cartRounds(registration);
  const count = rounds.filter((round) => round.workshop !== null).length;
  const created = registration.created !== null;
  const waitlistPlaces = rounds.filter(
    (round) => round.waitlist !== null,
  ).length;
  // A draft that holds only waiting-list places goes at the same time as one holding seats (issue 43).
  const holds = count > 0 || waitlistPlaces > 0;
  return {
    rounds,
    count,
    created,
    heldUntil:
      !created && holds && registration.expires
        ? formatClockTime(registration.expires, now)
        : null,
    waitlistPlaces,
  };
}

export interface Choice {
  round: number;
  workshop: number | null;
}

/**
 * The update that puts `workshopId` in `round`: first the workshop leaves any other round it is in, then it is
 * added (one workshop per round, and a workshop in one round only). Sent as one call, so it is all or nothing.
 */
export function choicesToAdd(
  rounds: CartRound[],
  round: number,
  workshopId: number,
): Choice[] {
  const elsewhere = rounds
    .filter(
      (other) => other.number !== round && other.workshop?.id === workshopId,
    )
    .map((other) => ({ round: other.number, workshop: null }));
  return [...elsewhere, { round, workshop: workshopId }];
}

/** The update that empties `round`. */
export function choicesToRemove(round: number): Choice[] {
  return [{ round, workshop: null }];
}

/**
 * The workshop page's rounds, each with its badge (spec "Workshop info"). A round that already holds this
 * workshop counts as available whatever the seat count says: the seat is the visitor's own.
 */
export function roundOptions(
  rounds: CartRound[],
  workshop: Pick<Workshop, "id" | "availability">,
  readonly: boolean,
): RoundOption[] {
  return rounds.map((round) => {
    const holdsThis = round.workshop?.id === workshop.id;
    const available =
      !readonly &&
      (holdsThis ||
        workshop.availability.some(
          (entry) => entry.round === round.number && entry.available,
        ));
    const badge: RoundBadge = !available
      ? "unavailable"
      : holdsThis
        ? "added"
        : round.workshop
          ? "current"
          : "choose";
    return { ...round, badge, selectable: available };
  });
}

/** The text of a round's badge. */
export function badgeText(option: RoundOption): string {
  switch (option.badge) {
    case "unavailable":
      return WORKSHOP_PAGE.badges.unavailable;
    case "added":
      return WORKSHOP_PAGE.badges.added;
    case "current":
      return WORKSHOP_PAGE.badges.current(option.workshop?.display ?? "");
    case "choose":
      return WORKSHOP_PAGE.badges.choose;
  }
}

/**
 * Without JavaScript, the round the page opens with: the one holding this workshop, else the first available
 * round without a choice, else the first available round; null when none can be chosen.
 */
export function preselectedRound(options: RoundOption[]): number | null {
  const pick =
    options.find((option) => option.badge === "added") ??
    options.find((option) => option.badge === "choose") ??
    options.find((option) => option.selectable);
  return pick?.number ?? null;
}

export interface CallToAction {
  label: (typeof ROUND_BUTTON)[keyof typeof ROUND_BUTTON];
  disabled: boolean;
}

/**
 * The submit button for the chosen round (spec "Workshop info"): disabled when the day is read-only, no round is
 * chosen, the round is unavailable, or it already holds this workshop.
 */
export function callToAction(
  chosen: RoundOption | undefined,
  readonly: boolean,
): CallToAction {
  if (readonly || !chosen || chosen.badge === "unavailable")
    return { label: ROUND_BUTTON.unavailable, disabled: true };
  if (chosen.badge === "added")
    return { label: ROUND_BUTTON.selected, disabled: true };
  if (chosen.badge === "current")
    return { label: ROUND_BUTTON.change, disabled: false };
  return { label: ROUND_BUTTON.add, disabled: false };
}

/**
 * The submit button as the page shows it. With JavaScript (`enhanced`) it follows the chosen radio. Without, the
 * server cannot know which radio the visitor will pick, so the label says what pressing does: 'Aanpassen' when
 * the workshop is in the cart (it moves), 'Toevoegen' otherwise; the button is disabled only when no round can be
 * chosen at all, and the server checks the chosen round on submit.
 */
export function submitButton(
  options: RoundOption[],
  chosenRound: number | null,
  readonly: boolean,
  enhanced: boolean,
): CallToAction {
  const chosen = options.find((option) => option.number === chosenRound);
  const action = callToAction(chosen, readonly);
  if (enhanced) return action;
  const noneSelectable =
    readonly || !options.some((option) => option.selectable);
  if (noneSelectable)
    return { label: ROUND_BUTTON.unavailable, disabled: true };
  const inCart = options.some((option) => option.badge === "added");
  return {
    label: inCart ? ROUND_BUTTON.change : ROUND_BUTTON.add,
    disabled: false,
  };
}

/** Why a round cannot take this workshop, or null when it can (the server's check of a submitted round). */
export function addBlocker(
  options: RoundOption[],
  round: number,
  readonly: boolean,
): "cannotRegisterYet" | "unknownRound" | "roundFull" | null {
  if (readonly) return "cannotRegisterYet";
  const option = options.find((candidate) => candidate.number === round);
  if (!option) return "unknownRound";
  if (!option.selectable) return "roundFull";
  return null;
}

/** Why the final form cannot be sent yet, or null when it can (spec section 5). */
export function submitBlocker(
  cart: CartView,
  readonly: boolean,
): "noRoundsFilled" | "cannotRegisterYet" | null {
  if (readonly) return "cannotRegisterYet";
  if (cart.count === 0) return "noRoundsFilled";
  return null;
}

/**
 * The query parameter that renders the cart open: where a no-JavaScript add or remove lands, and a link that
 * opens the cart. The other flow screens read it with `cartOpen(url.searchParams)`.
 */
export const CART_OPEN_PARAM = { name: "inschrijving", value: "open" } as const;

export function cartOpen(searchParams: URLSearchParams): boolean {
  return searchParams.get(CART_OPEN_PARAM.name) === CART_OPEN_PARAM.value;
}
