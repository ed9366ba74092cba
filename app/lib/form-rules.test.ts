/**
 * The browser's checks (form-rules.ts) and the server's Zod schemas built from the same rules (validation.ts) must
 * say the same thing: for every form, over generated and hand-picked inputs, the same fields refused with the same
 * first message, and the same HTML constraints on the inputs.
 */
import { parseWithZod, getZodConstraint } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOGIN_RULES } from "~/components/registration/login-box";
import { VALIDATION } from "~/messages";
import { personalDetailsRules } from "~/registration/personal-details";
import { QUESTION_RULES } from "~/routes/contact";
import { checkForm, constraintsOf, labelsOf } from "./form-rules";
import type { FormRules } from "./form-rules";
import { schemaFor } from "./validation";

/** A form whose fields have messages of their own (FieldMessages), of every kind that can have one. */
const OWN_MESSAGES = {
  naam: {
    kind: "text",
    label: "Naam",
    max: 5,
    messages: { required: "Vul je naam in", invalid: "Naam te lang" },
  },
  adres: {
    kind: "email",
    label: "Adres",
    messages: { required: "Vul je adres in", invalid: "Geen adres" },
  },
  herhaal: {
    kind: "email",
    label: "Herhaal",
    sameAs: "adres",
    messages: { mismatch: "Niet hetzelfde adres" },
  },
  keuze: {
    kind: "choice",
    label: "Keuze",
    values: ["1", "2"],
    messages: { required: "Kies er een", invalid: "Geen keuze van de lijst" },
  },
  vinkje: { kind: "checkbox", label: "Vinkje", messages: { invalid: "Nee" } },
} as const satisfies FormRules;

const FORMS: Record<string, FormRules> = {
  "own messages": OWN_MESSAGES,
  "new registration": personalDetailsRules({ created: false }),
  "changed registration": personalDetailsRules({ created: true }),
  login: LOGIN_RULES,
  question: QUESTION_RULES,
};

/** Values that sit on the rules' edges: empty, blank, invisible, too long, almost an address, a list's members. */
const EDGES = [
  "",
  " ",
  "\t\n",
  "\u200B",
  "\u202E",
  // Invisible fillers (issue 43): default-ignorable, and blanks that are not.
  "\u3164",
  "\u115F\u1160\uFFA0",
  "\u2800",
  "\uFE0F",
  "\u{E0041}",
  "\u3164".repeat(201),
  "\u3164Jan",
  "a\u0000b",
  "Jan",
  " Jan ",
  "x".repeat(30),
  "x".repeat(31),
  "x".repeat(50),
  "x".repeat(51),
  "x".repeat(100),
  "x".repeat(101),
  "x".repeat(200) + "\u200B",
  "x".repeat(201),
  "regel\nregel",
  "leerling@school.nl",
  "LEERLING@School.NL",
  " leerling@school.nl ",
  "leerling@school",
  "a@b.museum",
  "a..b@school.nl",
  ".a@school.nl",
  "a.@school.nl",
  "a@-school.nl",
  "a'b@school.nl",
  "a%b@school.nl",
  `${"a".repeat(245)}@school.nl`,
  "man",
  "vrouw",
  "x",
  "Man",
  "1",
  "2",
  "3",
  "on",
  "login",
  "Evenement",
  "Overig",
];

function formDataOf(values: Record<string, string | undefined>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) formData.append(name, value);
  return formData;
}

/** Each refused field's first message, as the browser and as the server say it. */
function verdicts(
  rules: FormRules,
  formData: FormData,
  schema = schemaFor(rules),
) {
  const first = (error: Record<string, string[] | null> | undefined) =>
    Object.fromEntries(
      Object.entries(error ?? {})
        .filter(([, messages]) => messages && messages.length > 0)
        .map(([name, messages]) => [name, messages![0]]),
    );
  return {
    browser: first(checkForm(formData, rules).reply().error),
    server: first(parseWithZod(formData, { schema }).reply().error),
  };
}

const valueArbitrary = fc.option(
  fc.oneof(
    fc.constantFrom(...EDGES),
    fc.string({ maxLength: 12 }),
    fc.emailAddress(),
    fc
      .tuple(fc.constantFrom(...EDGES), fc.constantFrom(...EDGES))
      .map(([a, b]) => a + b),
  ),
  { nil: undefined },
);

