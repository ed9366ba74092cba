import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { draftRegistration } from "../../tests/fixtures/app";
import { VALIDATION } from "~/messages";
import type { Registration } from "#contract";
import { labelsOf } from "~/lib/form-rules";
import {
  personalDetailsDefaults,
  personalDetailsRules,
  personalDetailsSchema,
  toPendingConfirmationBody,
  withNamesFilledIn,
} from "./personal-details";

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

const complete = {
  geslacht: "vrouw",
  display: "Sanne",
  voornaam: "Susanna",
  tussenvoegsel: "de",
  achternaam: "Vries",
  klas: "4 havo",
  aantalPersonen: "2",
  telefoonnummer: "06 12345678",
  emailadres: "sanne@example.nl",
  repeatEmail: "sanne@example.nl",
  marketingOptin: "on",
};

/** As the action parses: Conform turns empty inputs into missing values and "on" into true. */
function parse(values: Record<string, string>, created = false) {
  return parseWithZod(formData(values), {
    schema: personalDetailsSchema({ created }),
  });
}

function errorsOf(values: Record<string, string>, created = false) {
  const submission = parse(values, created);
  return submission.status === "success" ? {} : submission.error;
}

describe("personalDetailsSchema", () => {
  it("accepts a complete form", () => {
    const submission = parse(complete);
    expect(submission.status).toBe("success");
  });

  it("says 'Dit veld is verplicht' for every required field of an empty form", () => {
    expect(errorsOf({})).toEqual({
      geslacht: [VALIDATION.required],
      display: [VALIDATION.required],
      voornaam: [VALIDATION.required],
      achternaam: [VALIDATION.required],
      klas: [VALIDATION.required],
      aantalPersonen: [VALIDATION.required],
      emailadres: [VALIDATION.required],
      repeatEmail: [VALIDATION.required],
    });
  });

  it("treats blank text as missing", () => {
    expect(errorsOf({ ...complete, achternaam: "   " })).toEqual({
      achternaam: [VALIDATION.required],
    });
  });

  it("refuses an invalid e-mail address in both fields", () => {
    expect(
      errorsOf({ ...complete, emailadres: "sanne@school", repeatEmail: "x" }),
    ).toEqual({
      emailadres: [VALIDATION.email],
      repeatEmail: [VALIDATION.email],
    });
  });

  it("says the addresses differ on the repeated field, also while other fields are wrong", () => {
    expect(
      errorsOf({ ...complete, klas: "", repeatEmail: "sanne@example.com" }),
    ).toEqual({
      klas: [VALIDATION.required],
      repeatEmail: [VALIDATION.emailMismatch],
    });
  });

  it("ignores case when comparing the addresses", () => {
    expect(parse({ ...complete, repeatEmail: "Sanne@Example.NL" }).status).toBe(
      "success",
    );
  });

  it("only allows the spec's genders and numbers of persons", () => {
    expect(errorsOf({ ...complete, geslacht: "anders" })).toEqual({
      geslacht: [VALIDATION.required],
    });
    expect(errorsOf({ ...complete, aantalPersonen: "3" })).toEqual({
      aantalPersonen: [VALIDATION.required],
    });
  });

  it("limits lengths with the default message", () => {
    expect(errorsOf({ ...complete, klas: "k".repeat(51) })).toEqual({
      klas: [VALIDATION.invalid("Klas")],
    });
  });

  it("has no repeated address for a created registration", () => {
    const { repeatEmail: _, ...withoutRepeat } = complete;
    expect(parse(withoutRepeat, true).status).toBe("success");
  });
});

