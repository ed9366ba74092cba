/**
 * The types the cart (cart.ts) and the waiting list (waitlist.ts) share, kept below both so neither imports the
 * other's: a round as the cart shows it, a round as the workshop page offers it, what a change of a round comes to
 * (cart.server.ts, waitlist.server.ts) and what the workshop page's and the cart's actions answer a fetcher with
 * (decision 0070). Types only: the browser bundle imports them too.
 */
import type { Toast } from "~/messages";
import type { Registration, WorkshopRef } from "#contract";

/** What a round's line in the cart shows about its waiting-list entry: the workshop waited for and the place. */
export interface WaitlistLine {
  workshop: WorkshopRef;
  position: number;
}

export interface CartRound {
  number: number;
  startTime: string;
  endTime: string;
  /** The workshop chosen for this round, or null. */
  workshop: WorkshopRef | null;
  /** The registration's waiting-list entry for this round, or null (waitlist.ts). */
  waitlist: WaitlistLine | null;
}

/**
 * unavailable: no seat, or the day is read-only; added: this workshop is the round's choice; current: another
 * workshop is; choose: free to choose.
 */
export type RoundBadge = "unavailable" | "added" | "current" | "choose";

export interface RoundOption extends CartRound {
  badge: RoundBadge;
  /** Whether its radio can be chosen. */
  selectable: boolean;
}

/** A change made: the registration as it stands after it, which is the request's registration from then on. */
export interface ChangeDone {
  kind: "done";
  registration: Registration;
}

/**
 * A change the visitor cannot make, and nothing was changed: why, and what the panel says beside the form. A
 * warning when the round or its list is no longer as the page showed it (the page reads its seats again on a
 * 409), an error when the post asked for what this page never offers.
 */
export interface ChangeRefused<Reason extends string> {
  kind: "refused";
  reason: Reason;
  severity: "warning" | "error";
  message: string;
  status: 400 | 409;
}

/** The upstream failed the change: the catalogue's message for it, as a toast (its `message` is the panel's text). */
export interface ChangeFailed {
  kind: "failed";
  toast: Toast;
}

/**
 * What the workshop page's action answers a fetcher with: the round a workshop was added to or a waiting list
 * changed for, or why not.
 */
export interface AddResult {
  added?: number;
  waitlist?: number;
  warning?: string;
  error?: string;
}

/** What the cart's removal answers a fetcher: done, or the message of the failure (the workshop stays). */
export type CartActionData = { ok: true } | { error: string };
