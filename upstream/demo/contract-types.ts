// Re-exports the contract types the demo data uses, so the demo folder has one import point.
import type { SITE_NAMES } from "../../app/upstream/contract";

export type {
  Domein,
  Location,
  Page,
  Settings,
} from "../../app/upstream/contract";
export type SiteName = (typeof SITE_NAMES)[number];
