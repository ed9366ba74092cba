/**
 * What the reference upstream does, free of HTTP, one file per job: sites and catalogue (catalogue.ts), a
 * registration's school and choices (registrations.ts), sending and confirming it (confirmation.ts), logging in
 * by link (login.ts), the contact page's questions (support.ts), the waiting list (waitlist.ts). They share the
 * statement helpers (db-access.ts), the loaded registration (live-registration.ts) with its answer
 * (registration-view.ts), the mailed links' tokens (tokens.ts) and the counted limits (limits.ts).
 */
import type { Db } from "../db";
import { createCatalogue } from "./catalogue";
import { createConfirmation } from "./confirmation";
import type { ServiceConfig } from "./db-access";
import { createDbAccess } from "./db-access";
import { createLimits } from "./limits";
import { createLiveRegistration } from "./live-registration";
import { createLogin } from "./login";
import { createRegistrations } from "./registrations";
import { createSupport } from "./support";
import { createTokens } from "./tokens";
import { createWaitlist } from "./waitlist";

export { HttpError, NO_CONTENT } from "./db-access";
export type { NoContent, ServiceConfig, SiteRow } from "./db-access";

export function createService(db: Db, config: ServiceConfig) {
  const access = createDbAccess(db, config);
  // Every released seat goes to the waiting list, which itself needs the registration's views; the callback
  // runs only during calls, once both exist.
  const live = createLiveRegistration(access, (seats) =>
    waitlist.fillFreedSeats(seats),
  );
  const waitlist = createWaitlist(access, live);
  const tokens = createTokens(access, live);
  const limits = createLimits(access);
  return {
    ...createCatalogue(access, live),
    ...createRegistrations(access, live),
    ...createConfirmation(access, live, tokens, limits),
    ...createLogin(access, live, tokens, limits),
    ...createSupport(access, limits),
    waitlistJoin: waitlist.join,
    waitlistLeave: waitlist.leave,
  };
}

export type Service = ReturnType<typeof createService>;
