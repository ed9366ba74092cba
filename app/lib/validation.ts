/**
 * Field rules shared by the forms, with the messages of spec section 5. Conform turns empty inputs into
 * undefined, so "required" is the message for a missing value.
 */
import { z } from "zod";
import {
  CONTRACT_EMAIL_PATTERN,
  EMAIL_MAX,
  EMAIL_PATTERN,
  cleanText,
} from "~/lib/form-rules";
import type {
  FieldRule,
  FormInput,
  FormRules,
  FormValue,
} from "~/lib/form-rules";
import { VALIDATION } from "~/messages";

export {
  EMAIL_PATTERN,
  cleanText,
  stripControlCharacters,
} from "~/lib/form-rules";

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
    .overwrite((value) => cleanText(value, { multiline }))
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
    .overwrite((value) => cleanText(value, { multiline }))
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
    .max(EMAIL_MAX, VALIDATION.email)
    .regex(EMAIL_PATTERN, VALIDATION.email)
    .pipe(
      z.email({ pattern: CONTRACT_EMAIL_PATTERN, error: VALIDATION.email }),
    );
}

/** The Zod schema of one field rule (app/lib/form-rules.ts). */
function schemaOf(rule: FieldRule) {
  switch (rule.kind) {
    case "text":
      return rule.required
        ? requiredText(rule.label, rule.max, rule)
        : optionalText(rule.label, rule.max, rule);
    case "email":
      return rule.required ? emailAddress() : emailAddress().optional();
    case "choice":
      return z.enum(rule.values as [string, ...string[]], {
        error: VALIDATION.required,
      });
    case "literal":
      return z.literal(rule.value, { error: VALIDATION.required });
    // An unticked checkbox sends nothing.
    case "checkbox":
      return z.boolean({ error: VALIDATION.required }).default(false);
    case "any":
      return z.string({ error: VALIDATION.required }).optional();
  }
}

/**
 * The server's schema for a form's rules: the same checks the browser makes, and the authority. A repeated
 * address (`sameAs`) is compared once both addresses are valid on their own, even while other fields are still
 * wrong, so every message shows at once; the mismatch is reported on the repeat.
 */
export function schemaFor<Rules extends FormRules>(
  rules: Rules,
): z.ZodType<FormValue<Rules>, FormInput<Rules>> {
  const shape = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [name, schemaOf(rule)]),
  );
  let schema = z.object(shape);
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.kind !== "email" || rule.sameAs === undefined) continue;
    const original = rule.sameAs;
    const addresses = z.object({
      [original]: emailAddress(),
      [name]: emailAddress(),
    });
    schema = schema.refine(
      (value) =>
        String(value[name]).toLowerCase() ===
        String(value[original]).toLowerCase(),
      {
        message: VALIDATION.emailMismatch,
        path: [name],
        when: (payload) => addresses.safeParse(payload.value).success,
      },
    );
  }
  // The rules' types say what each field's schema lets through; Zod cannot follow the mapping above.
  return schema as unknown as z.ZodType<FormValue<Rules>, FormInput<Rules>>;
}
