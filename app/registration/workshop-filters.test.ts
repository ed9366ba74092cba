import { describe, expect, it } from "vitest";
import type { Workshop } from "#contract";
import {
  activeFilterCount,
  filterOptions,
  filterWorkshops,
  filtersToParams,
  foldText,
  htmlToText,
  knownFilters,
  matchesSearch,
  parseFilters,
  sameFilters,
  slugify,
} from "./workshop-filters";

function workshop(
  id: number,
  display: string,
  extra: Partial<Workshop> = {},
): Workshop {
  return {
    id,
    slug: slugify(display),
    display,
    intro: "<p>Een workshop.</p>",
    description: "",
    image: null,
    availability: [],
    provider: null,
    domeinen: [],
    ...extra,
  };
}

const zorg = { display: "Zorg & Welzijn", labelColor: "c62828" };
const techniek = { display: "Techniek", labelColor: "1565c0" };
const economie = { display: "Economie", labelColor: "2e7d32" };
const roc = { display: "ROC Domstad", image: null };
const hogeschool = { display: "Hogeschool Midden", image: null };

const WORKSHOPS = [
  workshop(1, "Verpleegkunde", { domeinen: [zorg], provider: roc }),
  workshop(2, "Robotica", {
    domeinen: [techniek],
    provider: hogeschool,
    intro: "<p>Bouw een r&#233;bot &amp; programmeer hem.</p>",
  }),
  workshop(3, "Financiële dienstverlening", {
    domeinen: [economie],
    provider: roc,
  }),
  workshop(4, "Studiekeuze", { intro: "<p>Oriëntatie op je keuze</p>" }),
  workshop(5, "Sport en gezondheid", { domeinen: [zorg, techniek] }),
];

const ids = (list: Workshop[]) => list.map((item) => item.id);
const none = new Set<number>();

describe("foldText and slugify", () => {
  it("ignores case and accents", () => {
    expect(foldText("Oriëntatie CAFÉ")).toBe("orientatie cafe");
  });
  it("makes URL values of names", () => {
    expect(slugify("Zorg & Welzijn")).toBe("zorg-welzijn");
    expect(slugify("  Financiële dienstverlening! ")).toBe(
      "financiele-dienstverlening",
    );
  });
});

describe("htmlToText", () => {
  it("drops tags and reads entities", () => {
    expect(htmlToText("<p>A&amp;B &#233;&#x41;</p>").trim()).toBe("A&B éA");
    expect(htmlToText("&unknown;")).toBe("&unknown;");
  });

  it("reads a reference beyond Unicode as the replacement character instead of throwing", () => {
    expect(htmlToText("a&#1114112;b&#x110000;c")).toBe("a\ufffdb\ufffdc");
  });
});

describe("parseFilters", () => {
  it("reads search, domains and providers from the URL", () => {
    const filters = parseFilters(
      new URLSearchParams(
        "q=+robot+&domein=techniek&domein=favorieten&domein=techniek&domein=&instelling=overige",
      ),
    );
    expect(filters).toEqual({
      search: "robot",
      domains: ["techniek", "favorieten"],
      providers: ["overige"],
    });
  });

  it("gives empty filters for an empty URL and bounds long input", () => {
    expect(parseFilters(new URLSearchParams())).toEqual({
      search: "",
      domains: [],
      providers: [],
    });
    const long = parseFilters(
      new URLSearchParams({ q: "x".repeat(500) }),
    ).search;
    expect(long).toHaveLength(100);
  });

  it("round-trips through filtersToParams", () => {
    const filters = {
      search: "zorg",
      domains: ["favorieten", "zorg-welzijn"],
      providers: ["roc-domstad"],
    };
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
    expect(
      filtersToParams({ search: "", domains: [], providers: [] }).size,
    ).toBe(0);
  });
});

describe("sameFilters", () => {
  const filters = {
    search: "bouw",
    domains: ["zorg-welzijn", "techniek"],
    providers: ["overige"],
  };
  it("takes the same values in another order as the same list", () => {
    expect(
      sameFilters(filters, {
        ...filters,
        domains: ["techniek", "zorg-welzijn"],
      }),
    ).toBe(true);
  });
  it("tells a list with one more or one other value, or another search, apart", () => {
    expect(
      sameFilters(filters, { ...filters, domains: ["zorg-welzijn"] }),
    ).toBe(false);
    expect(
      sameFilters(filters, {
        ...filters,
        domains: ["zorg-welzijn", "economie"],
      }),
    ).toBe(false);
    expect(sameFilters(filters, { ...filters, providers: [] })).toBe(false);
    expect(sameFilters(filters, { ...filters, search: "bou" })).toBe(false);
  });
});

