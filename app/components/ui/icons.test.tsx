import { readFileSync } from "node:fs";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "~/components/ui/icons";
import { describe, expect, it } from "vitest";
import { buildSprite, SPRITE_PATH } from "../../../scripts/generate-icons";
import { ICON_NAMES, iconId } from "./icon-names";
import * as icons from "./icons";

/** The attributes of the outer <svg> in the markup. */
function svgAttributes(markup: string): Map<string, string> {
  const tag = /^<svg([^>]*)>/.exec(markup)?.[1] ?? "";
  return new Map(
    [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(
      ([, name, value]) => [name!, value!] as const,
    ),
  );
}

function render(component: unknown): string {
  return renderToStaticMarkup(
    createElement(component as ComponentType<Record<string, string>>, {
      "aria-hidden": "true",
      className: "size-5 fill-amber-400",
    }),
  );
}

describe("the icon sprite", () => {
  it("is what `npm run icons` builds from lucide-react (run it after changing the list or lucide-react)", async () => {
    expect(readFileSync(SPRITE_PATH, "utf8")).toBe(await buildSprite());
  });

  it("has a component for every listed icon and no other", () => {
    expect(Object.keys(icons).sort()).toEqual([...ICON_NAMES].sort());
  });

  it.each(ICON_NAMES)(
    "draws %s with lucide-react's attributes and classes, from the sprite's symbol",
    (name) => {
      const ours = render(icons[name]);
      const theirs = svgAttributes(render(lucide[name]));
      const attributes = svgAttributes(ours);
      // lucide-react also names an icon's aliases in its class; xmlns is implied in HTML.
      expect(attributes.get("class")).toBe(
        `lucide lucide-${iconId(name)} size-5 fill-amber-400`,
      );
      expect(theirs.get("class")).toContain(`lucide-${iconId(name)}`);
      theirs.delete("xmlns");
      theirs.delete("class");
      attributes.delete("class");
      expect(Object.fromEntries(attributes)).toEqual(
        Object.fromEntries(theirs),
      );
      expect(ours).toMatch(
        new RegExp(
          `<use href="[^"#]*icons[^"#]*\\.svg[^"#]*#${iconId(name)}"></use>`,
        ),
      );
      expect(readFileSync(SPRITE_PATH, "utf8")).toContain(
        `<symbol id="${iconId(name)}" `,
      );
    },
  );
});
