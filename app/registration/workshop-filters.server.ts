/**
 * The filter options of a day's workshop list, worked out once per list content rather than on every view of
 * /workshops: every visitor of a day and school sees the same list, and making the options folds and slugifies every
 * domain and provider name (workshop-filters.ts).
 */
import { LRUCache } from "lru-cache";
import type { Workshop } from "#contract";
import { filterOptions } from "./workshop-filters";
import type { FilterOptions } from "./workshop-filters";

/**
 * Keyed by what the options are made of (each workshop's domain names and colours and its provider's name), so a
 * changed list makes new options at once. A few lists per site and day; the size bound holds whatever the upstream
 * sends.
 */
const made = new LRUCache<string, FilterOptions>({
  max: 500,
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_options, key) => key.length,
});

function contentKey(workshops: readonly Workshop[]): string {
  return JSON.stringify(
    workshops.map((workshop) => [
      workshop.domeinen.map((domain) => [domain.display, domain.labelColor]),
      workshop.provider?.display ?? null,
    ]),
  );
}

/** filterOptions(workshops), shared by every view of a list with the same content. Read-only: do not change it. */
export function listFilterOptions(workshops: Workshop[]): FilterOptions {
  const key = contentKey(workshops);
  let options = made.get(key);
  if (options === undefined) {
    options = filterOptions(workshops);
    made.set(key, options);
  }
  return options;
}

/** How many option sets are kept (for tests). */
export function keptFilterOptions(): number {
  return made.size;
}
