/** Choosing a school (/inschrijven) and the login link. */
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

/** /inschrijven: the school choice and the login box. */
export const SCHOOL_PAGE = {
  title: "Inschrijven",
  loginTitle: "Ben je al ingeschreven?",
  email: "E-mailadres",
  login: "Inloggen",
  backHome: "Terug naar Home",
  schoolsTitle: "Nieuwe inschrijving? Selecteer jouw school:",
} as const;
