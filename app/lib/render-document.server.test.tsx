import { createElement, Suspense } from "react";
import type { ReactNode } from "react";
import {
  createRequestHandler,
  Outlet,
  Scripts,
  ServerRouter,
  useLoaderData,
} from "react-router";
import type { EntryContext, ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderDocument } from "./render-document.server";

const NONCE = "dGVzdC1ub25jZQ==";

/** Suspends for good: what a component waiting on data would do. */
function Waiting(): ReactNode {
  throw new Promise(() => {});
}

/**
 * A server build of one page, as React Router's compiler would make it, whose entry renders with renderDocument:
 * the same path as app/entry.server.tsx, without the app around it.
 */
function buildWith(page: () => ReactNode): ServerBuild {
  const entry = async (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
  ) => {
    const html = await renderDocument(
      <ServerRouter context={context} url={request.url} nonce={NONCE} />,
      context,
    );
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(html, { status, headers });
  };
  const route = (id: string, parentId?: string) => ({
    id,
    parentId,
    path: id === "root" ? "" : undefined,
    index: id === "page" ? true : undefined,
    module: `/${id}.js`,
    imports: [],
    hasAction: false,
    hasLoader: id === "page",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
  });
  return {
    entry: { module: { default: entry } },
    routes: {
      root: {
        ...route("root"),
        caseSensitive: undefined,
        module: {
          default: () => (
            <html lang="nl">
              <body>
                <Outlet />
                <Scripts nonce={NONCE} />
              </body>
            </html>
          ),
        },
      },
      page: {
        ...route("page", "root"),
        caseSensitive: undefined,
        module: {
          default: page,
          loader: () => ({ greeting: "Hallo </script> & één" }),
        },
      },
    },
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: { root: route("root"), page: route("page", "root") },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

function Greeting() {
  const { greeting } = useLoaderData<{ greeting: string }>();
  return <p>{greeting}</p>;
}

describe("renderDocument", () => {
  it("renders the page whole, with its doctype and its loader data handed to the browser's router", async () => {
    const handle = createRequestHandler(buildWith(Greeting), "production");
    const response = await handle(new Request("http://localhost/"));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="nl">')).toBe(true);
    expect(html).toContain("<p>Hallo &lt;/script&gt; &amp; één</p>");
    // The data goes in as one chunk with the stream's end: what React Router's client reads to hydrate.
    const chunks = [
      ...html.matchAll(/streamController\.enqueue\((.*?)\);<\/script>/g),
    ].map((match) => JSON.parse(match[1]!) as string);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toContain("Hallo </script> & één");
    expect(html).toContain(
      "window.__reactRouterContext.streamController.close();",
    );
    // Nothing of the data can end the script it is in.
    expect(html).not.toMatch(/Hallo <\/script>/);
    // Every script carries the response's nonce.
    for (const script of html.match(/<script\b[^>]*>/g) ?? [])
      expect(script).toContain(`nonce="${NONCE}"`);
  });

  it("refuses a page that would have waited, rather than sending it without its content", async () => {
    const errors: unknown[] = [];
    // React Router's own page for the error says it on the console too.
    const consoleError = vi
      .spyOn(console, "error")
      .mockImplementation(() => {});
    const build = buildWith(() =>
      createElement(
        "main",
        null,
        createElement(Suspense, { fallback: "Laden…" }, createElement(Waiting)),
      ),
    );
    const handle = createRequestHandler(
      {
        ...build,
        entry: {
          module: {
            ...build.entry.module,
            handleError: (error: unknown) => errors.push(error),
          },
        },
      },
      "production",
    );
    const response = await handle(new Request("http://localhost/"));
    expect(response.status).toBe(500);
    consoleError.mockRestore();
    expect(String(errors[0])).toMatch(/suspended while the page rendered/);
  });
});
