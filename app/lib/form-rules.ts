/**
 * The forms' field rules as plain data (decision 0068), each field declared once with its label and messages
 * (decision 0077). The browser checks a form against them as the student types, without Zod in the page; the server builds its Zod schema from the same rules (`schemaFor`, app/lib/validation.ts)
 * and stays the authority. A unit test runs both over the same inputs and requires the same first message per
 * field, so the two cannot drift apart.
 */
import { parse } from "@conform-to/react";
import type { Submission } from "@conform-to/react";
// Not the index: the forms' field declarations in ~/messages import this module's types.
import { VALIDATION } from "~/messages/common";

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

/**
 * Messages a field has of its own, where the specification or a product text needs one; without, the spec's
 * generic ones (section 5) apply.
 */
export interface FieldMessages {
  /** Left empty, or nothing of it shows. Default: 'Dit veld is verplicht'. */
  required?: string;
  /**
   * A value the rule refuses: a text too long (default 'Ongeldige invoer in veld "{label}"'), no address (default
   * 'Voer een geldig e-mailadres in.'), a value not on the list or a forged checkbox (default 'Dit veld is verplicht').
   */
  invalid?: string;
  /** A repeated address that differs (`sameAs`). Default: 'Het e-mailadres komt niet overeen'. */
  mismatch?: string;
}

/**
 * One field of a form, declared once: its kind and rules, its visible name (`label`: the field's label or legend,
 * the error summary's name for it and the `{field}` of the length message) and any message of its own. A form is
 * a record of these in the order of the page, keyed by the field's name as posted.
 */
export type FieldRule =
  /** A text of at most `max` characters once cleaned and trimmed. */
  | {
      kind: "text";
      label: string;
      max: number;
      optional?: boolean;
      /** Keep line breaks and tabs (a message). */
      multiline?: boolean;
      messages?: FieldMessages;
    }
  /** An e-mail address; `sameAs` names the field it must repeat (the mismatch is reported here). */
  | {
      kind: "email";
      label: string;
      optional?: boolean;
      sameAs?: string;
      messages?: FieldMessages;
    }
  /** One of a closed list of values, required. */
  | {
      kind: "choice";
      label: string;
      values: readonly string[];
      messages?: FieldMessages;
    }
  /** A checkbox: ticked or not. */
  | { kind: "checkbox"; label: string; messages?: FieldMessages }
  /** A hidden field that must carry exactly this value (a form's intent). */
  | { kind: "literal"; value: string }
  /** Anything or nothing, never an error (the honeypot: the action decides what a filled one means). */
  | { kind: "any" };

export type FormRules = Record<string, FieldRule>;

/** What a rule lets through, as the server's schema outputs it. */
type ValueOf<Rule extends FieldRule> = Rule extends {
  kind: "text" | "email";
  optional: true;
}
  ? string | undefined
  : Rule extends { kind: "text" | "email" }
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

/** A field's messages: its own where it has them, the spec's generic ones otherwise. */
export function messagesOf(rule: FieldRule): Required<FieldMessages> {
  const own = "messages" in rule ? rule.messages : undefined;
  const invalid =
    rule.kind === "text"
      ? VALIDATION.invalid(rule.label)
      : rule.kind === "email"
        ? VALIDATION.email
        : VALIDATION.required;
  return {
    required: own?.required ?? VALIDATION.required,
    invalid: own?.invalid ?? invalid,
    mismatch: own?.mismatch ?? VALIDATION.emailMismatch,
  };
}

/** Whether the field must be filled in (a text or an address not declared optional). */
const isOptional = (rule: FieldRule) =>
  (rule.kind === "text" || rule.kind === "email") && rule.optional === true;

/**
 * Each field's visible name, in the order of the declaration (the page's): the error summary lists the invalid
 * fields so. Hidden fields (an intent, the honeypot) have none.
 */
export function labelsOf<Rules extends FormRules>(rules: Rules): Labels<Rules> {
  const labels: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules))
    if ("label" in rule) labels[name] = rule.label;
  return labels as Labels<Rules>;
}

/** The visible names of a form's fields that have one. */
export type Labels<Rules extends FormRules> = {
  [
    Name in keyof Rules as Rules[Name] extends { label: string } ? Name : never
  ]: string;
};

/** What a form posts for a field, as Conform hands it over: empty inputs are missing. */
type Posted = unknown;

const isMissing = (value: Posted) =>
  value === undefined || value === null || value === "";

/** An address's own message, or null when it is fine (without the repeat check). */
function emailMessage(
  value: Posted,
  required: boolean,
  messages: Required<FieldMessages>,
): string | null {
  if (isMissing(value)) return required ? messages.required : null;
  if (typeof value !== "string") return messages.required;
  const address = value.trim();
  if (address.length > EMAIL_MAX || !EMAIL_PATTERN.test(address))
    return messages.invalid;
  return CONTRACT_EMAIL_PATTERN.test(address) ? null : messages.invalid;
}

/** The first message for a field's value, or null when it is fine. `posted` is the whole form, for `sameAs`. */
export function fieldMessage(
  rule: FieldRule,
  value: Posted,
  posted: Record<string, Posted>,
): string | null {
  const messages = messagesOf(rule);
  const required = !isOptional(rule);
  switch (rule.kind) {
    case "text": {
      if (isMissing(value)) return required ? messages.required : null;
      if (typeof value !== "string") return messages.required;
      const text = cleanText(value, { multiline: rule.multiline }).trim();
      if (text === "") return required ? messages.required : null;
      return text.length > rule.max ? messages.invalid : null;
    }
    case "email": {
      const own = emailMessage(value, required, messages);
      if (own !== null || rule.sameAs === undefined) return own;
      const other = posted[rule.sameAs];
      // Once both addresses are valid on their own: every message at once, the mismatch on the repeat.
      if (emailMessage(other, true, messages) !== null) return null;
      return String(value).trim().toLowerCase() ===
        String(other).trim().toLowerCase()
        ? null
        : messages.mismatch;
    }
    case "choice":
      if (isMissing(value)) return messages.required;
      return typeof value === "string" && rule.values.includes(value)
        ? null
        : messages.invalid;
    case "literal":
      return value === rule.value ? null : messages.required;
    case "any":
      return isMissing(value) || typeof value === "string"
        ? null
        : messages.required;
    // A ticked checkbox posts "on"; nothing else comes from the form.
    case "checkbox":
      return isMissing(value) || value === "on" ? null : messages.invalid;
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
          return [name, { required: !isOptional(rule) }];
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
