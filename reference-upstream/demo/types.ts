/**
 * The shape of the reference upstream's demo data: readable records that refer to each other by key.
 * The upstream's database gives them numeric ids when it is seeded.
 */
import type {
  Domein,
  Location,
  Page,
  Settings,
  SiteName,
} from "./contract-types";

export interface DemoSchool {
  key: string;
  display: string;
  /** /media/… path or https URL */
  logo: string | null;
  website: string | null;
}

export interface DemoRound {
  number: number;
  startTime: string; // HH:MM
  endTime: string; // HH:MM
}

export interface DemoOrientationDay {
  key: string;
  /** Whole days after the seeding date, so the demo never goes stale. */
  daysFromToday: number;
  start_time: string; // HH:MM
  end_time: string; // HH:MM
  schoolDisplay: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  display: string;
  readonly: boolean;
  rounds: DemoRound[];
  /** Schools whose pupils can register for this day. */
  schoolKeys: string[];
}

export interface DemoWorkshop {
  slug: string;
  dayKey: string;
  display: string;
  intro: string; // HTML
  description: string; // HTML
  image: string | null;
  gallery: string[];
  provider: { display: string; image: string | null } | null;
  domeinen: Domein[];
  /** Seats per round number; a round missing here is not offered, 0 means full from the start. */
  seats: Record<number, number>;
}

export interface DemoSite {
  /** Host sub-name: localhost, venlo, studiekeuze-event-040 or studiemarkt013. */
  name: SiteName;
  /** Address questions from the contact form are mailed to. */
  supportEmail: string;
  settings: Settings;
  /**
   * `privacy` and `toegankelijkheid` are optional, as in the contract: the school's own privacy statement, and its
   * own part of the accessibility statement (contact person, its own checks, signature).
   */
  pages: Record<"home" | "inschrijfformulier_bedankt", Page> & {
    privacy?: Page;
    toegankelijkheid?: Page;
  };
  locations: Location[];
  schools: DemoSchool[];
  orientationDays: DemoOrientationDay[];
  workshops: DemoWorkshop[];
}

export type DemoData = DemoSite[];
