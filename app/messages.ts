/**
 * Every Dutch message the product shows, exactly as the product specification quotes it.
 * Routes and components take their messages from here, never write them inline.
 */
import type { Toast } from "~/lib/toast";

export const MESSAGES = {
  genericError: "Er is iets fout gegaan. Probeer het later opnieuw",
  unexpectedError: "Er is iets misgegaan, probeer het later opnieuw.",
  registrationExpired: "Je registratie is verlopen of niet gevonden.",
  alreadyRegistered:
    "Er is al een inschrijving voor dit e-mailadres, login om je inschrijving te wijzigen.",
  confirmationFailed: "Er is iets misgegaan.",
  loginLinkExpired: "De login link is verlopen of niet gevonden.",
  loginFailed: "Er is iets misgegaan, probeer het later opnieuw.",
  loginRequested:
    "Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om in te loggen.",
  questionSent:
    "Jouw vraag is verstuurd. We nemen zo snel mogelijk contact op.",
  favouriteAdded: "Toegevoegd aan favorieten",
  favouriteRemoved: "Verwijderd uit favorieten",
  loggedOut: "Je bent uitgelogd",
  unsubscribed: "Succesvol uitgeschreven.",
  registeredNew: "Succesvol aangemeld!",
  registeredChanged: "Succesvol gewijzigd!",
  cancelQuestion: "Weet je zeker dat je je inschrijving wilt annuleren?",
  notFound: "Oeps! De pagina die je zoekt bestaat niet.",
  noEvents: "Er zijn op dit moment geen evenementen beschikbaar.",
  noEventsTryLater:
    "Er zijn op dit moment geen evenementen beschikbaar. Probeer het later nog eens!",
  noWorkshops: "Geen workshops gevonden",
  noRoundsFilled: "Er zijn geen rondes gevuld.",
  cannotRegisterYet: "Je kunt nog niet inschrijven.",
  roundFull: "Deze ronde is inmiddels vol. Kies een andere ronde of workshop.",
  noRoundsAvailable: "Geen rondes beschikbaar",
  /** A waiting-list join refused: the round has a seat again, holds this workshop, or the day closed. */
  waitlistRoundOpen:
    "Deze ronde heeft weer plek. Kies de ronde en voeg de workshop toe.",
  /** The confirmation mail was sent again (decision 0065). */
  confirmationResent:
    "We hebben de e-mail opnieuw gestuurd. Alleen de link in de nieuwste e-mail werkt.",
  alreadyConfirmed: "Je inschrijving is al bevestigd.",
  nothingToConfirm: "Er wacht geen inschrijving op bevestiging.",
  resendLimited:
    "Je hebt de e-mail al een paar keer opnieuw laten sturen. Kijk ook bij je ongewenste e-mail, of probeer het over een kwartier nog eens.",
  resendUnavailable:
    "De e-mail kan nu niet opnieuw worden gestuurd. Probeer het later opnieuw.",
  /** The upstream offers no waiting list (after all). */
  waitlistUnavailable: "De wachtlijst is op dit moment niet beschikbaar.",
  /**
   * The upstream refused a question (429: too many from this e-mail address; the reference upstream takes 5 per
   * 15 minutes). Not in the spec's catalogue, which has no case for it.
   */
  tooManyQuestions:
    "Je hebt in korte tijd te veel vragen gestuurd, dus deze vraag is niet verstuurd. Probeer het over een kwartier opnieuw.",
} as const;

/** Validation messages (spec section 5). */
export const VALIDATION = {
  required: "Dit veld is verplicht",
  email: "Voer een geldig e-mailadres in.",
  emailMismatch: "Het e-mailadres komt niet overeen",
  passwordMismatch: "Wachtwoord komt niet overeen",
  invalid: (field: string) => `Ongeldige invoer in veld "${field}"`,
} as const;

/** How VALIDATION.invalid names the text fields of the contact and registration forms (a value too long). */
export const FIELD_NAMES = {
  name: "Naam",
  school: "School",
  klas: "Klas",
  message: "Bericht",
  display: "Roepnaam",
  voornaam: "Voornaam",
  tussenvoegsel: "Tussenvoegsel",
  achternaam: "Achternaam",
  telefoonnummer: "Telefoonnummer",
} as const;

export type { Toast, ToastKind } from "~/lib/toast";

