/** Home: choosing a day, the notice while the mailed link waits, the logo carousel, switching day. */
/** Home's list of days and their cards. */
export const HOME_PAGE = {
  /** The browser tab's title when the site's home text has none. */
  documentTitle: "Informatie",
  events: "Evenementen",
  register: "Inschrijven",
  registerFor: (school: string, date: string) =>
    `Inschrijven voor ${school}, ${date}`,
} as const;

/**
 * A registration sent with 'Versturen' waits for its mailed link (decision 0065): said on Home until it is
 * confirmed, with the address, until when the link works, and what happens when it is not opened.
 */
export const AWAITING_CONFIRMATION = {
  title: "Bevestig je inschrijving",
  sentTo: (email: string) => `We hebben een e-mail gestuurd naar ${email}.`,
  howTo:
    "Je inschrijving is pas definitief als je op de link 'Bevestig je inschrijving' in die e-mail klikt.",
  linkUntil: (time: string) => `De link werkt tot ${time}.`,
  linkLimited: "De link werkt een beperkte tijd.",
  ifNotUntil: (time: string) =>
    `Bevestig je niet voor ${time}, dan vervalt je inschrijving en gaan je plekken naar anderen.`,
  ifNot:
    "Bevestig je niet op tijd, dan vervalt je inschrijving en gaan je plekken naar anderen.",
  noMail:
    "Geen e-mail gekregen? Kijk ook bij je ongewenste e-mail, of laat hem opnieuw sturen.",
  resend: "Stuur de e-mail opnieuw",
  linkExpiredTitle: "De link in je e-mail is verlopen",
  linkExpired: (email: string) =>
    `De link die we naar ${email} stuurden, werkt niet meer. Je inschrijving is nog niet bevestigd: laat de e-mail opnieuw sturen en klik op de nieuwe link.`,
  expiredTitle: "Je inschrijving is verlopen",
  expired:
    "Je hebt je inschrijving niet op tijd bevestigd, dus je plekken zijn vrijgegeven. Kies hieronder een evenement om je opnieuw in te schrijven.",
} as const;

/** The schools' logo carousel on Home. */
export const CAROUSEL = {
  title: "Scholen",
  /** What a screen reader calls the region instead of 'regio'. */
  roleDescription: "carrousel",
  previous: "Vorige school",
  next: "Volgende school",
  stop: "Automatisch afspelen stoppen",
  start: "Automatisch afspelen starten",
  website: (school: string) => `Ga naar de website van ${school}`,
} as const;

/** Choosing another day while the visitor holds a confirmed registration (the cancel dialog's words). */
export const SWITCH_DAY = {
  title: "Andere dag kiezen",
  explanation:
    "Je bent al ingeschreven voor een andere dag. Als je deze dag kiest, wordt die inschrijving geannuleerd.",
} as const;
