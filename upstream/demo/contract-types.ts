// Re-exports the contract types the demo data uses, so the demo folder has one import point.
export type { Domein, Location, Page, Settings } from "../../app/upstream/contract";
export type SiteName = (typeof import("../../app/upstream/contract").SITE_NAMES)[number];
