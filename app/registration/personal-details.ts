/**
 * The personal details of the final form (spec "EventRegistration", section 5): its fields, declared once in
 * app/messages/registration-form.ts (DETAILS_FIELDS: name, label, rules, messages), which the browser (Conform's
 * onValidate) and the action (as a Zod schema) both check, and the step from the parsed form to the upstream's
 * pending-confirmation body and back to the form's starting values. Field names are the payload's own, so nothing
 * is renamed on the way.
 */
import { cleanText } from "~/lib/form-rules";
import type { FormInput, FormRules, FormValue } from "~/lib/form-rules";
import { schemaFor } from "~/lib/validation";
import { DETAILS_FIELDS } from "~/messages";
import type { PendingConfirmationBody, Registration } from "#contract";

/** The form offers one or two persons; the upstream wants the number. */
export const NUMBER_OF_PERSONS = DETAILS_FIELDS.aantalPersonen.values;

export interface PersonalDetailsOptions {
  /**
   * The registration was confirmed before: a change. Its e-mail address is fixed, so there is nothing to repeat.
   */
  created: boolean;
}

/** A new registration repeats its e-mail address; the mismatch is reported on the repeated field. */
const NEW_REGISTRATION_RULES = DETAILS_FIELDS;
/** A created registration's address is fixed ('Bevestig E-mailadres' is not asked). */
const { repeatEmail: _repeatEmail, ...CHANGE_RULES } = DETAILS_FIELDS;

/** The rules the browser checks as the student types (Conform's onValidate). */
export function personalDetailsRules({
  created,
}: PersonalDetailsOptions): FormRules {
  return created ? CHANGE_RULES : NEW_REGISTRATION_RULES;
}

/** The action's schema: the same rules, with Zod. */
export function personalDetailsSchema({ created }: PersonalDetailsOptions) {
  return created ? schemaFor(CHANGE_RULES) : schemaFor(NEW_REGISTRATION_RULES);
}

/** The form's values as typed (every field the form can have). */
export type PersonalDetailsInput = FormInput<typeof NEW_REGISTRATION_RULES>;
export type PersonalDetails = FormValue<typeof CHANGE_RULES>;

/** Nothing that shows: empty, spaces, or only invisible fillers (issue 43), as the field rules count empty. */
const isBlank = (value: FormDataEntryValue | null) =>
  typeof value !== "string" || cleanText(value).trim() === "";

/**
 * Without JavaScript nothing copies the calling name to the first name or back while typing: when exactly one
 * of the two is given, the other takes its value (a copy; the original is left alone).
 */
export function withNamesFilledIn(formData: FormData): FormData {
  const filled = new FormData();
  for (const [name, value] of formData) filled.append(name, value);
  const display = formData.get("display");
  const voornaam = formData.get("voornaam");
  if (isBlank(voornaam) && !isBlank(display))
    filled.set("voornaam", String(display).trim());
  if (isBlank(display) && !isBlank(voornaam))
    filled.set("display", String(voornaam).trim());
  return filled;
}

/**
 * The upstream's pending-confirmation body. Spec section 5: the gender goes lowercased (the radios' values are)
 * and the number of persons as a number; empty optional fields go as null.
 */
export function toPendingConfirmationBody(
  details: PersonalDetails,
): PendingConfirmationBody {
  return {
    geslacht: details.geslacht,
    display: details.display,
    voornaam: details.voornaam,
    tussenvoegsel: details.tussenvoegsel || null,
    achternaam: details.achternaam,
    klas: details.klas,
    aantalPersonen: details.aantalPersonen === "2" ? 2 : 1,
    telefoonnummer: details.telefoonnummer || null,
    emailadres: details.emailadres,
    marketingOptin: details.marketingOptin,
  };
}

/** The form's starting values: what the registration already holds (a created one holds everything). */
export function personalDetailsDefaults(
  registration: Registration,
): Partial<Record<keyof PersonalDetailsInput, string>> {
  const email = registration.emailadres ?? undefined;
  return {
    geslacht: registration.geslacht ?? undefined,
    display: registration.display ?? undefined,
    voornaam: registration.voornaam ?? undefined,
    tussenvoegsel: registration.tussenvoegsel ?? undefined,
    achternaam: registration.achternaam ?? undefined,
    klas: registration.klas ?? undefined,
    aantalPersonen: String(registration.aantalPersonen ?? 1),
    telefoonnummer: registration.telefoonnummer ?? undefined,
    emailadres: email,
    repeatEmail: registration.created === null ? email : undefined,
    marketingOptin: registration.marketingOptin ? "on" : undefined,
  };
}
