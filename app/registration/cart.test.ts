import { describe, expect, it } from "vitest";
import { CART } from "~/messages";
import { draftRegistration } from "../../tests/fixtures/app";
import type { Registration, Workshop } from "#contract";
import {
  addBlocker,
  badgeText,
  callToAction,
  cartView,
  choicesToAdd,
  choicesToRemove,
  preselectedRound,
  roundOptions,
  submitBlocker,
  submitButton,
} from "./cart";
import type { CartRound } from "./rounds";

const robotica = { id: 1, slug: "robotica", display: "Robotica" };
const horeca = { id: 2, slug: "horeca", display: "Horeca" };

function rounds(
  choices: Record<number, typeof robotica | null> = {},
): CartRound[] {
  return [1, 2, 3].map((number) => ({
    number,
    startTime: `0${8 + number}:00`,
    endTime: `0${8 + number}:45`,
    workshop: choices[number] ?? null,
    waitlist: null,
  }));
}

function workshop(
  available: number[],
  id = robotica.id,
): Pick<Workshop, "id" | "availability"> {
  return {
    id,
    availability: [1, 2, 3].map((round) => ({
      round,
      available: available.includes(round),
    })),
  };
}

function registration(overrides: Partial<Registration> = {}): Registration {
  return draftRegistration({
    orientationDay: {
      id: 7,
      // Out of order on purpose: the cart lists rounds by number.
      rondes: [2, 1].map((number) => ({
        number,
        startTime: `0${8 + number}:00`,
        endTime: `0${8 + number}:45`,
        selection: null,
      })),
    },
    choices: { "2": { workshop: horeca }, "1": null },
    ...overrides,
  });
}

describe("cartView", () => {
  it("lists the day's rounds in order, each with its one workshop, and counts the chosen ones", () => {
    const view = cartView(registration());
    expect(view.rounds.map((round) => round.number)).toEqual([1, 2]);
    expect(view.rounds.map((round) => round.workshop)).toEqual([null, horeca]);
    expect(view.count).toBe(1);
    expect(view.created).toBe(false);
  });

  it("is a change once the registration was created", () => {
    expect(
      cartView(registration({ created: "2026-01-01T10:00:00+01:00" })).created,
    ).toBe(true);
  });

  it("says until when the upstream holds the seats of an unconfirmed registration, on a Dutch clock", () => {
    const now = new Date("2026-07-01T12:00:00Z");
    const expires = "2026-07-01T12:35:00Z";
    expect(cartView(registration({ expires }), now).heldUntil).toBe("14:35");
    // Nothing held, confirmed, or an upstream that does not say: nothing said.
    expect(
      cartView(registration({ expires, choices: {} }), now).heldUntil,
    ).toBeNull();
    expect(
      cartView(registration({ expires, choices: {}, waitlist: [] }), now)
        .heldUntil,
    ).toBeNull();
    expect(
      cartView(
        registration({ expires: null, created: "2026-07-01T11:00:00Z" }),
        now,
      ).heldUntil,
    ).toBeNull();
    expect(cartView(registration(), now).heldUntil).toBeNull();
  });
});

describe("the hold of a registration that only waits (issue 43)", () => {
  const now = new Date("2026-07-01T12:00:00Z");
  const expires = "2026-07-01T12:30:00Z";
  const waiting = (rounds: number[]) =>
    registration({
      expires,
      choices: {},
      waitlist: rounds.map((round) => ({
        round,
        workshop: robotica,
        position: 2,
      })),
    });

  it("is said for waiting-list places when no seat is chosen", () => {
    expect(cartView(waiting([1]), now)).toMatchObject({
      count: 0,
      heldUntil: "14:30",
      waitlistPlaces: 1,
    });
    expect(cartView(waiting([1, 2]), now).waitlistPlaces).toBe(2);
  });

  it("reads as the seats' hold does, in Dutch", () => {
    expect(CART.waitlistHeldUntil("14:30", 1)).toBe(
      "Je plek op de wachtlijst blijft tot 14:30 voor je vastgehouden. Kies een workshop en rond je inschrijving voor die tijd af.",
    );
    expect(CART.waitlistHeldUntil("14:30", 2)).toMatch(
      /^Je plekken op de wachtlijsten blijven tot 14:30 voor je vastgehouden\./,
    );
  });

  it("is not said once confirmed", () => {
    expect(
      cartView(
        { ...waiting([1]), created: "2026-07-01T11:00:00Z", expires: null },
        now,
      ).heldUntil,
    ).toBeNull();
  });
});

describe("choicesToAdd", () => {
  it("puts the workshop in an empty round", () => {
    expect(choicesToAdd(rounds(), 2, robotica.id)).toEqual([
      { round: 2, workshop: robotica.id },
    ]);
  });

  it("replaces another workshop in the round with one call (one workshop per round)", () => {
    expect(choicesToAdd(rounds({ 2: horeca }), 2, robotica.id)).toEqual([
      { round: 2, workshop: robotica.id },
    ]);
  });

  it("moves a workshop between rounds: first out of the other round, then in", () => {
    expect(choicesToAdd(rounds({ 1: robotica }), 3, robotica.id)).toEqual([
      { round: 1, workshop: null },
      { round: 3, workshop: robotica.id },
    ]);
  });
});

describe("choicesToRemove", () => {
  it("empties the round", () => {
    expect(choicesToRemove(2)).toEqual([{ round: 2, workshop: null }]);
  });
});

