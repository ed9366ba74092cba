import { describe, expect, it } from "vitest";
import {
  DomeinSchema,
  LocationSchema,
  OrientationDaySchema,
  PageSchema,
  ProviderSchema,
  SITE_NAMES,
  SchoolSchema,
  SettingsSchema,
  WorkshopImageSchema,
  WorkshopSchema,
} from "#contract";
import { buildDemoData } from "./data";
import { renderMedia } from "./media";

const data = buildDemoData();

/** WCAG contrast ratio of a hex colour (without '#') against white. */
function contrastWithWhite(hex: string): number {
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928
      ? channel / 12.92
      : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

/** Checks that every tag is closed in order and no bare '&' or '<' is left in text. */
function isWellFormedXml(xml: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let position = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const text = xml.slice(position, match.index);
    if (/[<>]|&(?!(amp|lt|gt|quot|#\d+);)/.test(text)) return false;
    position = match.index + match[0].length;
    const [, closing, name = "", , selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return stack.length === 0 && position === xml.length;
}

describe("buildDemoData", () => {
  it("has every site exactly once", () => {
    expect(data.map((site) => site.name).sort()).toEqual(
      [...SITE_NAMES].sort(),
    );
  });

  it("is deterministic", () => {
    expect(buildDemoData()).toEqual(buildDemoData());
  });

  it("gives every site distinct, readable settings", () => {
    const colors = new Set<string>();
    for (const site of data) {
      const settings = SettingsSchema.parse(site.settings);
      expect(settings.primaryColor).not.toBeNull();
      expect(
        contrastWithWhite(settings.primaryColor ?? ""),
      ).toBeGreaterThanOrEqual(4.5);
      colors.add(settings.primaryColor ?? "");
      expect(site.supportEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    }
    expect(colors.size).toBe(data.length);
    expect(
      data.find((site) => site.name === "localhost")?.settings.primaryColor,
    ).toBe("663366");
  });

  it("has valid pages and locations", () => {
    for (const site of data) {
      const home = PageSchema.parse(site.pages.home).text ?? "";
      for (const markup of ["<p>", "<strong>", '<a href="https://', "<ul><li>"])
        expect(home).toContain(markup);
      const thanks = PageSchema.parse(site.pages.inschrijfformulier_bedankt);
      expect([thanks.title, thanks.intro, thanks.text]).not.toContain(null);
      expect(site.locations.length).toBeGreaterThanOrEqual(1);
      expect(site.locations.length).toBeLessThanOrEqual(3);
      for (const location of site.locations) LocationSchema.parse(location);
    }
  });

  it("has valid schools, one of them without a website", () => {
    for (const site of data) {
      expect(site.schools.length).toBeGreaterThanOrEqual(4);
      expect(site.schools.length).toBeLessThanOrEqual(8);
      site.schools.forEach((school, index) =>
        SchoolSchema.parse({ id: index + 1, ...school }),
      );
      expect(site.schools.some((school) => school.website === null)).toBe(true);
      expect(new Set(site.schools.map((school) => school.key)).size).toBe(
        site.schools.length,
      );
    }
  });

  it("has valid upcoming days with exactly one read-only day per site", () => {
    for (const site of data) {
      expect(site.orientationDays.length).toBeGreaterThanOrEqual(2);
      expect(site.orientationDays.filter((day) => day.readonly)).toHaveLength(
        1,
      );
      const schoolKeys = new Set(site.schools.map((school) => school.key));
      site.orientationDays.forEach((day, index) => {
        expect(day.daysFromToday).toBeGreaterThan(0);
        expect(day.rounds.length).toBeGreaterThanOrEqual(3);
        expect(day.rounds.length).toBeLessThanOrEqual(4);
        expect(day.start_time).toBe(day.rounds[0]?.startTime);
        expect(day.end_time).toBe(day.rounds.at(-1)?.endTime);
        for (const round of day.rounds)
          expect(round.startTime < round.endTime).toBe(true);
        expect(day.schoolKeys.length).toBeGreaterThan(0);
        for (const key of day.schoolKeys) expect(schoolKeys).toContain(key);
        const {
          rounds,
          daysFromToday: _days,
          schoolKeys: _schools,
          key: _key,
          ...fields
        } = day;
        OrientationDaySchema.parse({
          ...fields,
          id: index + 1,
          date: "2030-01-01",
          rondes: rounds.map((round) => ({ ...round, selection: null })),
        });
      });
    }
  });

  it("hides the address line of at least one day", () => {
    const incomplete = data
      .flatMap((site) => site.orientationDays)
      .filter((day) => !day.address || !day.postalCode || !day.city);
    expect(incomplete.length).toBeGreaterThan(0);
  });

  it("holds one slug on two days of one site, with other seats on each (the contract allows it)", () => {
    const localhost = data.find((site) => site.name === "localhost")!;
    const bouwkunde = localhost.workshops.filter(
      (workshop) => workshop.slug === "bouwkunde",
    );
    expect(bouwkunde.map((workshop) => workshop.dayKey)).toEqual([
      "utrecht-voorjaar",
      "utrecht-beroepenmiddag",
    ]);
    expect(bouwkunde[0]!.seats).not.toEqual(bouwkunde[1]!.seats);
    for (const site of data.filter((site) => site !== localhost))
      expect(
        new Set(site.workshops.map((workshop) => workshop.slug)).size,
      ).toBe(site.workshops.length);
  });

  it("has 20-40 workshops per site, 12 or more on the first day, with slugs unique per day", () => {
    for (const site of data) {
      expect(site.workshops.length).toBeGreaterThanOrEqual(20);
      expect(site.workshops.length).toBeLessThanOrEqual(40);
      const first = [...site.orientationDays].sort(
        (a, b) => a.daysFromToday - b.daysFromToday,
      )[0];
      expect(
        site.workshops.filter((workshop) => workshop.dayKey === first?.key)
          .length,
      ).toBeGreaterThanOrEqual(12);
      expect(
        new Set(
          site.workshops.map(
            (workshop) => `${workshop.dayKey}/${workshop.slug}`,
          ),
        ).size,
      ).toBe(site.workshops.length);
      const dayKeys = new Set(site.orientationDays.map((day) => day.key));
      for (const workshop of site.workshops)
        expect(dayKeys).toContain(workshop.dayKey);
    }
  });

  it("has workshops that validate as contract workshops", () => {
    for (const site of data) {
      site.workshops.forEach((workshop, index) => {
        const day = site.orientationDays.find(
          (candidate) => candidate.key === workshop.dayKey,
        );
        const roundNumbers = day?.rounds.map((round) => round.number) ?? [];
        for (const round of Object.keys(workshop.seats))
          expect(roundNumbers).toContain(Number(round));
        const { seats, gallery, dayKey: _dayKey, ...fields } = workshop;
        WorkshopSchema.parse({
          ...fields,
          id: index + 1,
          availability: Object.entries(seats).map(([round, count]) => ({
            round: Number(round),
            available: count > 0,
          })),
        });
        if (workshop.provider) ProviderSchema.parse(workshop.provider);
        for (const domein of workshop.domeinen) {
          DomeinSchema.parse(domein);
          expect(contrastWithWhite(domein.labelColor)).toBeGreaterThanOrEqual(
            4.5,
          );
        }
        expect(gallery.length).toBeGreaterThanOrEqual(2);
        for (const fileName of gallery) WorkshopImageSchema.parse({ fileName });
        expect(workshop.intro).toMatch(/^<p>.+<\/p>$/);
        expect(workshop.description).toMatch(/<ul>.*<a href="https:\/\//);
      });
    }
  });

  it("offers varied seats: mostly 15-30, some rounds not offered, full or nearly full", () => {
    const all = data.flatMap((site) => site.workshops);
    const counts = all.flatMap((workshop) => Object.values(workshop.seats));
    expect(
      counts.filter((count) => count >= 15 && count <= 30).length /
        counts.length,
    ).toBeGreaterThan(0.8);
    expect(counts).toContain(0);
    expect(counts.some((count) => count === 1 || count === 2)).toBe(true);
    for (const site of data) {
      const offeredEverywhere = site.workshops.every((workshop) => {
        const day = site.orientationDays.find(
          (candidate) => candidate.key === workshop.dayKey,
        );
        return Object.keys(workshop.seats).length === day?.rounds.length;
      });
      expect(offeredEverywhere).toBe(false);
    }
  });

  it("gives every site workshops with and without a provider", () => {
    for (const site of data) {
      expect(
        site.workshops.some((workshop) => workshop.provider === null),
      ).toBe(true);
      expect(
        site.workshops.some((workshop) => workshop.provider !== null),
      ).toBe(true);
    }
  });
});

describe("renderMedia", () => {
  const referenced = [
    ...new Set(JSON.stringify(data).match(/\/media\/[^"\\]+/g) ?? []),
  ];

  it("draws every /media/ path the data refers to as an accessible SVG", () => {
    expect(referenced.length).toBeGreaterThan(100);
    for (const path of referenced) {
      const media = renderMedia(path);
      expect(media, path).not.toBeNull();
      expect(media?.contentType).toBe("image/svg+xml");
      const body = media?.body ?? "";
      expect(body.startsWith("<svg")).toBe(true);
      expect(body.endsWith("</svg>")).toBe(true);
      expect(body).toMatch(
        /^<svg [^>]*width="\d+" height="\d+" viewBox="0 0 \d+ \d+" role="img">/,
      );
      expect(body).toMatch(/<title>[^<]+<\/title>/);
      expect(isWellFormedXml(body), path).toBe(true);
      expect(body.length).toBeLessThan(4000);
    }
  });

  it("escapes text in pictures", () => {
    const horeca = renderMedia("/media/workshops/horeca.svg")?.body ?? "";
    expect(horeca).toContain("Horeca &amp; gastvrijheid");
  });

  it("answers null for anything else", () => {
    for (const path of [
      "/media/../etc/passwd",
      "/media/logos/../../etc/passwd",
      "/media/logos/unknown.svg",
      "/media/logos/venlo.png",
      "/media/",
      "/etc/passwd",
      "media/logos/venlo.svg",
      "/media/logos/venlo.svg?x=1",
    ]) {
      expect(renderMedia(path), path).toBeNull();
    }
    expect(renderMedia("/media/logos/venlo.svg")).not.toBeNull();
  });

  it("draws the site logo with the site's name and colour", () => {
    const logo = renderMedia("/media/logos/studiemarkt013.svg")?.body ?? "";
    expect(logo).toContain("Studiemarkt 013");
    expect(logo).toContain("#0f766e");
  });
});
