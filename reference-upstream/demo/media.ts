/**
 * The demo pictures. Every /media/ path the demo data refers to is drawn as an SVG from what refers to it
 * (a logo from its owner's name, a workshop picture from its title and domain). Only those exact paths
 * answer, so a request can never reach anything else.
 */
import { buildDemoData } from "./data";
import { logoSvg, pictureSvg } from "./svg";
import type { DemoData } from "./types";

type Drawing =
  | { kind: "logo"; name: string; color: string }
  | {
      kind: "picture";
      title: string;
      caption: string;
      color: string;
      variant: number;
    };

const DEFAULT_COLOR = "663366";
/** Workshops without a domain. */
const NEUTRAL_COLOR = "374151";
/** Logo colours for schools and providers, which have no brand colour of their own in the data. */
const LOGO_PALETTE = [
  "1d4ed8",
  "047857",
  "9d174d",
  "6d28d9",
  "b45309",
  "0e7490",
  "3f6212",
  "be123c",
];

/** The same name always gets the same palette colour. */
function paletteColor(name: string): string {
  let sum = 0;
  for (const char of name) sum += char.codePointAt(0) ?? 0;
  return LOGO_PALETTE[sum % LOGO_PALETTE.length] ?? DEFAULT_COLOR;
}

function collectDrawings(data: DemoData): Map<string, Drawing> {
  const drawings = new Map<string, Drawing>();
  const add = (path: string | null, drawing: Drawing) => {
    if (path === null || !path.startsWith("/media/")) return;
    const existing = drawings.get(path);
    // Sites share workshop and provider pictures; one path must always show the same thing.
    if (existing && JSON.stringify(existing) !== JSON.stringify(drawing)) {
      throw new Error(
        `Demo media path ${path} is used for two different pictures`,
      );
    }
    drawings.set(path, drawing);
  };

  for (const site of data) {
    const siteColor = site.settings.primaryColor ?? DEFAULT_COLOR;
    add(site.settings.logo, {
      kind: "logo",
      name: site.settings.fullLocationName ?? site.name,
      color: siteColor,
    });
    for (const school of site.schools) {
      add(school.logo, {
        kind: "logo",
        name: school.display,
        color: paletteColor(school.display),
      });
    }
    for (const location of site.locations) {
      add(location.afbeelding, {
        kind: "picture",
        title: location.display,
        caption: location.plaats ?? "",
        color: siteColor,
        variant: 0,
      });
    }
    for (const workshop of site.workshops) {
      if (workshop.provider) {
        const { display, image } = workshop.provider;
        add(image, {
          kind: "logo",
          name: display,
          color: paletteColor(display),
        });
      }
      const domain = workshop.domeinen[0];
      const picture = {
        kind: "picture",
        title: workshop.display,
        caption: domain?.display ?? "Workshop",
        color: domain?.labelColor ?? NEUTRAL_COLOR,
      } as const;
      add(workshop.image, { ...picture, variant: 0 });
      workshop.gallery.forEach((path, index) =>
        add(path, {
          ...picture,
          caption: `Foto ${index + 1}`,
          variant: index + 1,
        }),
      );
    }
  }
  return drawings;
}

let drawings: Map<string, Drawing> | undefined;

export function renderMedia(
  path: string,
): { contentType: string; body: string } | null {
  drawings ??= collectDrawings(buildDemoData());
  const drawing = drawings.get(path);
  if (!drawing) return null;
  return {
    contentType: "image/svg+xml",
    body: drawing.kind === "logo" ? logoSvg(drawing) : pictureSvg(drawing),
  };
}
