/**
 * The demo data the reference upstream seeds its database with: the site definitions (sites.ts) with their
 * workshop picks turned into full workshops from the shared templates (catalog.ts).
 */
import {
  DOMAINS,
  PROVIDERS,
  WORKSHOPS,
  mediaPath,
  type WorkshopKey,
} from "./catalog";
import {
  SITES,
  type DayDefinition,
  type SiteDefinition,
  type WorkshopPick,
} from "./sites";
import { escapeXml } from "./svg";
import type {
  DemoOrientationDay,
  DemoSite,
  DemoWorkshop,
  DemoData,
} from "./types";

const PROVIDER_CLOSING =
  "Je krijgt deze workshop van docenten en studenten van";
const FIELD_CLOSING =
  "Deze workshop wordt gegeven door mensen die dit werk elke dag doen.";

/** Galleries alternate between three and two photos, so both lengths appear in the demo. */
function photoCount(key: WorkshopKey): number {
  return Object.keys(WORKSHOPS).indexOf(key) % 2 === 0 ? 3 : 2;
}

function provider(
  site: SiteDefinition,
  key: WorkshopKey,
): DemoWorkshop["provider"] {
  const level = WORKSHOPS[key].level;
  if (level === null) return null;
  const providerKey = site.providers[level];
  const { display, hasLogo } = PROVIDERS[providerKey];
  return { display, image: hasLogo ? mediaPath.provider(providerKey) : null };
}

function description(
  key: WorkshopKey,
  workshopProvider: DemoWorkshop["provider"],
): string {
  const template = WORKSHOPS[key];
  const closing = workshopProvider
    ? `${PROVIDER_CLOSING} ${workshopProvider.display}.`
    : FIELD_CLOSING;
  const field = template.domains[0] ?? "studiekeuze";
  return (
    `<p>${escapeXml(template.about)}</p>` +
    `<p><strong>Wat ga je doen?</strong></p>` +
    `<ul>${template.activities.map((activity) => `<li>${escapeXml(activity)}</li>`).join("")}</ul>` +
    `<p>${escapeXml(closing)} Meer over dit vakgebied lees je op ` +
    `<a href="https://www.beroepenkompas.example.nl/${field}">Beroepenkompas</a>.</p>`
  );
}

/** Seats per round of the day: the template's number unless the pick overrides it; null drops the round. */
function seats(day: DayDefinition, pick: WorkshopPick): Record<number, number> {
  const result: Record<number, number> = {};
  for (const { number } of day.rounds) {
    const override = pick.seats[number];
    if (override === null) continue;
    result[number] = override ?? WORKSHOPS[pick.key].seats;
  }
  return result;
}

function workshop(
  site: SiteDefinition,
  day: DayDefinition,
  pick: WorkshopPick,
): DemoWorkshop {
  const template = WORKSHOPS[pick.key];
  const workshopProvider = provider(site, pick.key);
  return {
    slug: pick.key,
    dayKey: day.key,
    display: template.display,
    intro: `<p>${escapeXml(template.intro)}</p>`,
    description: description(pick.key, workshopProvider),
    image: mediaPath.workshop(pick.key),
    gallery: Array.from({ length: photoCount(pick.key) }, (_, index) =>
      mediaPath.workshopPhoto(pick.key, index + 1),
    ),
    provider: workshopProvider,
    domeinen: template.domains.map((domain) => ({ ...DOMAINS[domain] })),
    seats: seats(day, pick),
  };
}

function orientationDay({
  workshops: _workshops,
  rounds,
  ...day
}: DayDefinition): DemoOrientationDay {
  const first = rounds[0];
  const last = rounds[rounds.length - 1];
  if (!first || !last)
    throw new Error(`Orientation day ${day.key} has no rounds`);
  return {
    ...day,
    start_time: first.startTime,
    end_time: last.endTime,
    rounds,
  };
}

function site(definition: SiteDefinition): DemoSite {
  const { providers: _providers, days, ...rest } = definition;
  return {
    ...rest,
    orientationDays: days.map(orientationDay),
    workshops: days.flatMap((day) =>
      day.workshops.map((pick) => workshop(definition, day, pick)),
    ),
  };
}

export function buildDemoData(): DemoData {
  // A deep copy, so a caller that changes the data cannot change the next call's answer.
  return structuredClone(SITES.map(site));
}
