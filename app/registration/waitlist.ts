/**
 * The waiting list's rules as the site applies them (decision 0024; the contract: decision 0023), as pure
 * functions of the registration and the workshop's availability, so they are unit-tested on plain data.
 *
 * The upstream keeps the list: its order, the one entry per round, and moving the first registration in when a
 * seat frees. The site only shows what the upstream answers and offers joining where it can work: a full round of
 * a day open for registration that does not hold this workshop already. An upstream that leaves `waitlist` out
 * of its registrations has no list; one that leaves `seatsLeft` out gives no hints. Neither is an error.
 */
import { WAITLIST, WAITLIST_TOASTS } from "~/messages";
import type { Toast } from "~/messages";
import type { AvailabilityEntry, Registration, WaitlistEntry } from "#contract";
import type { RoundOption, WaitlistLine } from "./rounds";

/** The intents of the workshop page's action besides adding. */
export const JOIN_WAITLIST_INTENT = "join-waitlist";
export const LEAVE_WAITLIST_INTENT = "leave-waitlist";

/** Ids of a round's join and leave forms (scripts and load tests find them by these). */
export function joinFormId(round: number): string {
  return `wachtlijst-ronde-${round}`;
}
export function leaveFormId(round: number): string {
  return `wachtlijst-verlaten-ronde-${round}`;
}

/**
 * The name of a round's waiting-list button. Its value says what it does and for which round
 * (`join-waitlist:1`), and the action reads it before anything else: a browser that ignores the button's `form=`
 * sends the add form around it (with whatever round is ticked there) plus this, and the button still does what it
 * says.
 */
export const WAITLIST_BUTTON = "waitlist";

type WaitlistIntent =
  typeof JOIN_WAITLIST_INTENT | typeof LEAVE_WAITLIST_INTENT;

export function waitlistButtonValue(
  intent: WaitlistIntent,
  round: number,
): string {
  return `${intent}:${round}`;
}

/** The intent and round a waiting-list button names; null for anything else. */
export function parseWaitlistButton(
  value: FormDataEntryValue | null,
): { intent: WaitlistIntent; round: string } | null {
  if (typeof value !== "string") return null;
  const match = /^(join-waitlist|leave-waitlist):(\d{1,6})$/.exec(value);
  if (!match) return null;
  return { intent: match[1] as WaitlistIntent, round: match[2]! };
}

/** Up to this many seats left, an open round says how many. */
export const SEATS_HINT_MAX = 5;

/** Whether the upstream offers the list: it then sends `waitlist` with every registration (maybe empty). */
export function waitlistOffered(
  registration: Pick<Registration, "waitlist">,
): boolean {
  return registration.waitlist !== undefined;
}

/** The registration's entry for a round, or null. One per round; should an upstream send more, the first counts. */
export function waitlistFor(
  registration: Pick<Registration, "waitlist">,
  round: number,
): WaitlistLine | null {
  const entry = registration.waitlist?.find(
    (candidate: WaitlistEntry) => candidate.round === round,
  );
  return entry ? { workshop: entry.workshop, position: entry.position } : null;
}

/**
 * 'Nog n plekken' for a round that is open to this visitor and not their own choice, with 1 to SEATS_HINT_MAX
 * seats left; null otherwise (more seats, or an upstream that does not count them).
 */
export function seatsHint(
  option: Pick<RoundOption, "number" | "badge">,
  availability: readonly AvailabilityEntry[],
): string | null {
  if (option.badge !== "choose" && option.badge !== "current") return null;
  const seats = availability.find(
    (entry) => entry.round === option.number,
  )?.seatsLeft;
  if (seats === undefined || seats === null) return null;
  if (seats < 1 || seats > SEATS_HINT_MAX) return null;
  return WAITLIST.seatsLeft(seats);
}

/**
 * A round's place on the list for this workshop: none (nothing to show), join (full, so the visitor may wait
 * for it), or waiting (the registration waits for this workshop in this round, at `position`).
 */
export type RoundWaitlist =
  { kind: "none" } | { kind: "join" } | { kind: "waiting"; position: number };

/**
 * Whether the workshop is held in the round at all. 'Niet beschikbaar' also marks a round the workshop is not
 * given in; no list can fill that one. The upstream leaves such a round out of the availability or sends
 * `seatsLeft: null` for it (decision 0023); an upstream that counts no seats at all leaves `seatsLeft` out.
 */
export function heldInRound(
  availability: readonly AvailabilityEntry[],
  round: number,
): boolean {
  const entry = availability.find((candidate) => candidate.round === round);
  return entry !== undefined && entry.seatsLeft !== null;
}