describe("filterOptions", () => {
  it("lists 'Favorieten' first, then domains by name; providers by name, then 'Overige'", () => {
    const options = filterOptions(WORKSHOPS);
    expect(options.domains.map((option) => option.label)).toEqual([
      "Favorieten",
      "Economie",
      "Techniek",
      "Zorg & Welzijn",
    ]);
    expect(options.domains[3]).toEqual({
      value: "zorg-welzijn",
      label: "Zorg & Welzijn",
      color: "c62828",
    });
    expect(options.providers.map((option) => option.value)).toEqual([
      "hogeschool-midden",
      "roc-domstad",
      "overige",
    ]);
  });
});

describe("knownFilters and activeFilterCount", () => {
  it("keeps only values the list offers and counts the checked boxes", () => {
    const filters = knownFilters(
      {
        search: "x",
        domains: ["favorieten", "techniek", "onbekend"],
        providers: ["overige", "elders"],
      },
      filterOptions(WORKSHOPS),
    );
    expect(filters).toEqual({
      search: "x",
      domains: ["favorieten", "techniek"],
      providers: ["overige"],
    });
    expect(activeFilterCount(filters)).toBe(3);
    expect(activeFilterCount({ search: "q", domains: [], providers: [] })).toBe(
      0,
    );
  });
});

describe("matchesSearch", () => {
  const [verpleegkunde, robotica, financieel, studiekeuze, sport] =
    WORKSHOPS as [Workshop, Workshop, Workshop, Workshop, Workshop];

  it("matches the title ignoring case and accents, both ways", () => {
    expect(matchesSearch(financieel, "FINANCIELE")).toBe(true);
    expect(matchesSearch(financieel, "financiële")).toBe(true);
    expect(matchesSearch(robotica, "financiële")).toBe(false);
  });

  it("matches the intro's text, not its markup", () => {
    expect(matchesSearch(studiekeuze, "orientatie")).toBe(true);
    expect(matchesSearch(robotica, "rébot & programmeer")).toBe(true);
    expect(matchesSearch(robotica, "<p>")).toBe(false);
    expect(matchesSearch(robotica, "amp")).toBe(false);
  });

  it("matches provider and domain names", () => {
    expect(matchesSearch(verpleegkunde, "domstad")).toBe(true);
    expect(matchesSearch(sport, "welzijn")).toBe(true);
    expect(matchesSearch(studiekeuze, "domstad")).toBe(false);
  });

  it("needs every word somewhere; an empty search matches all", () => {
    expect(matchesSearch(robotica, "techniek robot")).toBe(true);
    expect(matchesSearch(robotica, "techniek zorg")).toBe(false);
    expect(matchesSearch(robotica, "   ")).toBe(true);
  });
});

describe("filterWorkshops", () => {
  const filter = (
    query: string,
    favourites: ReadonlySet<number> = none,
  ): number[] =>
    ids(
      filterWorkshops(
        WORKSHOPS,
        parseFilters(new URLSearchParams(query)),
        favourites,
      ),
    );

  it("keeps everything without filters, in order", () => {
    expect(filter("")).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps workshops in any checked domain", () => {
    expect(filter("domein=techniek")).toEqual([2, 5]);
    expect(filter("domein=techniek&domein=economie")).toEqual([2, 3, 5]);
  });

  it("'Favorieten' keeps the favourites, besides any checked domain", () => {
    expect(filter("domein=favorieten", new Set([4, 1]))).toEqual([1, 4]);
    expect(filter("domein=favorieten", none)).toEqual([]);
    expect(filter("domein=favorieten&domein=economie", new Set([4]))).toEqual([
      3, 4,
    ]);
  });

  it("keeps workshops of a checked provider; 'Overige' those without one", () => {
    expect(filter("instelling=roc-domstad")).toEqual([1, 3]);
    expect(filter("instelling=overige")).toEqual([4, 5]);
    expect(filter("instelling=overige&instelling=hogeschool-midden")).toEqual([
      2, 4, 5,
    ]);
  });

  it("needs both groups and the search to match", () => {
    expect(filter("domein=zorg-welzijn&instelling=overige")).toEqual([5]);
    expect(filter("domein=zorg-welzijn&q=verpleeg")).toEqual([1]);
    expect(filter("q=bestaat-niet")).toEqual([]);
  });
});
