import { describe, expect, it } from "vitest";
import type { Workshop } from "~/upstream/contract";
import {
  activeFilterCount,
  filterOptions,
  filtersQuery,
  filterWorkshops,
  matchesSearch,
  normaliseText,
  parseFilters,
} from "./workshop-filters";

function workshop(overrides: Partial<Workshop> & { id: number }): Workshop {
  return {
    slug: `w-${overrides.id}`,
    display: `Workshop ${overrides.id}`,
    intro: "",
    description: "",
    image: null,
    availability: [],
    provider: null,
    domeinen: [],
    ...overrides,
  };
}

const zorg = { display: "Zorg & Welzijn", labelColor: "be123c" };
const techniek = { display: "Techniek", labelColor: "1d4ed8" };
const roc = { display: "ROC Domstad", image: null };
const hogeschool = { display: "Hogeschool Midden", image: null };

const workshops = [
  workshop({
    id: 1,
    display: "Financiële dienstverlening",
    domeinen: [zorg],
    provider: roc,
  }),
  workshop({
    id: 2,
    display: "Robotica",
    intro: "<p>Bouw een <strong>robot</strong> die sorteert.</p>",
    domeinen: [techniek],
    provider: hogeschool,
  }),
  workshop({ id: 3, display: "Studiekeuze", domeinen: [] }),
];

const none = new Set<number>();
const ids = (list: Workshop[]) => list.map((entry) => entry.id);

describe("parseFilters", () => {
  it("reads the search, domains, favourites, providers and 'Overige' from the URL", () => {
    const filters = parseFilters(
      new URLSearchParams(
        "q=+robot+&domein=favorieten&domein=Techniek&domein=Techniek&instelling=ROC+Domstad&instelling=overige",
      ),
    );
    expect(filters).toEqual({
      search: "robot",
      domains: ["Techniek"],
      favourites: true,
      providers: ["ROC Domstad"],
      otherProviders: true,
    });
    expect(activeFilterCount(filters)).toBe(4);
  });

  it("counts nothing for an empty URL, and the search is not a filter", () => {
    expect(activeFilterCount(parseFilters(new URLSearchParams("q=x")))).toBe(0);
  });

  it("writes the filters back as a query string that parses to the same filters", () => {
    const params = new URLSearchParams(
      "instelling=overige&domein=Zorg+%26+Welzijn&q=zorg&domein=favorieten",
    );
    const query = filtersQuery(parseFilters(params));
    expect(query).toBe(
      "?q=zorg&domein=favorieten&domein=Zorg+%26+Welzijn&instelling=overige",
    );
    expect(parseFilters(new URLSearchParams(query))).toEqual(
      parseFilters(params),
    );
    expect(filtersQuery(parseFilters(new URLSearchParams()))).toBe("");
  });
});

describe("search", () => {
  it("ignores case and accents, both ways", () => {
    expect(normaliseText("Financiële")).toBe("financiele");
    expect(matchesSearch(workshops[0]!, "FINANCIELE")).toBe(true);
    expect(
      matchesSearch(workshop({ id: 9, display: "Financiele" }), "financiële"),
    ).toBe(true);
  });

  it("finds words in the intro's text but not in its markup", () => {
    expect(matchesSearch(workshops[1]!, "sorteert")).toBe(true);
    expect(matchesSearch(workshops[1]!, "strong")).toBe(false);
  });

  it("finds provider and domain names", () => {
    expect(
      ids(
        filterWorkshops(
          workshops,
          parseFilters(new URLSearchParams("q=hogeschool")),
          none,
        ),
      ),
    ).toEqual([2]);
    expect(
      ids(
        filterWorkshops(
          workshops,
          parseFilters(new URLSearchParams("q=welzijn")),
          none,
        ),
      ),
    ).toEqual([1]);
  });

  it("needs every word", () => {
    expect(matchesSearch(workshops[1]!, "robot midden")).toBe(true);
    expect(matchesSearch(workshops[1]!, "robot zorg")).toBe(false);
  });
});

describe("filterWorkshops", () => {
  const filter = (query: string, favourites = none) =>
    ids(
      filterWorkshops(
        workshops,
        parseFilters(new URLSearchParams(query)),
        favourites,
      ),
    );

  it("shows everything without filters", () => {
    expect(filter("")).toEqual([1, 2, 3]);
  });

  it("widens within a group", () => {
    expect(filter("domein=Techniek&domein=Zorg+%26+Welzijn")).toEqual([1, 2]);
    expect(filter("domein=Techniek&domein=favorieten", new Set([3]))).toEqual([
      2, 3,
    ]);
  });

  it("narrows between groups", () => {
    expect(filter("domein=Techniek&instelling=ROC+Domstad")).toEqual([]);
    expect(filter("domein=Techniek&instelling=Hogeschool+Midden")).toEqual([2]);
  });

  it("'Favorieten' keeps the favourites only", () => {
    expect(filter("domein=favorieten", new Set([1, 3]))).toEqual([1, 3]);
    expect(filter("domein=favorieten")).toEqual([]);
  });

  it("'Overige' keeps the workshops without a provider", () => {
    expect(filter("instelling=overige")).toEqual([3]);
    expect(filter("instelling=overige&instelling=ROC+Domstad")).toEqual([1, 3]);
  });

  it("combines search and filters", () => {
    expect(filter("q=robot&domein=Zorg+%26+Welzijn")).toEqual([]);
  });
});

describe("filterOptions", () => {
  it("offers the domains and providers that occur, sorted, and 'Overige' only when needed", () => {
    expect(filterOptions(workshops)).toEqual({
      domains: [techniek, zorg],
      providers: ["Hogeschool Midden", "ROC Domstad"],
      otherProviders: true,
    });
    expect(filterOptions(workshops.slice(0, 2)).otherProviders).toBe(false);
  });
});
