/**
 * Field rules shared by the forms, with the messages of spec section 5. Conform turns empty inputs into
 * undefined, so "required" is the message for a missing value.
 */
import { z } from "zod";
import { VALIDATION } from "~/messages";

/** Spec: local part, @, domain, a top-level part of 2-4 letters, case-insensitive. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

/*
 * C0 and C1 control characters and DEL; the second pattern spares tab and line breaks, which a message keeps.
 * Matching control characters is the point of these patterns.
 */
/* eslint-disable no-control-regex */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;
const CONTROLS_BUT_LINES =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/* eslint-enable no-control-regex */
/**
 * Unicode's format characters (category Cf): zero-width spaces and joiners, the byte-order mark, soft hyphens, and
 * the direction marks, embeddings, overrides and isolates (U+202E turns "Jan gnp.exe" into "Jan exe.png" on the
 * organiser's screen). They show nothing themselves, so a name or message of only these is empty (decision 0056).
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/**
 * Removes control characters (NUL, ESC, …) and invisible format characters (zero-width spaces, direction
 * overrides) that a person does not mean to type but a script or a paste may post, before they reach the
 * upstream and its mails. A one-line field loses line breaks too; a message keeps them.
 */
export function stripControlCharacters(
  value: string,
  { multiline = false } = {},
): string {
  return value
    .replace(multiline ? CONTROLS_BUT_LINES : CONTROL_CHARACTERS, "")
    .replace(FORMAT_CHARACTERS, "");
}

interface TextOptions {
  /** Keep line breaks and tabs (a message). */
  multiline?: boolean;
}

/** A required text of at most `max` characters; `label` names the field in the length message. */
export function requiredText(
  label: string,
  max: number,
  { multiline = false }: TextOptions = {},
) {
  return z
    .string({ error: VALIDATION.required })
    .overwrite((value) => stripControlCharacters(value, { multiline }))
    .trim()
    .min(1, VALIDATION.required)
    .max(max, VALIDATION.invalid(label));
}

export function optionalText(
  label: string,
  max: number,
  { multiline = false }: TextOptions = {},
) {
  return z
    .string()
    .overwrite((value) => stripControlCharacters(value, { multiline }))
    .trim()
    .max(max, VALIDATION.invalid(label))
    .optional();
}

/**
 * An id from a form: a plain decimal integer ("12"), nothing Number() would also read ("0x10", "1e2", "+1",
 * " 7"). Ids are at most ten digits, as the upstream's are.
 */
export function formId(label: string) {
  return z
    .string({ error: VALIDATION.invalid(label) })
    .regex(/^[1-9][0-9]{0,9}$/, VALIDATION.invalid(label))
    .transform(Number);
}

/** The spec's pattern, then the upstream contract's e-mail check, so an address that passes here is accepted there. */
export function emailAddress() {
  return z
    .string({ error: VALIDATION.required })
    .trim()
    .max(254, VALIDATION.email)
    .regex(EMAIL_PATTERN, VALIDATION.email)
    .pipe(z.email(VALIDATION.email));
}
