/**
 * What the reference upstream does, free of HTTP, one file per resource: sites and catalogue, registrations and
 * seats, tokens and mail, the waiting list. They share the statement helpers (db-access.ts) and the loaded
 * registration (common.ts).
 */
import type { Db } from "../db";
import { createCatalogue } from "./catalogue";
import { createCommon } from "./common";
import type { ServiceConfig } from "./db-access";
import { createDbAccess } from "./db-access";
import { createRegistrations } from "./registrations";
import { createTokensAndMail } from "./tokens-and-mail";
import { createWaitlist } from "./waitlist";

export { HttpError, NO_CONTENT } from "./db-access";
export type { NoContent, ServiceConfig, SiteRow } from "./db-access";

export function createService(db: Db, config: ServiceConfig) {
  const access = createDbAccess(db, config);
  // Every released seat goes to the waiting list, which itself needs common's registration views; the callback
  // runs only during calls, once both exist.
  const common = createCommon(access, (seats) =>
    waitlist.fillFreedSeats(seats),
  );
  const waitlist = createWaitlist(access, common);
  return {
    ...createCatalogue(access, common),
    ...createRegistrations(access, common),
    ...createTokensAndMail(access, common),
    waitlistJoin: waitlist.join,
    waitlistLeave: waitlist.leave,
  };
}

export type Service = ReturnType<typeof createService>;
