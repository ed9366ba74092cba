/** The final form, /inschrijving-afronden. */
import type { FormRules } from "~/lib/form-rules";
import { GESLACHT } from "#contract/values";

/**
 * The final form's fields, each declared once, in the order of the page (the error summary lists them so): the
 * name it posts (the upstream's own field name), its label, its rules and any message of its own (decision 0077).
 * The browser's checks, the action's schema, the labels and the error summary all read these; the lengths are the
 * contract's (PendingConfirmationBodySchema). 'Bevestig E-mailadres' is asked of a new registration only.
 */
export const DETAILS_FIELDS = {
  geslacht: { kind: "choice", label: "Geslacht", values: GESLACHT },
  display: { kind: "text", label: "Roepnaam", max: 100 },
  voornaam: { kind: "text", label: "Voornaam", max: 100 },
  tussenvoegsel: {
    kind: "text",
    label: "Tussenvoegsel",
    max: 30,
    optional: true,
  },
  achternaam: { kind: "text", label: "Achternaam", max: 100 },
  klas: { kind: "text", label: "Klas", max: 50 },
  /** The form offers one or two persons; the upstream wants the number. */
  aantalPersonen: {
    kind: "choice",
    label: "Aantal personen",
    values: ["1", "2"],
  },
  telefoonnummer: {
    kind: "text",
    label: "Telefoonnummer",
    max: 30,
    optional: true,
  },
  emailadres: { kind: "email", label: "E-mailadres" },
  repeatEmail: {
    kind: "email",
    label: "Bevestig E-mailadres",
    sameAs: "emailadres",
  },
  // An unticked checkbox sends nothing.
  marketingOptin: {
    kind: "checkbox",
    label: "Ja, ik blijf graag op de hoogte",
  },
} as const satisfies FormRules;

export const DETAILS_FORM = {
  title: (created: boolean) =>
    created ? "Inschrijving wijzigen" : "Inschrijving afronden",
  heading: "Jouw gegevens",
  genders: { man: "Man", vrouw: "Vrouw", x: "X" },
  optional: "Niet verplicht.",
  emailFixed:
    "Je inschrijving hoort bij dit e-mailadres; het kan niet worden gewijzigd.",
  marketingHint:
    "We sturen je af en toe een e-mail over nieuwe oriëntatiedagen en workshops. Afmelden kan altijd, met de link onder elke e-mail.",
  send: (created: boolean) => (created ? "Wijziging versturen" : "Versturen"),
} as const;
