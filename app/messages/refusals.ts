/** Pages that refuse or redirect: maintenance, refused requests, the mail link's confirmation. */
/** The maintenance page (spec "Maintenance page"). */
export const MAINTENANCE = {
  title: "Under Construction",
  reopens: (date: string) => `We zijn er weer op ${date}.`,
  remaining: "Resterende tijd",
  units: {
    days: "dagen",
    hours: "uren",
    minutes: "minuten",
    seconds: "seconden",
  },
  bypass: "Doorgaan naar website",
} as const;

// ─── Workshop page (EventInfo) and cart drawer ──────────────────────────────

/** The confirm page (spec "Confirm page"): the thank-you card, or the button a scanner-like visit gets. */
export const CONFIRM_PAGE = {
  /** Shown when the upstream's thank-you page cannot be loaded. */
  fallbackTitle: "Bedankt voor je inschrijving!",
  home: "Ga naar Home",
  calendar: "Zet in je agenda",
  calendarHint: "Een agendabestand (.ics) met je workshops per ronde.",
  pendingTitle: "Inschrijving bevestigen",
  pendingIntro: "Bevestig je inschrijving met de knop hieronder.",
  confirm: "Inschrijving bevestigen",
  /** The calendar file asked without a confirmed registration. */
  noCalendar: "Geen bevestigde inschrijving gevonden.",
} as const;

// ─── Finishing pass: wrong methods, switching days, the site's name ─────────

/** A route asked with a method it does not answer (405): the resource routes' page and the server's refusal. */
export const METHOD_NOT_ALLOWED = {
  title: "Niet beschikbaar",
  message: "Deze pagina kun je zo niet openen.",
} as const;

/** The HTTP server's own pages, when it refuses a request before the app sees it (server/refusals.ts). */
export const REFUSAL_PAGES = {
  badRequest: {
    title: "Ongeldig verzoek",
    text: "Dit verzoek kunnen we niet lezen. Ga terug en probeer het opnieuw.",
  },
  badForm: {
    title: "Formulier niet gelezen",
    text: "Het formulier kon niet worden gelezen. Ga terug en verstuur het opnieuw.",
  },
  tooLarge: {
    title: "Te veel gegevens",
    text: "Je verzoek bevat meer gegevens dan we aannemen. Ga terug en verstuur het formulier met minder tekst.",
  },
  unsupportedType: {
    title: "Formulier niet gelezen",
    text: "Dit soort gegevens nemen we niet aan. Gebruik het formulier op de website.",
  },
  /** A method the site does not serve (TRACE, PUT, a scanner's WebDAV): the words of METHOD_NOT_ALLOWED. */
  methodNotAllowed: {
    title: METHOD_NOT_ALLOWED.title,
    text: METHOD_NOT_ALLOWED.message,
  },
  tooManyRequests: {
    title: "Even wachten",
    text: "Je hebt in korte tijd veel verzoeken gestuurd. Wacht een minuut en probeer het dan opnieuw.",
  },
  serverError: {
    title: "Er is iets misgegaan",
    text: "Er is iets misgegaan, probeer het later opnieuw.",
  },
  home: "Naar de startpagina",
} as const;
