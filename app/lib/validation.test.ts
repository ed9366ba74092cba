import { describe, expect, it } from "vitest";
import { VALIDATION } from "~/messages";
import { emailAddress, optionalText, requiredText } from "./validation";

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("emailAddress", () => {
  it.each(["leerling@school.nl", "Voor.Naam+tag@sub.domein.info", "A@B.NL"])(
    "accepts %s",
    (value) => {
      expect(emailAddress().safeParse(value).success).toBe(true);
    },
  );

  it.each([
    "geen-apenstaart",
    "a@b",
    "a@b.c",
    "a@b.museum",
    "a b@c.nl",
    "a@b.n1",
  ])("refuses %s with the spec's message", (value) => {
    expect(firstMessage(emailAddress().safeParse(value))).toBe(
      VALIDATION.email,
    );
  });

  it("says required when the value is missing", () => {
    expect(firstMessage(emailAddress().safeParse(undefined))).toBe(
      VALIDATION.required,
    );
  });
});

describe("requiredText and optionalText", () => {
  it("trims, requires and limits", () => {
    expect(requiredText("Naam", 5).parse("  Jan  ")).toBe("Jan");
    expect(firstMessage(requiredText("Naam", 5).safeParse("   "))).toBe(
      VALIDATION.required,
    );
    expect(firstMessage(requiredText("Naam", 5).safeParse(undefined))).toBe(
      VALIDATION.required,
    );
    expect(firstMessage(requiredText("Naam", 5).safeParse("Johannes"))).toBe(
      VALIDATION.invalid("Naam"),
    );
  });

  it("lets optional text be missing", () => {
    expect(optionalText("Klas", 3).parse(undefined)).toBeUndefined();
    expect(firstMessage(optionalText("Klas", 3).safeParse("4 havo"))).toBe(
      VALIDATION.invalid("Klas"),
    );
  });
});
