/**
 * The short Dutch pages the HTTP server answers with when it refuses a request before the app sees it (bad host,
 * body too large, unreadable form, too many requests). They are plain HTML without scripts or styles from
 * elsewhere, so they work whatever state the app is in.
 */
import type { Response } from "express";
import { href } from "react-router";
import { REFUSAL_PAGES } from "~/messages";

/** Each refusal's status; its words are in app/messages/ with the site's other texts. */
export const REFUSALS = {
  badRequest: { status: 400, ...REFUSAL_PAGES.badRequest },
  badForm: { status: 400, ...REFUSAL_PAGES.badForm },
  tooLarge: { status: 413, ...REFUSAL_PAGES.tooLarge },
  unsupportedType: { status: 415, ...REFUSAL_PAGES.unsupportedType },
  methodNotAllowed: { status: 405, ...REFUSAL_PAGES.methodNotAllowed },
  tooManyRequests: { status: 429, ...REFUSAL_PAGES.tooManyRequests },
  serverError: { status: 500, ...REFUSAL_PAGES.serverError },
} as const;

export type Refusal = keyof typeof REFUSALS;

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<main><h1>${title}</h1><p>${text}</p><p><a href="${href("/")}">${REFUSAL_PAGES.home}</a></p></main>
</body>
</html>
`;
}

/**
 * Answers with the refusal's status and page. A request body not read yet is left to Node, which discards it
 * after the answer without keeping it.
 */
export function refuse(res: Response, refusal: Refusal): void {
  const { status, title, text } = REFUSALS[refusal];
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    })
    .send(page(title, text));
}
