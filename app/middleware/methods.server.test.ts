import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SkipLink } from "~/components/layout/site-frame";
import routes from "~/routes";
import {
  RESOURCE_ROUTE_METHODS,
  methodNotAllowedResponse,
  resourceRouteMethods,
} from "./methods.server";
import { DEFAULT_SETTINGS } from "~/upstream/settings.server";
import { METHOD_NOT_ALLOWED } from "~/messages";

interface RouteEntry {
  path?: string;
  file: string;
}

const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>(
  "../routes/*.tsx",
);

/** React Router treats a route without a component and without an error boundary as a resource route. */
async function resourceRoutes() {
  const found: { path: string; loader: boolean; action: boolean }[] = [];
  for (const entry of routes as RouteEntry[]) {
    const load = ROUTE_MODULES[`../${entry.file}`];
    if (!load) throw new Error(`no module for ${entry.file}`);
    const module = await load();
    if (module.default || module.ErrorBoundary) continue;
    found.push({
      path: entry.path ?? "",
      loader: typeof module.loader === "function",
      action: typeof module.action === "function",
    });
  }
  return found;
}

describe("the methods of resource routes", () => {
  it("lists every resource route with exactly the methods its module answers", async () => {
    const found = await resourceRoutes();
    expect(found.map((route) => route.path).sort()).toEqual(
      Object.keys(RESOURCE_ROUTE_METHODS).sort(),
    );
    for (const route of found) {
      const methods = RESOURCE_ROUTE_METHODS[route.path];
      expect(methods?.includes("GET"), route.path).toBe(route.loader);
      expect(methods?.includes("HEAD"), route.path).toBe(route.loader);
      expect(methods?.includes("POST"), route.path).toBe(route.action);
    }
  });

  it("finds a route by the pattern React Router matched, with or without a leading slash", () => {
    expect(resourceRouteMethods("uitloggen")).toEqual(["POST"]);
    expect(resourceRouteMethods("/media/*")).toEqual(["GET", "HEAD"]);
    expect(resourceRouteMethods("/contact")).toBeNull();
    expect(resourceRouteMethods("*")).toBeNull();
  });

  it("answers 405 with the site's own page and an Allow header", async () => {
    const response = methodNotAllowedResponse({
      allow: ["GET", "HEAD"],
      path: "/health",
      settings: DEFAULT_SETTINGS,
      siteName: "Venlo",
      dayChosen: false,
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="nl">/);
    expect(html).toContain(METHOD_NOT_ALLOWED.message);
    expect(html).toContain("Venlo");
    expect(html).toContain('href="/"');
  });

  it("frames the page as the root layout does, skip link included", async () => {
    const response = methodNotAllowedResponse({
      allow: ["POST"],
      path: "/uitloggen",
      settings: DEFAULT_SETTINGS,
      siteName: "Venlo",
      dayChosen: false,
    });
    const html = await response.text();
    expect(html).toContain(renderToStaticMarkup(createElement(SkipLink)));
  });
});
