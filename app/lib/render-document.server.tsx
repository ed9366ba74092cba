/**
 * A page rendered whole, in one synchronous pass to a string (decision 0079).
 *
 * Every loader has finished before a page renders (the app defers no data), so nothing in the page waits. React's
 * streaming renderer would still encode the page to UTF-8 piece by piece into small buffers and resolve the loader
 * data's hand-off through Suspense, one microtask at a time: on `/workshops` that was a fifth of the server's CPU
 * for the view. Here the hand-off (React Router's encoded loader data, which the browser's router hydrates from)
 * is read first, then given to React Router's `<ServerRouter>` as already read, so the page renders in one pass
 * with `renderToString` and is encoded once, as the response body.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

type StreamCache = NonNullable<
  NonNullable<EntryContext["renderMeta"]>["streamCache"]
>;

/** React Router's encoded loader data of the page, read to its end. */
async function readHandoff(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  // `<ServerRouter>` takes a reader of its own from the (now closed) stream.
  reader.releaseLock();
  return text + decoder.decode();
}

/**
 * The page's HTML. `<ServerRouter>` writes the loader data into the page from a cache it keeps per render
 * (`renderMeta.streamCache`, read by its `StreamTransfer`): an entry that holds its result is written at once,
 * where a pending one would suspend the render. The data goes in as one entry, the stream's end with it.
 */
export async function renderDocument(
  page: ReactElement,
  context: EntryContext,
): Promise<string> {
  if (context.serverHandoffStream) {
    const value = await readHandoff(context.serverHandoffStream);
    const read = Object.assign(Promise.resolve(), {
      result: { done: true, value },
    });
    context.renderMeta = {
      ...context.renderMeta,
      streamCache: { 0: read } satisfies StreamCache,
    };
  }
  // The streaming renderer starts a document with its doctype; this one leaves it to the caller.
  const html = `<!DOCTYPE html>${renderToString(page)}`;
  // A boundary that suspended anyway was written as its fallback, for the browser to render: a page without its
  // content, or without its data. The app has no such boundary; one added would fail here rather than render so.
  if (html.includes("<!--$!"))
    throw new Error(
      "A component suspended while the page rendered: the app renders pages whole (decision 0079)",
    );
  return html;
}