describe("withNamesFilledIn", () => {
  it("copies the calling name to an empty first name", () => {
    const filled = withNamesFilledIn(
      formData({ display: " Sanne ", voornaam: "" }),
    );
    expect(filled.get("voornaam")).toBe("Sanne");
    expect(filled.get("display")).toBe(" Sanne ");
  });

  it("takes a name of only invisible fillers for an empty one (issue 43)", () => {
    const filled = withNamesFilledIn(
      formData({ display: "Sanne", voornaam: "\u3164\u200b" }),
    );
    expect(filled.get("voornaam")).toBe("Sanne");
    const neither = withNamesFilledIn(
      formData({ display: "\u2800", voornaam: "\u3164" }),
    );
    expect([neither.get("display"), neither.get("voornaam")]).toEqual([
      "\u2800",
      "\u3164",
    ]);
  });

  it("copies the first name to an empty calling name", () => {
    const filled = withNamesFilledIn(formData({ voornaam: "Susanna" }));
    expect(filled.get("display")).toBe("Susanna");
  });

  it("leaves both alone when both or neither are given", () => {
    const both = withNamesFilledIn(
      formData({ display: "Sanne", voornaam: "Susanna" }),
    );
    expect([both.get("display"), both.get("voornaam")]).toEqual([
      "Sanne",
      "Susanna",
    ]);
    const neither = withNamesFilledIn(formData({ display: " " }));
    expect([neither.get("display"), neither.get("voornaam")]).toEqual([
      " ",
      null,
    ]);
  });

  it("lets a form with only one of the two names pass the schema, as the action parses it", () => {
    const { voornaam: _voornaam, ...withoutFirstName } = complete;
    const submission = parseWithZod(
      withNamesFilledIn(formData(withoutFirstName)),
      { schema: personalDetailsSchema({ created: false }) },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.voornaam).toBe(
      "Sanne",
    );
    expect(errorsOf(withoutFirstName)).toEqual({
      voornaam: [VALIDATION.required],
    });
  });

  it("does not change the form data it was given", () => {
    const original = formData({ display: "Sanne" });
    withNamesFilledIn(original);
    expect(original.get("voornaam")).toBeNull();
  });
});

describe("toPendingConfirmationBody", () => {
  it("sends the number of persons as a number and empty optionals as null", () => {
    const submission = parse({
      ...complete,
      tussenvoegsel: "",
      telefoonnummer: "",
      aantalPersonen: "1",
      marketingOptin: "",
    });
    if (submission.status !== "success") throw new Error("not parsed");
    expect(toPendingConfirmationBody(submission.value)).toEqual({
      geslacht: "vrouw",
      display: "Sanne",
      voornaam: "Susanna",
      tussenvoegsel: null,
      achternaam: "Vries",
      klas: "4 havo",
      aantalPersonen: 1,
      telefoonnummer: null,
      emailadres: "sanne@example.nl",
      marketingOptin: false,
    });
  });

  it("keeps the given optionals and the opt-in", () => {
    const submission = parse(complete);
    if (submission.status !== "success") throw new Error("not parsed");
    expect(toPendingConfirmationBody(submission.value)).toMatchObject({
      tussenvoegsel: "de",
      telefoonnummer: "06 12345678",
      aantalPersonen: 2,
      marketingOptin: true,
    });
  });
});

describe("personalDetailsDefaults", () => {
  const draft = draftRegistration();

  it("starts a new registration with one person and nothing else", () => {
    // toEqual passes over the fields that are undefined.
    expect(personalDetailsDefaults(draft)).toEqual({ aantalPersonen: "1" });
  });

  it("fills in what a created registration holds, without a repeated address", () => {
    const created: Registration = {
      ...draft,
      created: "2026-11-01T10:00:00+00:00",
      geslacht: "x",
      display: "Sam",
      voornaam: "Samuel",
      tussenvoegsel: "de",
      achternaam: "Tester",
      klas: "3B",
      telefoonnummer: "0612345678",
      emailadres: "sam@example.nl",
      aantalPersonen: 2,
      marketingOptin: true,
    };
    expect(personalDetailsDefaults(created)).toEqual({
      geslacht: "x",
      display: "Sam",
      voornaam: "Samuel",
      tussenvoegsel: "de",
      achternaam: "Tester",
      klas: "3B",
      aantalPersonen: "2",
      telefoonnummer: "0612345678",
      emailadres: "sam@example.nl",
      repeatEmail: undefined,
      marketingOptin: "on",
    });
  });
});

describe("the final form's fields", () => {
  it("are labelled once, in the order of the page; a change asks no repeated address", () => {
    const labels = [
      ["geslacht", "Geslacht"],
      ["display", "Roepnaam"],
      ["voornaam", "Voornaam"],
      ["tussenvoegsel", "Tussenvoegsel"],
      ["achternaam", "Achternaam"],
      ["klas", "Klas"],
      ["aantalPersonen", "Aantal personen"],
      ["telefoonnummer", "Telefoonnummer"],
      ["emailadres", "E-mailadres"],
      ["repeatEmail", "Bevestig E-mailadres"],
      ["marketingOptin", "Ja, ik blijf graag op de hoogte"],
    ];
    expect(
      Object.entries(labelsOf(personalDetailsRules({ created: false }))),
    ).toEqual(labels);
    expect(
      Object.entries(labelsOf(personalDetailsRules({ created: true }))),
    ).toEqual(labels.filter(([name]) => name !== "repeatEmail"));
  });

  it("name a text field by its label in the length message", () => {
    expect(errorsOf({ ...complete, klas: "x".repeat(51) })).toEqual({
      klas: [VALIDATION.invalid("Klas")],
    });
  });
});