/** How long each kind of toast stays, in milliseconds (spec sections 8 and 9). */
export const TOAST_DURATION = {
  favourite: 3_000,
  loggedOut: 3_500,
  expired: 3_500,
  error: 5_000,
  questionSent: 5_000,
  alreadyRegistered: 6_000,
  waitlist: 5_000,
  /** The success dialog after a submit closes after 3 s. */
  submitted: 3_000,
} as const;

/** Every toast the product flashes: actions write `session.flashToast(TOASTS.x)`, never a toast object inline. */
export const TOASTS = {
  genericError: {
    kind: "error",
    message: MESSAGES.genericError,
    durationMs: TOAST_DURATION.error,
  },
  unexpectedError: {
    kind: "error",
    message: MESSAGES.unexpectedError,
    durationMs: TOAST_DURATION.error,
  },
  registrationExpired: {
    kind: "warning",
    message: MESSAGES.registrationExpired,
    durationMs: TOAST_DURATION.expired,
  },
  alreadyRegistered: {
    kind: "warning",
    message: MESSAGES.alreadyRegistered,
    durationMs: TOAST_DURATION.alreadyRegistered,
  },
  loginLinkExpired: {
    kind: "error",
    message: MESSAGES.loginLinkExpired,
    durationMs: TOAST_DURATION.error,
  },
  loginFailed: {
    kind: "error",
    message: MESSAGES.loginFailed,
    durationMs: TOAST_DURATION.error,
  },
  confirmationFailed: {
    kind: "error",
    message: MESSAGES.confirmationFailed,
    durationMs: TOAST_DURATION.error,
  },
  loginRequested: {
    kind: "success",
    message: MESSAGES.loginRequested,
    durationMs: TOAST_DURATION.error,
  },
  questionSent: {
    kind: "success",
    message: MESSAGES.questionSent,
    durationMs: TOAST_DURATION.questionSent,
  },
  tooManyQuestions: {
    kind: "warning",
    message: MESSAGES.tooManyQuestions,
    durationMs: TOAST_DURATION.error,
  },
  favouriteAdded: {
    kind: "success",
    message: MESSAGES.favouriteAdded,
    durationMs: TOAST_DURATION.favourite,
  },
  favouriteRemoved: {
    kind: "info",
    message: MESSAGES.favouriteRemoved,
    durationMs: TOAST_DURATION.favourite,
  },
  loggedOut: {
    kind: "info",
    message: MESSAGES.loggedOut,
    durationMs: TOAST_DURATION.loggedOut,
  },
  unsubscribed: {
    kind: "success",
    message: MESSAGES.unsubscribed,
    durationMs: TOAST_DURATION.error,
  },
  registeredNew: {
    kind: "success",
    message: MESSAGES.registeredNew,
    durationMs: TOAST_DURATION.submitted,
    presentation: "dialog",
  },
  registeredChanged: {
    kind: "success",
    message: MESSAGES.registeredChanged,
    durationMs: TOAST_DURATION.submitted,
    presentation: "dialog",
  },
  roundFull: {
    kind: "warning",
    message: MESSAGES.roundFull,
    durationMs: TOAST_DURATION.error,
  },
  noRoundsFilled: {
    kind: "error",
    message: MESSAGES.noRoundsFilled,
    durationMs: TOAST_DURATION.error,
  },
  cannotRegisterYet: {
    kind: "error",
    message: MESSAGES.cannotRegisterYet,
    durationMs: TOAST_DURATION.error,
  },
  waitlistRoundOpen: {
    kind: "warning",
    message: MESSAGES.waitlistRoundOpen,
    durationMs: TOAST_DURATION.error,
  },
  waitlistUnavailable: {
    kind: "warning",
    message: MESSAGES.waitlistUnavailable,
    durationMs: TOAST_DURATION.error,
  },
  confirmationResent: {
    kind: "success",
    message: MESSAGES.confirmationResent,
    durationMs: TOAST_DURATION.error,
  },
  alreadyConfirmed: {
    kind: "info",
    message: MESSAGES.alreadyConfirmed,
    durationMs: TOAST_DURATION.error,
  },
  nothingToConfirm: {
    kind: "info",
    message: MESSAGES.nothingToConfirm,
    durationMs: TOAST_DURATION.error,
  },
  resendLimited: {
    kind: "warning",
    message: MESSAGES.resendLimited,
    durationMs: TOAST_DURATION.error,
  },
  resendUnavailable: {
    kind: "error",
    message: MESSAGES.resendUnavailable,
    durationMs: TOAST_DURATION.error,
  },
} as const satisfies Record<string, Toast>;

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

