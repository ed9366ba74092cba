/**
 * What the reference upstream does, free of HTTP, one file per resource: sites and catalogue, registrations and
 * seats, tokens and mail. They share the statement helpers (db-access.ts) and the loaded registration (common.ts).
 */
import type { Db } from "../db";
import { createCatalogue } from "./catalogue";
import { createCommon } from "./common";
import type { ServiceConfig } from "./db-access";
import { createDbAccess } from "./db-access";
import { createRegistrations } from "./registrations";
import { createTokensAndMail } from "./tokens-and-mail";

export { HttpError, NO_CONTENT } from "./db-access";
export type { NoContent, ServiceConfig, SiteRow } from "./db-access";

export function createService(db: Db, config: ServiceConfig) {
  const access = createDbAccess(db, config);
  const common = createCommon(access);
  return {
    ...createCatalogue(access, common),
    ...createRegistrations(access, common),
    ...createTokensAndMail(access, common),
  };
}

export type Service = ReturnType<typeof createService>;
