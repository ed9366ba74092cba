/** Messages every screen may show: errors, the form kit's texts, the header, footer and navigation. */
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
  /**
   * A change through a registration id from before 'Versturen' (an old cookie): the upstream refuses it, since a
   * sent registration changes only after the mailed login link (decision 0076).
   */
  registrationSent:
    "Deze inschrijving is al verstuurd. Wijzigen of annuleren kan alleen met een login link: vraag die aan bij 'Ben je al ingeschreven?' op de pagina Inschrijven.",
  /** 'Versturen' refused (429): the upstream sent this registration or address enough mail for now. */
  confirmationMailLimited:
    "Er zijn de afgelopen tijd al genoeg e-mails naar dit adres gestuurd, dus je inschrijving is nog niet verstuurd. Kijk ook bij je ongewenste e-mail, of probeer het over een kwartier nog eens.",
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

export type { Toast, ToastKind } from "./toast";

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
  /** The footer's links to the statements (their pages' texts are in privacy.ts and accessibility.ts). */
  footerLinks: {
    privacy: "Privacy en cookies",
    accessibility: "Toegankelijkheid",
  },
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

/** Said to screen readers after a link that opens in a new tab. */
export const NEW_TAB = "(opent in een nieuw tabblad)";
