/** The final form's personal details. */
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
