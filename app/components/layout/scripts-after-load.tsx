/**
 * React Router's <Scripts/>, started only once the page has loaded (decision 0019).
 *
 * <Scripts/> puts out a modulepreload link per chunk (React hoists them into <head>, before the stylesheet) and a
 * module script importing the route modules and the client entry. On a slow phone those are high-priority
 * requests that compete with the stylesheet and the logo before the first paint, though the page is complete
 * without them: every form works without JavaScript. So the preload links are left out and the module script is
 * rendered inert (an unknown type, which the browser does not run); after the `load` event a small script
 * preloads the same chunks and runs a copy of it, and hydration follows from there as before. The handoff
 * scripts (context, streamed loader data) are unchanged, so the router hydrates from the same data.
 */
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  type ReactNode,
} from "react";
import { Scripts } from "react-router";

/** A type browsers do not run: the module script waits under it until the page has loaded. */
export const INERT_TYPE = "text/x-after-load";

// Waits for the `load` event and the first contentful paint (when the browser reports paints; `load` alone
// otherwise), then preloads the chunks <Scripts/> would have preloaded (all at once, rather than a waterfall of
// imports) and runs a copy of each inert module script. The copy carries this script's nonce: the CSP runs inline
// scripts only with it.
function startScript(preloads: string[]): string {
  const hrefs = JSON.stringify(preloads).replaceAll("<", "\\u003c");
  return `(()=>{
const nonce = document.currentScript.nonce;
const loaded = new Promise((done) => document.readyState === "complete" ? done() : addEventListener("load", done, { once: true }));
const painted = new Promise((done) => {
  if (!self.PerformanceObserver?.supportedEntryTypes?.includes("paint") || performance.getEntriesByName("first-contentful-paint").length) return done();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); done(); }
  }).observe({ type: "paint" });
});
Promise.all([loaded, painted]).then(() => {
  for (const href of ${hrefs}) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  for (const inert of document.querySelectorAll('script[type="${INERT_TYPE}"]')) {
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = inert.textContent;
    document.head.append(script);
  }
});
})()`.replaceAll(/\n\s*/g, "");
}

/** The same tree without modulepreload links (their addresses go to `preloads`) and with module scripts inert. */
function afterLoad(node: ReactNode, preloads: string[]): ReactNode {
  const recurse = (child: ReactNode) => afterLoad(child, preloads);
  if (Array.isArray(node)) return node.map(recurse);
  if (
    !isValidElement<{
      rel?: string;
      href?: string;
      type?: string;
      children?: ReactNode;
    }>(node)
  )
    return node;
  if (node.type === "link" && node.props.rel === "modulepreload") {
    if (node.props.href) preloads.push(node.props.href);
    return null;
  }
  if (node.type === "script" && node.props.type === "module")
    return cloneElement(node, { type: INERT_TYPE, async: undefined } as object);
  if (node.type === Fragment) {
    const children = node.props.children;
    // Spread, not an array, so React sees the fixed children it rendered before (no keys needed).
    return Array.isArray(children)
      ? createElement(Fragment, { key: node.key }, ...children.map(recurse))
      : createElement(Fragment, { key: node.key }, recurse(children));
  }
  return node;
}

export function ScriptsAfterLoad({ nonce }: { nonce: string }) {
  // Called as a function, so its hooks are this component's and its output can be rewritten before rendering.
  const scripts = Scripts({ nonce });
  // After hydration <Scripts/> renders nothing, and neither does this.
  if (scripts === null) return null;
  const preloads: string[] = [];
  const inert = afterLoad(scripts, preloads);
  return (
    <>
      {inert}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: startScript(preloads) }}
      />
    </>
  );
}