describe.each(Object.entries(FORMS))("the %s form", (_name, rules) => {
  it("puts the same HTML constraints on its inputs as the server's schema implies", () => {
    expect(constraintsOf(rules)).toEqual(getZodConstraint(schemaFor(rules)));
  });

  it("refuses the same fields with the same first message in the browser and on the server", () => {
    const names = Object.keys(rules);
    const schema = schemaFor(rules);
    fc.assert(
      fc.property(
        fc.record(
          Object.fromEntries(names.map((name) => [name, valueArbitrary])),
        ),
        (values) => {
          const { browser, server } = verdicts(
            rules,
            formDataOf(values as Record<string, string | undefined>),
            schema,
          );
          expect(browser).toEqual(server);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a repeated address", () => {
  const rules = {
    emailadres: { kind: "email", label: "E-mailadres" },
    repeatEmail: { kind: "email", label: "Herhaal", sameAs: "emailadres" },
    name: { kind: "text", label: "Naam", max: 10 },
  } as const satisfies FormRules;

  it("is compared once both addresses are valid, whatever else is wrong, in any case", () => {
    const mismatch = formDataOf({
      emailadres: "a@school.nl",
      repeatEmail: "b@school.nl",
    });
    expect(verdicts(rules, mismatch)).toEqual({
      browser: {
        name: VALIDATION.required,
        repeatEmail: VALIDATION.emailMismatch,
      },
      server: {
        name: VALIDATION.required,
        repeatEmail: VALIDATION.emailMismatch,
      },
    });
    const sameButCase = formDataOf({
      emailadres: "A@School.nl",
      repeatEmail: "a@school.NL",
      name: "Jan",
    });
    expect(verdicts(rules, sameButCase)).toEqual({ browser: {}, server: {} });
  });

  it("is not compared while the first address is itself wrong", () => {
    const formData = formDataOf({
      emailadres: "a@school",
      repeatEmail: "b@school.nl",
      name: "Jan",
    });
    expect(verdicts(rules, formData).browser).toEqual({
      emailadres: VALIDATION.email,
    });
  });
});

describe("a field's own messages", () => {
  it("replace the generic ones, in the browser and on the server alike", () => {
    const empty = formDataOf({});
    expect(verdicts(OWN_MESSAGES, empty)).toEqual({
      browser: {
        naam: "Vul je naam in",
        adres: "Vul je adres in",
        herhaal: VALIDATION.required,
        keuze: "Kies er een",
      },
      server: {
        naam: "Vul je naam in",
        adres: "Vul je adres in",
        herhaal: VALIDATION.required,
        keuze: "Kies er een",
      },
    });
    const wrong = formDataOf({
      naam: "Johannes",
      adres: "a@b",
      herhaal: "a@school.nl",
      keuze: "3",
      vinkje: "ja",
    });
    const said = {
      naam: "Naam te lang",
      adres: "Geen adres",
      keuze: "Geen keuze van de lijst",
      vinkje: "Nee",
    };
    expect(verdicts(OWN_MESSAGES, wrong)).toEqual({
      browser: said,
      server: said,
    });
    const mismatch = formDataOf({
      naam: "Jan",
      adres: "a@school.nl",
      herhaal: "b@school.nl",
      keuze: "1",
    });
    expect(verdicts(OWN_MESSAGES, mismatch).browser).toEqual({
      herhaal: "Niet hetzelfde adres",
    });
  });

  it("default to the spec's, naming a text by its label", () => {
    const rules = {
      klas: { kind: "text", label: "Klas", max: 3 },
    } as const satisfies FormRules;
    expect(verdicts(rules, formDataOf({ klas: "4 havo" }))).toEqual({
      browser: { klas: VALIDATION.invalid("Klas") },
      server: { klas: VALIDATION.invalid("Klas") },
    });
  });
});

describe("labelsOf", () => {
  it("gives each field with a label its label, in the order declared, and leaves hidden fields out", () => {
    const labels = labelsOf(QUESTION_RULES);
    expect(Object.entries(labels)).toEqual([
      ["name", "Naam"],
      ["email", "E-mailadres"],
      ["school", "School (optioneel)"],
      ["klas", "Klas (optioneel)"],
      ["questionAbout", "Mijn vraag gaat over"],
      ["message", "Bericht"],
    ]);
    expect(labelsOf(LOGIN_RULES)).toEqual({ email: "E-mailadres" });
  });
});