/** The cart panel (spec "Cart drawer"). */
export const CART = {
  title: "Inschrijving",
  hint: "Kies per ronde één workshop.",
  /** The toggle's text and accessible name: 'Inschrijving ({n})'. */
  toggle: (count: number) => `Inschrijving (${count})`,
  round: (number: number) => `Ronde ${number}`,
  chooseWorkshop: "Kies workshop",
  remove: (workshop: string) => `Verwijder ${workshop}`,
  count: (count: number) => `${count} geselecteerde workshop(s).`,
  finish: "Inschrijving afronden",
  change: "Inschrijving wijzigen",
  /** How long an unconfirmed registration holds its seats (the upstream's `expires`, decision 0065). */
  heldUntil: (time: string) =>
    `Je plekken blijven tot ${time} voor je vastgehouden. Rond je inschrijving voor die tijd af.`,
} as const;

/** The workshop page (spec "Workshop info"). */
export const WORKSHOP_PAGE = {
  /** The browser tab's title when the workshop could not be read. */
  documentTitle: "Workshop",
  back: "Terug naar workshops",
  gallery: "Foto's",
  photo: (number: number, total: number, workshop: string) =>
    `Foto ${number} van ${total} bij ${workshop}`,
  enrol: "Inschrijven",
  chooseRound: "Kies een ronde",
  provider: "Aanbieder",
  domains: "Domeinen",
  badges: {
    unavailable: "Niet beschikbaar",
    added: "Toegevoegd aan inschrijving",
    current: (workshop: string) => `Huidige keuze: ${workshop}`,
    choose: "Kies deze ronde",
  },
} as const;

/** The waiting list of a full round, and the seats left in an open one (decision 0024). */
export const WAITLIST = {
  seatsLeft: (seats: number) =>
    seats === 1 ? "Nog 1 plek" : `Nog ${seats} plekken`,
  join: (round: number) => `Op de wachtlijst voor ronde ${round}`,
  leave: (round: number) => `Van de wachtlijst voor ronde ${round}`,
  waiting: (position: number) => `Op de wachtlijst, plek ${position}`,
  /** The line under a round's choice, in the cart and in 'Jouw inschrijving'. */
  line: (workshop: string, position: number) =>
    `Wachtlijst: ${workshop} (plek ${position})`,
  joined: (round: number) => `Je staat op de wachtlijst voor ronde ${round}.`,
  /** After 'joined': the place the registration has on the list. */
  place: (position: number) => `Je bent nummer ${position} op de lijst.`,
  left: (round: number) =>
    `Je staat niet meer op de wachtlijst voor ronde ${round}.`,
  /** A join that left the registration off the list (a form sent before, answered as it was then). */
  notJoined: (round: number) =>
    `Je staat niet op de wachtlijst voor ronde ${round}.`,
  /** The registration holds the workshop in the round: a seat came free and it moved up, even as it left. */
  movedUp: (workshop: string, round: number) =>
    `Er is een plek vrijgekomen: ${workshop} staat nu in ronde ${round} van je inschrijving.`,
  /** Before what the registration shows, when the post was a form sent before (its first answer came back). */
  replayed: "Dit formulier had je al eerder verstuurd, er is niets veranderd.",
  /** A join for a workshop the registration already holds, in that round or another. */
  alreadyChosen: (round: number) =>
    `Deze workshop staat al in ronde ${round} van je inschrijving.`,
} as const;

/** The toasts after joining or leaving a list: what the registration shows for the round, never what was pressed. */
export const WAITLIST_TOASTS = {
  waiting: (round: number, position: number): Toast => ({
    kind: "success",
    message: `${WAITLIST.joined(round)} ${WAITLIST.place(position)}`,
    durationMs: TOAST_DURATION.waitlist,
  }),
  movedUp: (workshop: string, round: number): Toast => ({
    kind: "success",
    message: WAITLIST.movedUp(workshop, round),
    durationMs: TOAST_DURATION.waitlist,
  }),
  left: (round: number): Toast => ({
    kind: "info",
    message: WAITLIST.left(round),
    durationMs: TOAST_DURATION.waitlist,
  }),
  notJoined: (round: number): Toast => ({
    kind: "warning",
    message: WAITLIST.notJoined(round),
    durationMs: TOAST_DURATION.waitlist,
  }),
  /** One of the above after a form sent before: said to have changed nothing. */
  replayed: (standing: Toast): Toast => ({
    ...standing,
    kind: "warning",
    message: `${WAITLIST.replayed} ${standing.message}`,
  }),
} as const;

