/**
 * The forms' field rules as plain data (decision 0068). The browser checks a form against them as the student types,
 * without Zod in the page; the server builds its Zod schema from the same rules (`schemaFor`, app/lib/validation.ts)
 * and stays the authority. A unit test runs both over the same inputs and requires the same first message per
 * field, so the two cannot drift apart.
 */
import { parse } from "@conform-to/react";
import type { Submission } from "@conform-to/react";
import { VALIDATION } from "~/messages";

/** Spec: local part, @, domain, a top-level part of 2-4 letters, case-insensitive. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;
/**
 * The upstream contract's e-mail check (Zod's `z.email()` pattern), applied after the spec's: an address that
 * passes here is accepted there.
 */
export const CONTRACT_EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** The longest address the contract takes. */
export const EMAIL_MAX = 254;

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
 * A text that shows nothing (issue 43): only white space, Unicode's default-ignorable characters (the Hangul fillers
 * U+115F, U+1160, U+3164 and U+FFA0, variation selectors, the combining grapheme joiner, tags, and every format
 * character) and the fillers that are not default-ignorable but draw as a blank: U+2800 (braille pattern blank),
 * U+16FE4 (Khitan filler, a combining mark, so outside the class) and U+1D159 (musical null notehead). Such a text
 * counts as empty; one with any visible character keeps all of its characters (a variation selector after an
 * emoji is wanted).
 */
const INVISIBLE_ONLY =
  /^(?:[\s\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]|\u{16FE4})*$/u;

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

/**
 * A typed text as the forms take it: without control and format characters (`stripControlCharacters`), and empty
 * when nothing of it would show (only white space, fillers and other invisible characters), so a required field
 * gets the same 'required' message as when it was left empty, in the browser and on the server alike.
 */
export function cleanText(value: string, { multiline = false } = {}): string {
  const text = stripControlCharacters(value, { multiline });
  return INVISIBLE_ONLY.test(text) ? "" : text;
}

export type FieldRule =
  /** A text of at most `max` characters once cleaned and trimmed; `label` names the field in the length message. */
  | {
      kind: "text";
      label: string;
      max: number;
      required: boolean;
      multiline: boolean;
    }
  /** An e-mail address; `sameAs` names the field it must repeat (the mismatch is reported here). */
  | { kind: "email"; required: boolean; sameAs?: string }
  /** One of a closed list of values, required. */
  | { kind: "choice"; values: readonly string[] }
  /** A checkbox: ticked or not. */
  | { kind: "checkbox" }
  /** A hidden field that must carry exactly this value (a form's intent). */
  | { kind: "literal"; value: string }
  /** Anything or nothing, never an error (the honeypot: the action decides what a filled one means). */
  | { kind: "any" };

export type FormRules = Record<string, FieldRule>;

/** What a rule lets through, as the server's schema outputs it. */
type ValueOf<Rule extends FieldRule> = Rule extends {
  kind: "text" | "email";
  required: true;
}
  ? string
  : Rule extends { kind: "choice"; values: readonly (infer Value)[] }
    ? Value
    : Rule extends { kind: "literal"; value: infer Value }
      ? Value
      : Rule extends { kind: "checkbox" }
        ? boolean
        : string | undefined;

/** A form's checked values, field by field. */
export type FormValue<Rules extends FormRules> = {
  [Name in keyof Rules]: ValueOf<Rules[Name]>;
};

/** A form's values as typed (every field a text, or missing). */
export type FormInput<Rules extends FormRules> = {
  [Name in keyof Rules]?: string;
};

interface TextOptions {
  /** Keep line breaks and tabs (a message). */
  multiline?: boolean;
}

export const field = {
  text: (label: string, max: number, { multiline = false }: TextOptions = {}) =>
    ({ kind: "text", label, max, required: true, multiline }) as const,
  optionalText: (
    label: string,
    max: number,
    { multiline = false }: TextOptions = {},
  ) => ({ kind: "text", label, max, required: false, multiline }) as const,
  email: (sameAs?: string) =>
    ({ kind: "email", required: true, ...(sameAs ? { sameAs } : {}) }) as const,
  optionalEmail: () => ({ kind: "email", required: false }) as const,
  choice: <const Values extends readonly string[]>(values: Values) =>
    ({ kind: "choice", values }) as const,
  checkbox: () => ({ kind: "checkbox" }) as const,
  literal: <const Value extends string>(value: Value) =>
    ({ kind: "literal", value }) as const,
  any: () => ({ kind: "any" }) as const,
} satisfies Record<string, (...args: never[]) => FieldRule>;

