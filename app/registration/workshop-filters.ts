/**
 * Search and filters of the workshop list (spec "EventSelection"), as pure functions of the URL's search
 * parameters and the workshops, so a filtered list is a bookmarkable address and the rules are unit-tested.
 *
 * Parameters: `q` (search text), `domein` (repeated; a domain's slug, or `favorieten`), `instelling` (repeated;
 * a provider's slug, or `overige` for workshops without a provider). Domains and providers have no id in the
 * contract, so their slug is made from the display name. Within a group any checked value matches (a workshop
 * in one of the chosen domains, or a favourite when 'Favorieten' is checked); both groups must match; every word
 * of the search must appear in the title, the intro, the provider or a domain name, ignoring case and accents.
 */
import type { Workshop } from "#contract";
import { FILTERS } from "~/messages";

export const SEARCH_PARAM = "q";
export const DOMAIN_PARAM = "domein";
export const PROVIDER_PARAM = "instelling";
export const FAVOURITES_VALUE = "favorieten";
export const OTHER_PROVIDER_VALUE = "overige";

/** Longer search text is cut off: no title is this long, and it bounds the work per request. */
const MAX_SEARCH_LENGTH = 100;
/** More values than any list has options; a hand-made URL cannot make the server loop over thousands. */
const MAX_VALUES = 50;

export interface WorkshopFilters {
  search: string;
  /** Checked domain values (slugs and possibly `favorieten`), in URL order. */
  domains: string[];
  /** Checked provider values (slugs and possibly `overige`), in URL order. */
  providers: string[];
}

export interface FilterOption {
  value: string;
  label: string;
  /** A domain's label colour (hex without '#'); absent for providers and 'Favorieten'. */
  color?: string;
}

export interface FilterOptions {
  /** 'Favorieten' first, then the domains of the workshops by name. */
  domains: FilterOption[];
  /** The providers of the workshops by name, then 'Overige'. */
  providers: FilterOption[];
}

/** Lower case without accents: "Oriëntatie" and "orientatie" compare equal. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A URL value for a name: "Zorg & Welzijn" → "zorg-welzijn". */
export function slugify(name: string): string {
  return foldText(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The character of a numeric reference; one beyond Unicode (`&#1114112;`) is the replacement character, as in HTML. */
function codePoint(code: number): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff
    ? String.fromCodePoint(code)
    : "\ufffd";
}

/** The text of an HTML fragment, for matching: tags dropped, common entities read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X"))
        return codePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return codePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

function unique(values: string[]): string[] {
  return [...new Set(values)].slice(0, MAX_VALUES);
}

/** The filters in a URL's search parameters; empty values are dropped, duplicates counted once. */
export function parseFilters(params: URLSearchParams): WorkshopFilters {
  const clean = (values: string[]) =>
    unique(values.map((value) => value.trim()).filter(Boolean));
  return {
    search: (params.get(SEARCH_PARAM) ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    domains: clean(params.getAll(DOMAIN_PARAM)),
    providers: clean(params.getAll(PROVIDER_PARAM)),
  };
}

/** Whether two sets of filters select the same list: the same search and the same values checked, in any order. */
export function sameFilters(a: WorkshopFilters, b: WorkshopFilters): boolean {
  const same = (x: string[], y: string[]) =>
    x.length === y.length && x.every((value) => y.includes(value));
  return (
    a.search === b.search &&
    same(a.domains, b.domains) &&
    same(a.providers, b.providers)
  );
}

/** The checkboxes the workshops call for. */
export function filterOptions(workshops: Workshop[]): FilterOptions {
  const domains = new Map<string, FilterOption>();
  const providers = new Map<string, FilterOption>();
  for (const workshop of workshops) {
    for (const domain of workshop.domeinen) {
      const value = slugify(domain.display);
      if (value && value !== FAVOURITES_VALUE && !domains.has(value))
        domains.set(value, {
          value,
          label: domain.display,
          color: domain.labelColor,
        });
    }
    if (workshop.provider) {
      const value = slugify(workshop.provider.display);
      if (value && value !== OTHER_PROVIDER_VALUE && !providers.has(value))
        providers.set(value, { value, label: workshop.provider.display });
    }
  }
  const byLabel = (a: FilterOption, b: FilterOption) =>
    a.label.localeCompare(b.label, "nl");
  return {
    domains: [
      { value: FAVOURITES_VALUE, label: FILTERS.favourites },
      ...[...domains.values()].sort(byLabel),
    ],
    providers: [
      ...[...providers.values()].sort(byLabel),
      { value: OTHER_PROVIDER_VALUE, label: FILTERS.otherProvider },
    ],
  };
}

/**
 * Only the checked values that are options of this list: a bookmark from another day or a hand-made URL
 * neither counts nor empties the list with a filter no one can see or uncheck.
 */
export function knownFilters(
  filters: WorkshopFilters,
  options: FilterOptions,
): WorkshopFilters {
  const domainValues = new Set(options.domains.map((option) => option.value));
  const providerValues = new Set(
    options.providers.map((option) => option.value),
  );
  return {
    search: filters.search,
    domains: filters.domains.filter((value) => domainValues.has(value)),
    providers: filters.providers.filter((value) => providerValues.has(value)),
  };
}

/** How many checkboxes are checked: the number beside 'Filters'. The search is not a filter. */
export function activeFilterCount(filters: WorkshopFilters): number {
  return filters.domains.length + filters.providers.length;
}

function searchableText(workshop: Workshop): string {
  return foldText(
    [
      workshop.display,
      htmlToText(workshop.intro),
      workshop.provider?.display ?? "",
      ...workshop.domeinen.map((domain) => domain.display),
    ].join(" "),
  );
}

/** Whether every word of the search appears in the workshop's title, intro, provider or domain names. */
export function matchesSearch(workshop: Workshop, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchableText(workshop);
  return words.every((word) => text.includes(word));
}

function matchesDomains(
  workshop: Workshop,
  domains: string[],
  favourites: ReadonlySet<number>,
): boolean {
  if (domains.length === 0) return true;
  if (domains.includes(FAVOURITES_VALUE) && favourites.has(workshop.id))
    return true;
  return workshop.domeinen.some((domain) =>
    domains.includes(slugify(domain.display)),
  );
}

function matchesProviders(workshop: Workshop, providers: string[]): boolean {
  if (providers.length === 0) return true;
  if (!workshop.provider) return providers.includes(OTHER_PROVIDER_VALUE);
  return providers.includes(slugify(workshop.provider.display));
}

/** The workshops the search and filters leave, in their original order. */
export function filterWorkshops(
  workshops: Workshop[],
  filters: WorkshopFilters,
  favourites: ReadonlySet<number>,
): Workshop[] {
  return workshops.filter(
    (workshop) =>
      matchesDomains(workshop, filters.domains, favourites) &&
      matchesProviders(workshop, filters.providers) &&
      matchesSearch(workshop, filters.search),
  );
}

/** The search parameters of the filters, for links that keep the list as it is. */
export function filtersToParams(filters: WorkshopFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set(SEARCH_PARAM, filters.search);
  for (const value of filters.domains) params.append(DOMAIN_PARAM, value);
  for (const value of filters.providers) params.append(PROVIDER_PARAM, value);
  return params;
}