// ─── Mailed links: login and confirmation ───────────────────────────────────

/** The welcome-back page (spec "Welcome-back page", "Login with token"). */
export const LOGIN_PAGE = {
  title: "Welkom terug!",
  intro:
    "Ga verder om je inschrijving te bekijken, te wijzigen of te annuleren.",
  proceed: "Ga verder",
  /** Without a held token: how to get a new link. */
  newLink:
    "Vraag een nieuwe login link aan met je e-mailadres bij 'Ben je al ingeschreven?' op de pagina Inschrijven.",
  home: "Ga naar Home",
  /** The browser tab's title. */
  documentTitle: "Welkom terug",
} as const;

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

/** The frame around every page: header, menu, footer; and the plain answers outside it. */
export const LAYOUT = {
  skipLink: "Naar de inhoud",
  /** The overlay while a navigation or a post takes a moment. */
  loading: "Laden…",
  /** The region that holds the toasts. */
  notifications: "Meldingen",
  /** A dialog's close button. */
  close: "Sluiten",
  mainMenu: "Hoofdmenu",
  nav: { home: "Informatie", register: "Inschrijven", contact: "Contact" },
  logout: "Uitloggen",
  /** The site's name when neither the settings nor the host give one. */
  siteNameFallback: "Open dag",
  notFoundTitle: "Pagina niet gevonden",
  /** A request refused before any page (another origin's post, a bypass asked by the wrong address). */
  refused: "Verzoek geweigerd.",
  goHome: "Ga naar Home",
  /** What search results and shared links say about the site. */
  description: (locationName: string | null | undefined) =>
    `Schrijf je in voor de oriëntatiedagen${locationName ? ` van ${locationName}` : ""}: kies je dag, je school en per ronde een workshop.`,
} as const;

/** The forms kit: the error summary's title, the page title's prefix, the field bots fill in. */
export const FORMS = {
  errorSummary: "Controleer de volgende velden",
  /** In front of the page's title while a failed submit's errors show. */
  errorTitlePrefix: "Fout: ",
  honeypot: "Laat dit veld leeg",
} as const;

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

/** /inschrijven: the school choice and the login box. */
export const SCHOOL_PAGE = {
  title: "Inschrijven",
  loginTitle: "Ben je al ingeschreven?",
  email: "E-mailadres",
  login: "Inloggen",
  backHome: "Terug naar Home",
  schoolsTitle: "Nieuwe inschrijving? Selecteer jouw school:",
} as const;

/** /workshops. */
export const WORKSHOPS_PAGE = {
  title: "Workshops",
  /** In front of the chosen school's name. */
  school: "School:",
  changeSchool: "Wijzig school",
  /** A card's foot when the student chose it: 'Geselecteerd – 10:00 – 10:45'. */
  chosen: (start: string, end: string) => `Geselecteerd – ${start} – ${end}`,
} as const;

/** The add button of the workshop page, by what pressing it does (spec "Adding a workshop to a round"). */
export const ROUND_BUTTON = {
  add: "Toevoegen",
  change: "Aanpassen",
  selected: "Geselecteerd",
  unavailable: "Niet beschikbaar",
} as const;

/** The calendar file's event for a round. */
export const CALENDAR = {
  round: (round: number, day: string) => `Ronde ${round} van ${day}`,
} as const;

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

/** The search and filters above the workshop list. */
export const FILTERS = {
  region: "Workshops zoeken en filteren",
  search: "Zoeken",
  apply: "Toepassen",
  toggle: "Filters",
  domains: "Domeinen",
  providers: "Instellingen",
  reset: "Reset filters",
  favourites: "Favorieten",
  otherProvider: "Overige",
} as const;

/** 'Jouw inschrijving': the registration's day, school and choices per round. */
export const SUMMARY = {
  title: "Jouw inschrijving",
  day: "Evenement",
  school: "School",
  choices: "Jouw keuze",
  noChoice: "Geen keuze",
} as const;

