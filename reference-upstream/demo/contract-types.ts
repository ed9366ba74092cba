// Re-exports the contract types the demo data uses, so the demo folder has one import point.
import type { SITE_NAMES } from "#contract";

export type { Domein, Location, Page, Settings } from "#contract";
export type SiteName = (typeof SITE_NAMES)[number];
