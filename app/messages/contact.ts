/** The contact page's question form. */
import type { FormRules } from "~/lib/form-rules";
import { QUESTION_TOPICS } from "#contract/values";

/**
 * The question form's fields, each declared once, in the order of the page (the error summary lists them so): the
 * name it posts (the upstream's own), its label, its rules and any message of its own (decision 0077). The
 * lengths are the contract's (SupportQuestionSchema).
 */
export const QUESTION_FIELDS = {
  name: { kind: "text", label: "Naam", max: 200 },
  email: { kind: "email", label: "E-mailadres" },
  // The label says the field is optional; the length message names the field without that.
  school: {
    kind: "text",
    label: "School (optioneel)",
    max: 200,
    optional: true,
    messages: { invalid: 'Ongeldige invoer in veld "School"' },
  },
  klas: {
    kind: "text",
    label: "Klas (optioneel)",
    max: 50,
    optional: true,
    messages: { invalid: 'Ongeldige invoer in veld "Klas"' },
  },
  questionAbout: {
    kind: "choice",
    label: "Mijn vraag gaat over",
    values: QUESTION_TOPICS,
  },
  message: { kind: "text", label: "Bericht", max: 5000, multiline: true },
} as const satisfies FormRules;

export const CONTACT_FORM = {
  title: "Stel een vraag",
  heading: "Jouw vraag",
  choose: "Maak een keuze",
  send: "Versturen",
  locations: "Locaties",
  moreAbout: (location: string) => `Meer over ${location}`,
} as const;
