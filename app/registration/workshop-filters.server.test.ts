import { describe, expect, it } from "vitest";
import type { Workshop } from "#contract";
import { filterOptions } from "./workshop-filters";
import {
  keptFilterOptions,
  listFilterOptions,
} from "./workshop-filters.server";

function workshop(
  id: number,
  domains: { display: string; labelColor: string }[],
  provider: string | null,
): Workshop {
  return {
    id,
    slug: `workshop-${id}`,
    display: `Workshop ${id}`,
    intro: "",
    description: "",
    image: null,
    availability: [],
    provider: provider ? { display: provider, image: null } : null,
    domeinen: domains,
  };
}

const zorg = { display: "Zorg & Welzijn", labelColor: "c62828" };
const techniek = { display: "Techniek", labelColor: "1565c0" };

describe("listFilterOptions", () => {
  it("gives what filterOptions gives", () => {
    const list = [workshop(1, [zorg], "ROC Domstad"), workshop(2, [], null)];
    expect(listFilterOptions(list)).toEqual(filterOptions(list));
  });

  it("works a list's options out once, for every view of a list with the same content", () => {
    const first = listFilterOptions([workshop(1, [zorg], "ROC")]);
    // Another answer with the same names and colours: fresh objects, the same options.
    const again = listFilterOptions([workshop(7, [{ ...zorg }], "ROC")]);
    expect(again).toBe(first);
  });

  it("makes new options when a name, a colour or a provider changes", () => {
    const first = listFilterOptions([workshop(1, [techniek], "ROC")]);
    const renamed = listFilterOptions([
      workshop(1, [{ ...techniek, display: "Technika" }], "ROC"),
    ]);
    const recoloured = listFilterOptions([
      workshop(1, [{ ...techniek, labelColor: "000000" }], "ROC"),
    ]);
    const otherProvider = listFilterOptions([
      workshop(1, [techniek], "Hogeschool"),
    ]);
    expect(renamed).not.toBe(first);
    expect(renamed.domains.map((option) => option.label)).toContain("Technika");
    expect(recoloured).not.toBe(first);
    expect(recoloured.domains.find((o) => o.label === "Techniek")?.color).toBe(
      "000000",
    );
    expect(otherProvider).not.toBe(first);
    expect(otherProvider.providers.map((o) => o.label)).toContain("Hogeschool");
  });

  it("keeps a bounded number of option sets whatever the upstream sends", () => {
    for (let i = 0; i < 1200; i++)
      listFilterOptions([
        workshop(1, [{ display: `Domein ${i}`, labelColor: "123456" }], null),
      ]);
    expect(keptFilterOptions()).toBeLessThanOrEqual(500);
  });
});
