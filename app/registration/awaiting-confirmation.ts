/**
 * How a registration sent with 'Versturen' stands for Home's notice (decision 0065), as a pure function of the
 * upstream's answer, so it is unit-tested on plain data; awaiting-confirmation.server.ts asks the upstream.
 */
import { formatClockTime } from "~/lib/dates";
import type { Registration } from "#contract";

export type AwaitingNotice =
  | {
      state: "waiting";
      /** Where the link went. */
      email: string;
      /** Until when the newest link confirms ("14:35"), when the upstream says. */
      linkUntil: string | null;
      /** The newest link no longer confirms, while the registration still waits. */
      linkExpired: boolean;
      /** When the registration and its seats go if it is not confirmed, when the upstream says. */
      releasedAt: string | null;
      /** The upstream can mail the link again (it sends `confirmation`). */
      resend: boolean;
    }
  | { state: "expired" };

/** How a registration the upstream answered with stands for the notice; null once it needs nothing more. */
export function noticeFor(
  registration: Registration,
  now: Date = new Date(),
): AwaitingNotice | null {
  if (registration.created !== null || !registration.emailadres) return null;
  const linkExpires = registration.confirmation?.linkExpires ?? null;
  return {
    state: "waiting",
    email: registration.emailadres,
    linkUntil: linkExpires ? formatClockTime(linkExpires, now) : null,
    linkExpired: linkExpires !== null && new Date(linkExpires) <= now,
    releasedAt: registration.expires
      ? formatClockTime(registration.expires, now)
      : null,
    resend: Boolean(registration.confirmation),
  };
}
