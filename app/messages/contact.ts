/** The contact page's question form. */
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