/** The round that holds this workshop in the registration, if any (the round options' 'added' badge). */
export function roundHolding(
  options: ReadonlyArray<Pick<RoundOption, "number" | "badge">>,
): number | null {
  return options.find((option) => option.badge === "added")?.number ?? null;
}

/**
 * What the workshop page offers per round. An entry for this workshop is shown (and can be left) whatever the
 * round's state; joining needs a list, a day open for registration and a round of this workshop that is full for
 * this visitor, and a registration that does not hold this workshop in any round: moving up would take it out of
 * that round, leaving the visitor a workshop short (decision 0024).
 */
export function roundWaitlist(
  option: Pick<RoundOption, "number" | "badge"> & {
    waitlist: WaitlistLine | null;
  },
  workshop: { id: number; availability: readonly AvailabilityEntry[] },
  offered: boolean,
  readonly: boolean,
  held: boolean,
): RoundWaitlist {
  if (!offered) return { kind: "none" };
  if (option.waitlist?.workshop.id === workshop.id)
    return { kind: "waiting", position: option.waitlist.position };
  if (held || readonly || option.badge !== "unavailable")
    return { kind: "none" };
  if (!heldInRound(workshop.availability, option.number))
    return { kind: "none" };
  return { kind: "join" };
}

/**
 * Why the server refuses a posted join for `round`, or null when it may go to the upstream (which decides too:
 * a seat may have come free meanwhile).
 */
export function joinBlocker(
  options: ReadonlyArray<Pick<RoundOption, "number" | "badge">>,
  availability: readonly AvailabilityEntry[],
  round: number,
  offered: boolean,
  readonly: boolean,
):
  | "noWaitlist"
  | "cannotRegisterYet"
  | "unknownRound"
  | "alreadyChosen"
  | "roundOpen"
  | null {
  if (!offered) return "noWaitlist";
  if (readonly) return "cannotRegisterYet";
  const option = options.find((candidate) => candidate.number === round);
  if (!option || !heldInRound(availability, round)) return "unknownRound";
  if (roundHolding(options) !== null) return "alreadyChosen";
  if (option.badge !== "unavailable") return "roundOpen";
  return null;
}

/**
 * Where a registration stands for a workshop in a round: on the round's list for it at a place, holding it in
 * the round (moved up, or chosen), or neither. What a toast after joining or leaving says is this, of the
 * registration as the upstream holds it, never of what the visitor pressed.
 */
export type WaitlistStanding =
  | { kind: "waiting"; position: number }
  | { kind: "holding" }
  | { kind: "neither" };

export function waitlistStanding(
  registration: Pick<Registration, "waitlist" | "choices">,
  round: number,
  workshopId: number,
): WaitlistStanding {
  const entry = waitlistFor(registration, round);
  if (entry?.workshop.id === workshopId)
    return { kind: "waiting", position: entry.position };
  if (registration.choices[String(round)]?.workshop.id === workshopId)
    return { kind: "holding" };
  return { kind: "neither" };
}

function sameStanding(a: WaitlistStanding, b: WaitlistStanding): boolean {
  return (
    a.kind === b.kind &&
    (a.kind !== "waiting" || b.kind !== "waiting" || a.position === b.position)
  );
}

/**
 * Whether an answer to a join or leave was a stale replay: the upstream gave back its kept first answer to the
 * form's key (decision 0018: a kept tab, Back and send again), so what it shows is no longer true, and the
 * registration read afresh stands where it stood before the post. A difference that is not a return to before (a
 * promotion just after the answer) is no replay: the fresh standing is then simply the news.
 */
export function staleReplay(
  before: WaitlistStanding,
  answered: WaitlistStanding,
  now: WaitlistStanding,
): boolean {
  return !sameStanding(answered, now) && sameStanding(before, now);
}

/** The toast after a join or leave of `round`'s list for `workshop`: where the registration now stands. */
export function waitlistToast(
  standing: WaitlistStanding,
  post: {
    round: number;
    workshop: string;
    intent: typeof JOIN_WAITLIST_INTENT | typeof LEAVE_WAITLIST_INTENT;
    replayed: boolean;
  },
): Toast {
  const toast =
    standing.kind === "waiting"
      ? WAITLIST_TOASTS.waiting(post.round, standing.position)
      : standing.kind === "holding"
        ? WAITLIST_TOASTS.movedUp(post.workshop, post.round)
        : post.intent === JOIN_WAITLIST_INTENT
          ? WAITLIST_TOASTS.notJoined(post.round)
          : WAITLIST_TOASTS.left(post.round);
  return post.replayed ? WAITLIST_TOASTS.replayed(toast) : toast;
}
