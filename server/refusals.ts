/**
 * The short Dutch pages the HTTP server answers with when it refuses a request before the app sees it (bad host,
 * body too large, unreadable form, too many requests). They are plain HTML without scripts or styles from
 * elsewhere, so they work whatever state the app is in.
 */
import type { Response } from "express";

export const REFUSALS = {
  badRequest: {
    status: 400,
    title: "Ongeldig verzoek",
    text: "Dit verzoek kunnen we niet lezen. Ga terug en probeer het opnieuw.",
  },
  badForm: {
    status: 400,
    title: "Formulier niet gelezen",
    text: "Het formulier kon niet worden gelezen. Ga terug en verstuur het opnieuw.",
  },
  tooLarge: {
    status: 413,
    title: "Te veel gegevens",
    text: "Je verzoek bevat meer gegevens dan we aannemen. Ga terug en verstuur het formulier met minder tekst.",
  },
  unsupportedType: {
    status: 415,
    title: "Formulier niet gelezen",
    text: "Dit soort gegevens nemen we niet aan. Gebruik het formulier op de website.",
  },
  tooManyRequests: {
    status: 429,
    title: "Even wachten",
    text: "Je hebt in korte tijd veel verzoeken gestuurd. Wacht een minuut en probeer het dan opnieuw.",
  },
  serverError: {
    status: 500,
    title: "Er is iets misgegaan",
    text: "Er is iets misgegaan, probeer het later opnieuw.",
  },
} as const;

export type Refusal = keyof typeof REFUSALS;

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<main><h1>${title}</h1><p>${text}</p><p><a href="/">Naar de startpagina</a></p></main>
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