describe("roundOptions and badgeText", () => {
  it("gives each round its badge", () => {
    const options = roundOptions(
      rounds({ 1: robotica, 2: horeca }),
      workshop([1, 2]),
      false,
    );
    expect(options.map(badgeText)).toEqual([
      "Toegevoegd aan inschrijving",
      "Huidige keuze: Horeca",
      "Niet beschikbaar",
    ]);
    expect(options.map((option) => option.selectable)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("offers free rounds with 'Kies deze ronde'", () => {
    expect(roundOptions(rounds(), workshop([2]), false).map(badgeText)).toEqual(
      ["Niet beschikbaar", "Kies deze ronde", "Niet beschikbaar"],
    );
  });

  it("keeps the visitor's own seat available when the round is otherwise full", () => {
    const [first] = roundOptions(rounds({ 1: robotica }), workshop([]), false);
    expect(first?.badge).toBe("added");
  });

  it("marks every round unavailable on a read-only day", () => {
    const options = roundOptions(
      rounds({ 1: robotica }),
      workshop([1, 2, 3]),
      true,
    );
    expect(options.map(badgeText)).toEqual([
      "Niet beschikbaar",
      "Niet beschikbaar",
      "Niet beschikbaar",
    ]);
    expect(options.some((option) => option.selectable)).toBe(false);
  });
});

describe("preselectedRound", () => {
  it("is the round holding this workshop", () => {
    expect(
      preselectedRound(
        roundOptions(rounds({ 3: robotica }), workshop([1, 2, 3]), false),
      ),
    ).toBe(3);
  });

  it("else the first available round without a choice", () => {
    expect(
      preselectedRound(
        roundOptions(rounds({ 1: horeca }), workshop([1, 2, 3]), false),
      ),
    ).toBe(2);
  });

  it("else the first available round", () => {
    expect(
      preselectedRound(
        roundOptions(
          rounds({ 1: horeca, 2: horeca, 3: horeca }),
          workshop([2, 3]),
          false,
        ),
      ),
    ).toBe(2);
  });

  it("is null when no round can be chosen", () => {
    expect(preselectedRound(roundOptions(rounds(), workshop([]), false))).toBe(
      null,
    );
  });
});

describe("callToAction", () => {
  const options = roundOptions(
    rounds({ 1: robotica, 2: horeca }),
    workshop([1, 2, 3]),
    false,
  );

  it("adds to an empty round", () => {
    expect(callToAction(options[2], false)).toEqual({
      label: "Toevoegen",
      disabled: false,
    });
  });

  it("changes a round that holds another workshop", () => {
    expect(callToAction(options[1], false)).toEqual({
      label: "Aanpassen",
      disabled: false,
    });
  });

  it("is disabled for the round that already holds this workshop", () => {
    expect(callToAction(options[0], false)).toEqual({
      label: "Geselecteerd",
      disabled: true,
    });
  });

  it("is disabled without a chosen round, for an unavailable round and on a read-only day", () => {
    const unavailable = roundOptions(rounds(), workshop([]), false)[0];
    for (const result of [
      callToAction(undefined, false),
      callToAction(unavailable, false),
      callToAction(options[2], true),
    ])
      expect(result).toEqual({ label: "Niet beschikbaar", disabled: true });
  });
});

describe("submitButton", () => {
  const options = roundOptions(
    rounds({ 1: robotica }),
    workshop([1, 2]),
    false,
  );

  it("follows the chosen round with JavaScript", () => {
    expect(submitButton(options, 1, false, true)).toEqual({
      label: "Geselecteerd",
      disabled: true,
    });
    expect(submitButton(options, 2, false, true)).toEqual({
      label: "Toevoegen",
      disabled: false,
    });
  });

  it("without JavaScript, says what pressing does: 'Aanpassen' for a workshop in the cart, whatever round is preselected", () => {
    for (const chosen of [1, 2])
      expect(submitButton(options, chosen, false, false)).toEqual({
        label: "Aanpassen",
        disabled: false,
      });
  });

  it("without JavaScript, says 'Toevoegen' for a workshop not in the cart, even where the round holds another", () => {
    const other = roundOptions(
      rounds({ 1: horeca, 2: horeca }),
      workshop([1, 2]),
      false,
    );
    expect(submitButton(other, 1, false, false)).toEqual({
      label: "Toevoegen",
      disabled: false,
    });
    expect(submitButton(other, 1, false, true).label).toBe("Aanpassen");
  });

  it("without JavaScript, is disabled when no round can be chosen or the day is read-only", () => {
    const none = roundOptions(rounds(), workshop([]), false);
    expect(submitButton(none, null, false, false)).toEqual({
      label: "Niet beschikbaar",
      disabled: true,
    });
    expect(submitButton(options, 1, true, false).disabled).toBe(true);
  });
});

describe("addBlocker", () => {
  const options = roundOptions(rounds(), workshop([1]), false);

  it("accepts an available round", () => {
    expect(addBlocker(options, 1, false)).toBeNull();
  });

  it("refuses an unavailable, an unknown round and any round of a read-only day", () => {
    expect(addBlocker(options, 2, false)).toBe("roundFull");
    expect(addBlocker(options, 9, false)).toBe("unknownRound");
    expect(addBlocker(options, 1, true)).toBe("cannotRegisterYet");
  });
});

describe("submitBlocker", () => {
  it("refuses a read-only day first, then an empty cart", () => {
    const empty = cartView(registration({ choices: {} }));
    const filled = cartView(registration());
    expect(submitBlocker(filled, true)).toBe("cannotRegisterYet");
    expect(submitBlocker(empty, false)).toBe("noRoundsFilled");
    expect(submitBlocker(filled, false)).toBeNull();
  });
});
