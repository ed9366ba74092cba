/**
 * Search and filters of the workshop list (spec "EventSelection"). They live in the URL (`q`, `domein`,
 * `instelling`), so a filtered list can be bookmarked and the back button restores it.
 *
 * Within a group the checked options widen the list (any of them), between groups they narrow it (all groups).
 * 'Favorieten' is an option of the Domeinen group, as the spec lists it there; 'Overige' of the Instellingen group
 * stands for the workshops without a provider.
 */
import type { Workshop } from "~/upstream/contract";

export const FILTER_PARAMS = {
  search: "q",
  domain: "domein",
  provider: "instelling",
} as const;

/** The values of the two special options. */
export const FAVOURITES_OPTION = "favorieten";
export const OTHER_PROVIDERS_OPTION = "overige";

export interface WorkshopFilters {
  search: string;
  /** Domain display names. */
  domains: string[];
  favourites: boolean;
  /** Provider display names. */
  providers: string[];
  otherProviders: boolean;
}

export function parseFilters(params: URLSearchParams): WorkshopFilters {
  const domains = params.getAll(FILTER_PARAMS.domain);
  const providers = params.getAll(FILTER_PARAMS.provider);
  return {
    search: (params.get(FILTER_PARAMS.search) ?? "").trim(),
    domains: unique(domains.filter((value) => value !== FAVOURITES_OPTION)),
    favourites: domains.includes(FAVOURITES_OPTION),
    providers: unique(
      providers.filter((value) => value !== OTHER_PROVIDERS_OPTION),
    ),
    otherProviders: providers.includes(OTHER_PROVIDERS_OPTION),
  };
}

/** The number the filters badge shows: checked options (the search is not a filter). */
export function activeFilterCount(filters: WorkshopFilters): number {
  return (
    filters.domains.length +
    filters.providers.length +
    Number(filters.favourites) +
    Number(filters.otherProviders)
  );
}

/** The query string of these filters, in a stable order ("" when there are none). */
export function filtersQuery(filters: WorkshopFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set(FILTER_PARAMS.search, filters.search);
  if (filters.favourites)
    params.append(FILTER_PARAMS.domain, FAVOURITES_OPTION);
  for (const domain of filters.domains)
    params.append(FILTER_PARAMS.domain, domain);
  for (const provider of filters.providers)
    params.append(FILTER_PARAMS.provider, provider);
  if (filters.otherProviders)
    params.append(FILTER_PARAMS.provider, OTHER_PROVIDERS_OPTION);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Lower case without accents or markup, so 'financiele' finds 'Financiële' and tags never match. */
export function normaliseText(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

type Searchable = Pick<Workshop, "display" | "intro" | "provider" | "domeinen">;

/** Every word of the search occurs in the title, intro, provider or a domain name. */
export function matchesSearch(workshop: Searchable, search: string): boolean {
  const words = normaliseText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normaliseText(
    [
      workshop.display,
      workshop.intro,
      workshop.provider?.display ?? "",
      ...workshop.domeinen.map((domain) => domain.display),
    ].join(" "),
  );
  return words.every((word) => haystack.includes(word));
}

type Filterable = Searchable & Pick<Workshop, "id">;

export function matchesFilters(
  workshop: Filterable,
  filters: WorkshopFilters,
  favourites: ReadonlySet<number>,
): boolean {
  const domainGroup = filters.domains.length > 0 || filters.favourites;
  if (
    domainGroup &&
    !(
      (filters.favourites && favourites.has(workshop.id)) ||
      workshop.domeinen.some((domain) =>
        filters.domains.includes(domain.display),
      )
    )
  )
    return false;
  const providerGroup = filters.providers.length > 0 || filters.otherProviders;
  if (
    providerGroup &&
    !(workshop.provider
      ? filters.providers.includes(workshop.provider.display)
      : filters.otherProviders)
  )
    return false;
  return matchesSearch(workshop, filters.search);
}

export function filterWorkshops<W extends Filterable>(
  workshops: readonly W[],
  filters: WorkshopFilters,
  favourites: ReadonlySet<number>,
): W[] {
  return workshops.filter((workshop) =>
    matchesFilters(workshop, filters, favourites),
  );
}

export interface FilterOptions {
  /** Domain names with their label colour, alphabetical. */
  domains: { display: string; labelColor: string }[];
  /** Provider names, alphabetical. */
  providers: string[];
  /** Whether any workshop has no provider ('Overige' is offered then). */
  otherProviders: boolean;
}

/** The options the filters offer: those that occur in the day's workshops. */
export function filterOptions(workshops: readonly Workshop[]): FilterOptions {
  const domains = new Map<string, string>();
  const providers = new Set<string>();
  let otherProviders = false;
  for (const workshop of workshops) {
    for (const domain of workshop.domeinen)
      domains.set(domain.display, domain.labelColor);
    if (workshop.provider) providers.add(workshop.provider.display);
    else otherProviders = true;
  }
  const collator = new Intl.Collator("nl-NL");
  return {
    domains: [...domains]
      .map(([display, labelColor]) => ({ display, labelColor }))
      .sort((a, b) => collator.compare(a.display, b.display)),
    providers: [...providers].sort(collator.compare),
    otherProviders,
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}
