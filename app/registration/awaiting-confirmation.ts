/**
 * How a registration sent with 'Versturen' stands for Home's notice (decision 0065), as a pure function of the
 * upstream's answer, so it is unit-tested on plain data; awaiting-confirmation.server.ts asks the upstream.
 */
import { formatClockTime } from "~/lib/dates";
import type { Registration } from "#contract";

export type AwaitingNotice =
  | {
      state: "waiting";
      /** Where the link went, masked (`maskEmail`): never the whole address. */
      maskedEmail: string;
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

/**
 * An address as Home may show it on a shared computer (issue 43): the first character of the local part, three
 * asterisks, and the domain as it is ("sanne@example.nl" → "s***@example.nl"). Always three asterisks, whatever
 * the local part's length, so the mask does not tell it: a one-character local part shows as that character and
 * "***" ("a@x.nl" → "a***@x.nl"), as a long one does; the reader cannot tell which. The owner recognises their
 * address; the next user of the computer learns no more than its first letter and its domain. Something that is
 * no address (no @, which the contract does not rule out) keeps only its first character; an empty local part shows
 * as "***@domain".
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  const local = at === -1 ? address : address.slice(0, at);
  const domain = at === -1 ? "" : address.slice(at);
  // The first character as a person sees it, not half of a surrogate pair.
  const first = Array.from(local)[0] ?? "";
  return `${first}***${domain}`;
}

/** How a registration the upstream answered with stands for the notice; null once it needs nothing more. */
export function noticeFor(
  registration: Registration,
  now: Date = new Date(),
): AwaitingNotice | null {
  if (registration.created !== null || !registration.emailadres) return null;
  const linkExpires = registration.confirmation?.linkExpires ?? null;
  return {
    state: "waiting",
    maskedEmail: maskEmail(registration.emailadres),
    linkUntil: linkExpires ? formatClockTime(linkExpires, now) : null,
    linkExpired: linkExpires !== null && new Date(linkExpires) <= now,
    releasedAt: registration.expires
      ? formatClockTime(registration.expires, now)
      : null,
    resend: Boolean(registration.confirmation),
  };
}