/** Cancelling a registration, and choosing another day while one is confirmed. */
export const CANCEL_LABELS = {
  trigger: "Inschrijving annuleren",
  keep: "Annuleren",
  confirm: "Ja, schrijf mij uit",
} as const;

/** The contact page's question form. */
export const CONTACT_FORM = {
  title: "Stel een vraag",
  heading: "Jouw vraag",
  /** The fields that can be invalid, in the order of the page (the error summary lists them so). */
  labels: {
    name: "Naam",
    email: "E-mailadres",
    school: "School (optioneel)",
    klas: "Klas (optioneel)",
    questionAbout: "Mijn vraag gaat over",
    message: "Bericht",
  },
  choose: "Maak een keuze",
  send: "Versturen",
  locations: "Locaties",
  moreAbout: (location: string) => `Meer over ${location}`,
} as const;

/** Said to screen readers after a link that opens in a new tab. */
export const NEW_TAB = "(opent in een nieuw tabblad)";

/** The final form, /inschrijving-afronden. */
export const DETAILS_FORM = {
  title: (created: boolean) =>
    created ? "Inschrijving wijzigen" : "Inschrijving afronden",
  heading: "Jouw gegevens",
  /** The fields that can be invalid, in the order of the page (the error summary lists them so). */
  labels: {
    geslacht: "Geslacht",
    display: "Roepnaam",
    voornaam: "Voornaam",
    tussenvoegsel: "Tussenvoegsel",
    achternaam: "Achternaam",
    klas: "Klas",
    aantalPersonen: "Aantal personen",
    telefoonnummer: "Telefoonnummer",
    emailadres: "E-mailadres",
    repeatEmail: "Bevestig E-mailadres",
  },
  genders: { man: "Man", vrouw: "Vrouw", x: "X" },
  optional: "Niet verplicht.",
  emailFixed:
    "Je inschrijving hoort bij dit e-mailadres; het kan niet worden gewijzigd.",
  marketing: "Ja, ik blijf graag op de hoogte",
  marketingHint:
    "We sturen je af en toe een e-mail over nieuwe oriëntatiedagen en workshops. Afmelden kan altijd, met de link onder elke e-mail.",
  send: (created: boolean) => (created ? "Wijziging versturen" : "Versturen"),
} as const;

/** Choosing another day while the visitor holds a confirmed registration (the cancel dialog's words). */
export const SWITCH_DAY = {
  title: "Andere dag kiezen",
  explanation:
    "Je bent al ingeschreven voor een andere dag. Als je deze dag kiest, wordt die inschrijving geannuleerd.",
} as const;

/** The favourite star's state as text, for readers without styles (aria-pressed says it to assistive technology). */
export const FAVOURITE_STATE = {
  /** In front of the workshop's name, for screen readers: 'Favoriet: Robotica'. */
  label: "Favoriet:",
  on: "(in favorieten)",
  off: "(niet in favorieten)",
  remove: "Verwijder uit favorieten",
  add: "Voeg toe aan favorieten",
} as const;

// ─── Accessibility statement ───────────────────────────────────────────────

/**
 * 'Toegankelijkheidsverklaring' (/toegankelijkheid), in the order of the Dutch government's model statement: the
 * standard, the status, how and when it was tested, the results, the known exceptions with their plan, and how to
 * report a problem. The organisation's own part (its contact person, its own checks, its signature) comes from
 * its page texts, as the privacy statement does.
 */
