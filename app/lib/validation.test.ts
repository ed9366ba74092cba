import { describe, expect, it } from "vitest";
import { VALIDATION } from "~/messages";
import {
  cleanText,
  emailAddress,
  formId,
  optionalText,
  requiredText,
  stripControlCharacters,
} from "./validation";

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

describe("control characters", () => {
  it("are removed from one-line texts, line breaks included", () => {
    expect(
      requiredText("Naam", 50).parse("Sam\u0000 de\u001b[31m\n Vries\u007f"),
    ).toBe("Sam de[31m Vries");
    expect(optionalText("Klas", 10).parse("\u00853B\t")).toBe("3B");
  });

  it("leave a message its line breaks and tabs", () => {
    expect(
      requiredText("Bericht", 100, { multiline: true }).parse(
        "Hoi,\r\n\tvraag\u0000?\n",
      ),
    ).toBe("Hoi,\r\n\tvraag?");
    expect(stripControlCharacters("a\nb", { multiline: true })).toBe("a\nb");
  });

  it("make a text of nothing but controls count as empty", () => {
    expect(
      firstMessage(requiredText("Naam", 50).safeParse("\u0000\u0007")),
    ).toBe(VALIDATION.required);
  });
});

describe("format characters (issue 34)", () => {
  it("make a name or message of nothing but zero-width and format characters count as empty", () => {
    for (const invisible of [
      "\u200b\u200b\u200b",
      "\u200c\u200d\u2060\ufeff",
      "\u202e\u202d\u2066\u2069\u200e\u200f",
      " \u200b \u00ad ",
    ]) {
      expect(
        firstMessage(requiredText("Naam", 50).safeParse(invisible)),
        JSON.stringify(invisible),
      ).toBe(VALIDATION.required);
      expect(
        firstMessage(
          requiredText("Bericht", 100, { multiline: true }).safeParse(
            invisible,
          ),
        ),
      ).toBe(VALIDATION.required);
    }
  });

  it("are removed where they hide among the letters: a right-to-left override cannot turn a name around", () => {
    expect(requiredText("Naam", 50).parse("Jan \u202egnp.exe")).toBe(
      "Jan gnp.exe",
    );
    expect(optionalText("School", 50).parse("\u200bDe\u2066 School")).toBe(
      "De School",
    );
    expect(
      requiredText("Bericht", 100, { multiline: true }).parse(
        "Hoi\u200b,\n\u202eleuk",
      ),
    ).toBe("Hoi,\nleuk");
  });

  it("leave letters of every script and emoji alone", () => {
    const text = "Zoë Çelik-Øster 山田 😀";
    expect(requiredText("Naam", 50).parse(text)).toBe(text);
  });
});

describe("invisible fillers (issue 43)", () => {
  /** One of each kind: default-ignorable fillers, blanks that are not, selectors, tags, joiners. */
  const INVISIBLE = [
    "\u3164", // Hangul filler
    "\u115f", // Hangul choseong filler
    "\u1160", // Hangul jungseong filler
    "\uffa0", // halfwidth Hangul filler
    "\u2800", // braille pattern blank
    "\u{16fe4}", // Khitan small script filler
    "\u{1d159}", // musical symbol null notehead
    "\u034f", // combining grapheme joiner
    "\ufe0f", // variation selector 16
    "\u{e0100}", // variation selector 17
    "\u180b", // Mongolian free variation selector
    "\u17b4", // Khmer inherent vowel
    "\u{e0041}\u{e007f}", // tags
    "\u2065", // unassigned, default-ignorable
    "\u3000", // ideographic space
  ];

  it.each(INVISIBLE.map((text) => [text.codePointAt(0)!.toString(16), text]))(
    "make a name of only U+%s count as empty, alone, repeated and with spaces",
    (_code, invisible) => {
      for (const value of [invisible, invisible.repeat(60), ` ${invisible} `]) {
        expect(firstMessage(requiredText("Naam", 50).safeParse(value))).toBe(
          VALIDATION.required,
        );
        expect(
          firstMessage(
            requiredText("Bericht", 100, { multiline: true }).safeParse(
              `${value}\n`,
            ),
          ),
        ).toBe(VALIDATION.required);
        // An optional field of only those is left empty, not filled with nothing visible.
        expect(optionalText("Tussenvoegsel", 30).parse(value)).toBe("");
      }
    },
  );

  it("make every mix of them count as empty", () => {
    expect(
      firstMessage(
        requiredText("Naam", 50).safeParse(INVISIBLE.join(" \u200b")),
      ),
    ).toBe(VALIDATION.required);
  });

  it("stay in a text that shows something: a Korean name, an emoji with its selector", () => {
    expect(requiredText("Naam", 50).parse("\u3164Jan")).toBe("\u3164Jan");
    expect(requiredText("Naam", 50).parse("Ha\u1160n")).toBe("Ha\u1160n");
    expect(requiredText("Bericht", 50).parse("Top \u2764\ufe0f")).toBe(
      "Top \u2764\ufe0f",
    );
    expect(cleanText("\u2800a")).toBe("\u2800a");
  });
});

describe("formId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["9999999999", 9999999999],
  ])("reads %s", (value, id) => {
    expect(formId("x").parse(value)).toBe(id);
  });

  it.each([
    "0",
    "007",
    "0x10",
    "1e2",
    "+1",
    "-1",
    " 7",
    "7 ",
    "1.0",
    "12345678901",
    "",
    "één",
  ])("refuses %j", (value) => {
    expect(firstMessage(formId("school").safeParse(value))).toBe(
      VALIDATION.invalid("school"),
    );
  });
});
