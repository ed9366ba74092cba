/**
 * A workshop page that follows its rounds (decision 0053): the server reads one availability answer per site, day
 * and workshop every few seconds and serves it to every open page of that workshop; the page lays it over what it
 * was rendered with. Pure functions, so the rules are unit-tested on plain data.
 */
import type { AvailabilityEntry } from "#contract";
import type { CartRound } from "./rounds";

/** How often an open workshop page asks again; the shared answer is kept a little shorter (workshop-places.tsx). */
export const FOLLOW_INTERVAL_MS = 5_000;
/** The longest wait between tries after failures. */
export const FOLLOW_MAX_DELAY_MS = 60_000;

/**
 * The upstream's answer as it holds for anyone, whoever's registration asked: with seat counts a round is open
 * while seats are left; without them (an upstream that does not count seats) the asker's own round says
 * 'available' for the asker only, so it is left out and each page keeps what it was rendered with for it.
 */
export function shareableAvailability(
  entries: readonly AvailabilityEntry[],
  askersRound: number | null,
): AvailabilityEntry[] {
  return entries.flatMap((entry) => {
    if (typeof entry.seatsLeft === "number")
      return [{ ...entry, available: entry.seatsLeft > 0 }];
    if (entry.seatsLeft === null) return [{ ...entry, available: false }];
    return entry.round === askersRound ? [] : [entry];
  });
}

/**
 * The availability the page shows: the followed answer per round, except for rounds the visitor holds this
 * workshop in or waits for it in, which stay as the page was rendered (the visitor's own seat or place is not in
 * a shared answer), and rounds the answer leaves out.
 */
export function followedAvailability(
  rendered: AvailabilityEntry[],
  followed: readonly AvailabilityEntry[] | null,
  rounds: readonly Pick<CartRound, "number" | "workshop" | "waitlist">[],
  workshopId: number,
): AvailabilityEntry[] {
  if (!followed) return rendered;
  const own = new Set(
    rounds
      .filter(
        (round) =>
          round.workshop?.id === workshopId ||
          round.waitlist?.workshop.id === workshopId,
      )
      .map((round) => round.number),
  );
  const merged = rendered.map((entry) => {
    if (own.has(entry.round)) return entry;
    return followed.find((other) => other.round === entry.round) ?? entry;
  });
  // The same object when nothing changed, so the page does not render again for nothing.
  return merged.every((entry, index) => entry === rendered[index])
    ? rendered
    : merged;
}

/** A followed answer as the browser reads it; anything else is treated as a failed read. */
export function parseFollowed(body: unknown): AvailabilityEntry[] | null {
  if (
    typeof body !== "object" ||
    body === null ||
    !("availability" in body) ||
    !Array.isArray(body.availability)
  )
    return null;
  const entries: unknown[] = body.availability;
  const valid = entries.every(
    (entry) =>
      typeof entry === "object" &&
      entry !== null &&
      "round" in entry &&
      typeof entry.round === "number" &&
      "available" in entry &&
      typeof entry.available === "boolean" &&
      (!("seatsLeft" in entry) ||
        entry.seatsLeft === null ||
        typeof entry.seatsLeft === "number"),
  );
  return valid ? (entries as AvailabilityEntry[]) : null;
}

/**
 * The wait before the next read: the interval while reads succeed; after `failures` failed ones in a row it
 * doubles each time up to FOLLOW_MAX_DELAY_MS, spread by up to a fifth either way (`random` in [0, 1)) so pages
 * that failed together do not come back together.
 */
export function followDelay(failures: number, random: number): number {
  if (failures <= 0) return FOLLOW_INTERVAL_MS;
  const base = Math.min(
    FOLLOW_INTERVAL_MS * 2 ** failures,
    FOLLOW_MAX_DELAY_MS,
  );
  return Math.round(base * (0.8 + 0.4 * random));
}