/** What a form posts for a field, as Conform hands it over: empty inputs are missing. */
type Posted = unknown;

const isMissing = (value: Posted) =>
  value === undefined || value === null || value === "";

/** An address's own message, or null when it is fine (without the repeat check). */
function emailMessage(value: Posted, required: boolean): string | null {
  if (isMissing(value)) return required ? VALIDATION.required : null;
  if (typeof value !== "string") return VALIDATION.required;
  const address = value.trim();
  if (address.length > EMAIL_MAX || !EMAIL_PATTERN.test(address))
    return VALIDATION.email;
  return CONTRACT_EMAIL_PATTERN.test(address) ? null : VALIDATION.email;
}

/** The first message for a field's value, or null when it is fine. `posted` is the whole form, for `sameAs`. */
export function fieldMessage(
  rule: FieldRule,
  value: Posted,
  posted: Record<string, Posted>,
): string | null {
  switch (rule.kind) {
    case "text": {
      if (isMissing(value)) return rule.required ? VALIDATION.required : null;
      if (typeof value !== "string") return VALIDATION.required;
      const text = cleanText(value, { multiline: rule.multiline }).trim();
      if (text === "") return rule.required ? VALIDATION.required : null;
      return text.length > rule.max ? VALIDATION.invalid(rule.label) : null;
    }
    case "email": {
      const own = emailMessage(value, rule.required);
      if (own !== null || rule.sameAs === undefined) return own;
      const other = posted[rule.sameAs];
      // Once both addresses are valid on their own: every message at once, the mismatch on the repeat.
      if (emailMessage(other, true) !== null) return null;
      return String(value).trim().toLowerCase() ===
        String(other).trim().toLowerCase()
        ? null
        : VALIDATION.emailMismatch;
    }
    case "choice":
      return typeof value === "string" && rule.values.includes(value)
        ? null
        : VALIDATION.required;
    case "literal":
      return value === rule.value ? null : VALIDATION.required;
    case "any":
      return isMissing(value) || typeof value === "string"
        ? null
        : VALIDATION.required;
    // A ticked checkbox posts "on"; nothing else comes from the form.
    case "checkbox":
      return isMissing(value) || value === "on" ? null : VALIDATION.required;
  }
}

/** Every field's first message, keyed by field name; empty when the form is fine. */
export function formMessages(
  rules: FormRules,
  posted: Record<string, Posted>,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const message = fieldMessage(rule, posted[name], posted);
    if (message !== null) messages[name] = message;
  }
  return messages;
}

/**
 * The browser's check of a form (Conform's onValidate): the rules' messages, as Conform's submission. Its value is
 * the posted payload as it came (the browser only needs the messages; the action's schema makes the real value),
 * typed as the form's for Conform's sake.
 */
export function checkForm<Input, Value = Input>(
  formData: FormData,
  rules: FormRules,
): Submission<Input, string[], Value> {
  const submission = parse<Value, string[]>(formData, {
    resolve(posted) {
      const messages = formMessages(rules, posted as Record<string, Posted>);
      const names = Object.keys(messages);
      if (names.length === 0) return { value: posted as Value };
      return {
        error: Object.fromEntries(
          names.map((name) => [name, [messages[name]!]]),
        ),
      };
    },
  });
  // Input only names the fields for Conform's types; nothing of it is held at runtime.
  return submission as unknown as Submission<Input, string[], Value>;
}

/** The HTML constraints Conform puts on the inputs (required; a closed list as a pattern). */
export function constraintsOf(
  rules: FormRules,
): Record<string, { required: boolean; pattern?: string }> {
  return Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => {
      switch (rule.kind) {
        case "text":
        case "email":
          return [name, { required: rule.required }];
        case "choice":
          return [name, { required: true, pattern: rule.values.join("|") }];
        case "literal":
          return [name, { required: true }];
        case "checkbox":
        case "any":
          return [name, { required: false }];
      }
    }),
  );
}
