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
  messagesOf,
} from "~/lib/form-rules";
import type {
  FieldMessages,
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

type TextRule = Extract<FieldRule, { kind: "text" }>;

/** A text rule's schema: cleaned, trimmed, required unless optional, at most `max` characters. */
function textSchema(rule: TextRule) {
  const messages = messagesOf(rule);
  const text = z
    .string({ error: messages.required })
    .overwrite((value) => cleanText(value, { multiline: rule.multiline }))
    .trim();
  return rule.optional
    ? text.max(rule.max, messages.invalid).optional()
    : text.min(1, messages.required).max(rule.max, messages.invalid);
}

interface TextOptions {
  /** Keep line breaks and tabs (a message). */
  multiline?: boolean;
  messages?: FieldMessages;
}

/** A required text of at most `max` characters; `label` names the field in the length message. */
export function requiredText(
  label: string,
  max: number,
  options: TextOptions = {},
) {
  return textSchema({ kind: "text", label, max, ...options });
}

export function optionalText(
  label: string,
  max: number,
  options: TextOptions = {},
) {
  return textSchema({ kind: "text", label, max, optional: true, ...options });
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
export function emailAddress({
  required = VALIDATION.required,
  invalid = VALIDATION.email,
}: FieldMessages = {}) {
  return z
    .string({ error: required })
    .trim()
    .max(EMAIL_MAX, invalid)
    .regex(EMAIL_PATTERN, invalid)
    .pipe(z.email({ pattern: CONTRACT_EMAIL_PATTERN, error: invalid }));
}

/** The Zod schema of one field rule (app/lib/form-rules.ts), with the field's messages. */
function schemaOf(rule: FieldRule) {
  switch (rule.kind) {
    case "text":
      return textSchema(rule);
    case "email": {
      const address = emailAddress(messagesOf(rule));
      return rule.optional ? address.optional() : address;
    }
    case "choice": {
      const messages = messagesOf(rule);
      return z.enum(rule.values as [string, ...string[]], {
        error: (issue) =>
          issue.input === undefined ? messages.required : messages.invalid,
      });
    }
    case "literal":
      return z.literal(rule.value, { error: VALIDATION.required });
    // An unticked checkbox sends nothing.
    case "checkbox":
      return z.boolean({ error: messagesOf(rule).invalid }).default(false);
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
  // Made once per form: a form's rules are a constant, and building a Zod schema costs more than checking a post.
  const made = schemas.get(rules);
  if (made) return made as z.ZodType<FormValue<Rules>, FormInput<Rules>>;
  const schema = buildSchema(rules);
  schemas.set(rules, schema);
  return schema;
}

const schemas = new WeakMap<FormRules, z.ZodType>();

function buildSchema<Rules extends FormRules>(
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
        message: messagesOf(rule).mismatch,
        path: [name],
        when: (payload) => addresses.safeParse(payload.value).success,
      },
    );
  }
  // The rules' types say what each field's schema lets through; Zod cannot follow the mapping above.
  return schema as unknown as z.ZodType<FormValue<Rules>, FormInput<Rules>>;
}