export const ACCESSIBILITY = {
  title: "Toegankelijkheidsverklaring",
  footerLink: "Toegankelijkheid",
  intro: (organisation: string) =>
    `${organisation} wil dat iedereen deze inschrijfsite kan gebruiken: op een telefoon of een computer, met het toetsenbord, met een schermlezer of vergroting, en ook als JavaScript uit staat. In deze verklaring lees je hoe toegankelijk de site is, hoe we dat hebben getest en wat nog beter moet.`,
  standardTitle: "Welke norm",
  standard:
    "We toetsen aan de Web Content Accessibility Guidelines (WCAG) 2.2, niveau A en AA. Dat is de norm die voor overheden en publiek bekostigde scholen geldt (via de Europese norm EN 301 549).",
  statusTitle: "Status",
  status:
    "Deze site voldoet gedeeltelijk aan WCAG 2.2 niveau AA: de tests hieronder vinden geen fouten, maar niet alles is getest. Wat ontbreekt staat bij de bekende uitzonderingen.",
  testedTitle: "Hoe we hebben getest",
  tested: [
    "Bij elke wijziging van de site draait een vaste reeks automatische tests in de browser Chromium, met JavaScript aan en met JavaScript uit.",
    "Op een aanraakscherm zoals van een telefoon, 320, 360 en 390 pixels breed, in licht en in donker thema, gaan de tests langs elke pagina en elke toestand: Home, Contact (leeg en met fouten), deze verklaring, Privacy en cookies, Inschrijven met het inlogvak, Workshops (zoeken, filters, favorieten), een workshop met een gekozen ronde, een volle ronde, een wachtlijst en het aantal vrije plekken, de geopende inschrijving, het inschrijfformulier (leeg, met fouten, ingevuld), Jouw inschrijving, annuleren, bevestigen, inloggen, de foutpagina en de onderhoudspagina.",
    "Op elke pagina controleren we: de pagina schuift niet opzij; geen tekst valt weg; elke knop en link is minstens 24 bij 24 pixels of staat ver genoeg van andere; een knop verspringt niet als je een veld verlaat; één tik op 'Versturen' vanuit een veld verstuurt het formulier één keer; en de automatische toets axe-core vindt geen fouten tegen WCAG 2.2 A en AA.",
    "Daarnaast testen we het gebruik met alleen het toetsenbord, de focus na een fout in een formulier (naar de fout, met 'Fout: ' in de titel van de pagina) en het werken zonder JavaScript.",
  ],
  testedOnTitle: "Wanneer",
  testedOn: (date: string) =>
    `De tests zijn voor het laatst voor deze verklaring beoordeeld op ${date}. Ze draaien opnieuw bij elke wijziging van de site.`,
  resultsTitle: "Resultaten",
  results: [
    "Bij de laatste beoordeling slaagden alle tests, met JavaScript aan en uit, op alle drie de schermbreedtes en in beide thema's.",
    "Eerder gevonden en opgelost: op een telefoon van 320 pixels schoof de pagina Inschrijven opzij en vielen schoolnamen weg; de tabel met cookies was niet met het toetsenbord te bereiken; sommige links en keuzerondjes waren kleiner dan 24 pixels; en een eerste tik op 'Versturen' kon verloren gaan als er bij het verlaten van een veld een melding boven de knop verscheen.",
  ],
  exceptionsTitle: "Bekende uitzonderingen",
  exceptions: [
    {
      problem:
        "We hebben niet getest met schermlezers (zoals NVDA, VoiceOver of TalkBack) en niet in Firefox of Safari. Automatische tests vinden maar een deel van de problemen.",
      plan: "Plan: een test met schermlezers op een telefoon en een computer, en een onderzoek door een onafhankelijke deskundige, voor het volgende seizoen van oriëntatiedagen.",
    },
    {
      problem:
        "Teksten, afbeeldingen en logo's die de organisatie zelf invoert (beschrijvingen van workshops, pagina's, logo's van scholen) toetsen we alleen als ze op de site staan; of bijvoorbeeld een afbeelding een goede beschrijving heeft, hangt af van wat er is ingevoerd.",
      plan: "Plan: de organisatie controleert nieuwe teksten en afbeeldingen voordat ze op de site komen.",
    },
    {
      problem:
        "De e-mails die de site stuurt (bevestiging, inloglink) en de kaartlinks naar Google Maps vallen buiten deze tests.",
      plan: "Plan: de e-mails meenemen in de test met schermlezers.",
    },
  ],
  reportTitle: "Een probleem melden",
  report:
    "Kun je iets op deze site niet gebruiken, of zie je een probleem dat hier niet staat? Laat het ons weten via het contactformulier; kies bij 'Mijn vraag gaat over' voor 'Overig'. Vertel op welke pagina het was en wat je gebruikte (bijvoorbeeld je telefoon, browser of schermlezer).",
  reportLink: "Naar het contactformulier",
  organisationTitle: (organisation: string) => `Aanvulling van ${organisation}`,
  /** Shown when the organisation has not given its own part (contact person, its own checks, signature) yet. */
  organisationMissing: (organisation: string) =>
    `${organisation} heeft nog geen eigen aanvulling op deze verklaring gegeven, zoals een contactpersoon of eigen onderzoek.`,
} as const;

