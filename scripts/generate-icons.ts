/**
 * Writes the icon sprite (app/components/ui/icons.svg) from Lucide's own drawings of the icons the app lists
 * (icon-names.ts). `npm run icons` regenerates it after the list or lucide-react changes; a unit test fails when
 * the committed sprite differs from what this builds.
 *
 * The symbols carry no fill or stroke of their own: a <use> inherits them from its <svg>, so the classes on an
 * icon (a filled star) work as they did on lucide-react's inline SVG.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as lucide from "lucide-react";
import { ICON_NAMES, iconId } from "../app/components/ui/icon-names";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

interface IconModule {
  __iconData?: { name: string; size?: number; node: IconNode };
}

export const SPRITE_PATH = fileURLToPath(
  new URL("../app/components/ui/icons.svg", import.meta.url),
);

function escapeAttribute(value: string | number): string {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;");
}

/** Lucide's drawing of one icon. A name that is an alias (CircleAlert) leads to the icon it stands for. */
async function iconData(name: string) {
  const component = (lucide as Record<string, unknown>)[name] as
    { displayName?: string } | undefined;
  if (!component?.displayName)
    throw new Error(`lucide-react has no icon ${name}`);
  const canonical = iconId(component.displayName);
  const module = (await import(
    `lucide-react/icons/${canonical}`
  )) as IconModule;
  const data = module.__iconData;
  if (data?.name !== canonical)
    throw new Error(`no icon data for ${name} (${canonical}) in lucide-react`);
  return data;
}

export async function buildSprite(): Promise<string> {
  const symbols: string[] = [];
  for (const name of [...ICON_NAMES].sort()) {
    const data = await iconData(name);
    const size = data.size ?? 24;
    const children = data.node
      .map(([tag, attributes]) => {
        const written = Object.entries(attributes)
          // `key` is React's, not the drawing's.
          .filter(([attribute]) => attribute !== "key")
          .map(
            ([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`,
          )
          .join("");
        return `<${tag}${written}/>`;
      })
      .join("");
    symbols.push(
      `<symbol id="${iconId(name)}" viewBox="0 0 ${size} ${size}">${children}</symbol>`,
    );
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    "<!-- Lucide icons (https://lucide.dev, ISC licence), written by `npm run icons`: do not edit. -->",
    ...symbols,
    "</svg>",
    "",
  ].join("\n");
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  writeFileSync(SPRITE_PATH, await buildSprite());
  console.log(`wrote ${SPRITE_PATH}`);
}
