/**
 * Field rules shared by the forms, with the messages of spec section 5. Conform turns empty inputs into
 * undefined, so "required" is the message for a missing value.
 */
import { z } from "zod";
import { VALIDATION } from "~/messages";

/** Spec: local part, @, domain, a top-level part of 2-4 letters, case-insensitive. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

/** A required text of at most `max` characters; `label` names the field in the length message. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(max, VALIDATION.invalid(label));
}

export function optionalText(label: string, max: number) {
  return z.string().trim().max(max, VALIDATION.invalid(label)).optional();
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