// ─── Privacy and cookies ───────────────────────────────────────────────────

/** The page 'Privacy en cookies' (/privacy). */
export const PRIVACY = {
  title: "Privacy en cookies",
  footerLink: "Privacy en cookies",
  cookiesTitle: "Cookies",
  /** The table's own scroll region (a phone scrolls it sideways). */
  cookiesTable: "Tabel met cookies",
  cookiesIntro:
    "Deze site zet alleen cookies die nodig zijn om hem te laten werken: functionele cookies. Daarvoor is geen toestemming nodig, dus je krijgt geen cookiemelding. Er zijn geen cookies voor statistieken, advertenties of sociale media.",
  columns: {
    name: "Naam",
    purpose: "Waarvoor",
    lifetime: "Bewaard",
    kind: "Soort",
  },
  functional: "Functioneel",
  purposes: {
    session:
      "Onthoudt je keuzes op deze site: je anonieme bezoekersnummer, het nummer van je inschrijving en de gekozen dag en school (die vervallen na 24 uur). Ondertekend, zodat niemand het kan vervalsen.",
    generation:
      "Zorgt dat een pagina die nog onderweg was je inschrijving niet terugzet nadat je bent uitgelogd of hebt geannuleerd.",
    toast:
      "Een melding voor de volgende pagina, zoals 'Toegevoegd aan favorieten'. Eén cookie per melding; weg zodra je hem hebt gezien.",
    favourites: "Welke workshops je als favoriet hebt gemarkeerd.",
    favouriteItem:
      "Eén wijziging van je favorieten, tot die in de lijst hierboven is verwerkt.",
    loginToken:
      "De code uit de inloglink in je e-mail, zodat die niet in de adresbalk blijft staan. Alleen voor de inlogpagina.",
    confirmToken:
      "De code uit de bevestigingslink in je e-mail, zodat die niet in de adresbalk blijft staan. Alleen voor de bevestigingspagina.",
    maintenanceBypass:
      "Alleen voor de organisatie: de site bekijken terwijl er onderhoud is.",
    awaitingConfirmation:
      "Het nummer van de inschrijving die je net hebt verstuurd, zodat de homepagina kan zeggen of die nog op je bevestiging wacht. Weg na 24 uur.",
  },
  upstreamTitle: "Wat we doorgeven aan het inschrijfsysteem",
  upstream: [
    "Je inschrijving wordt bewaard in het inschrijfsysteem van de organisatie. Deze site stuurt daarheen: je anonieme bezoekersnummer en het nummer van je inschrijving, de gekozen dag, school en workshops, en wat je in de formulieren invult (je gegevens bij het afronden, je e-mailadres bij het inloggen, je vraag bij Contact).",
    "Je IP-adres, je cookies en je browsergegevens gaan niet naar het inschrijfsysteem.",
  ],
  reportingTitle: "Foutmeldingen",
  reporting: [
    "Gaat er op de site iets mis, dan kan een melding naar ons foutrapportagesysteem gaan, zodat we het kunnen oplossen. Die melding bevat de fout, het adres van de pagina en het soort browser.",
    "Je cookies, je IP-adres en wat je in formulieren invult gaan niet mee. Meldingen die door linkscanners van e-mailprogramma's en andere automatische bezoekers ontstaan, worden niet verstuurd.",
  ],
  statementFallbackTitle: "Privacyverklaring",
} as const;

/** How long a cookie is kept, in words: '30 minuten', '12 uur', '7 dagen', '10 jaar'; 0 or less: 'tot je de browser sluit'. */
export function cookieLifetime(seconds: number | null): string {
  if (seconds === null || seconds <= 0) return "tot je de browser sluit";
  const units: [number, string, string][] = [
    [365 * 24 * 60 * 60, "jaar", "jaar"],
    [24 * 60 * 60, "dag", "dagen"],
    [60 * 60, "uur", "uur"],
    [60, "minuut", "minuten"],
    [1, "seconde", "seconden"],
  ];
  for (const [size, one, many] of units) {
    if (seconds % size === 0 || size === 1) {
      const count = Math.round(seconds / size);
      if (count >= 1) return `${count} ${count === 1 ? one : many}`;
    }
  }
  return `${seconds} seconden`;
}
