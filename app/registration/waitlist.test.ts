import { describe, expect, it } from "vitest";
import { draftRegistration } from "../../tests/fixtures/app";
import { cartRounds, roundOptions } from "./cart";
import {
  joinBlocker,
  joinFormId,
  parseWaitlistButton,
  roundHolding,
  roundWaitlist,
  staleReplay,
  seatsHint,
  waitlistFor,
  waitlistOffered,
  waitlistStanding,
  waitlistButtonValue,
} from "./waitlist";

const robotica = { id: 1, slug: "robotica", display: "Robotica" };
const horeca = { id: 2, slug: "horeca", display: "Horeca" };

const rondes = [1, 2, 3].map((number) => ({
  number,
  startTime: `0${8 + number}:00`,
  endTime: `0${8 + number}:45`,
  selection: null,
}));

/** Round 1 full, round 2 with 3 seats, round 3 with 12; the registration holds Horeca in round 2. */
const availability = [
  { round: 1, available: false, seatsLeft: 0 },
  { round: 2, available: true, seatsLeft: 3 },
  { round: 3, available: true, seatsLeft: 12 },
];

const roboticaWorkshop = { id: robotica.id, availability };

function registration(waitlist?: { round: number; position: number }[]) {
  return draftRegistration({
    orientationDay: { id: 1, rondes },
    choices: { "2": { workshop: horeca } },
    waitlist: waitlist?.map((entry) => ({ ...entry, workshop: robotica })),
  });
}

function options(waitlist?: { round: number; position: number }[]) {
  return roundOptions(
    cartRounds(registration(waitlist)),
    { id: robotica.id, availability },
    false,
  );
}

describe("waitlistOffered", () => {
  it("is true when the upstream sends the list, even empty, and false when it leaves it out", () => {
    expect(waitlistOffered(registration([]))).toBe(true);
    expect(waitlistOffered(registration())).toBe(false);
  });
});

describe("waitlistFor and the cart's rounds", () => {
  it("gives each round its entry, and null where there is none", () => {
    const rounds = cartRounds(registration([{ round: 1, position: 2 }]));
    expect(rounds.map((round) => round.waitlist)).toEqual([
      { workshop: robotica, position: 2 },
      null,
      null,
    ]);
  });

  it("takes the first of two entries an upstream sends for one round, and ignores unknown rounds", () => {
    const withTwo = draftRegistration({
      orientationDay: { id: 1, rondes },
      waitlist: [
        { round: 1, workshop: robotica, position: 4 },
        { round: 1, workshop: horeca, position: 1 },
        { round: 9, workshop: horeca, position: 1 },
      ],
    });
    expect(waitlistFor(withTwo, 1)).toEqual({
      workshop: robotica,
      position: 4,
    });
    expect(cartRounds(withTwo)).toHaveLength(3);
  });
});

describe("seatsHint", () => {
  it("counts 1 to 5 seats left in an open round, in Dutch", () => {
    const open = { number: 2, badge: "choose" as const };
    expect(seatsHint(open, [{ round: 2, available: true, seatsLeft: 1 }])).toBe(
      "Nog 1 plek",
    );
    expect(seatsHint(open, [{ round: 2, available: true, seatsLeft: 5 }])).toBe(
      "Nog 5 plekken",
    );
    expect(seatsHint({ number: 2, badge: "current" }, availability)).toBe(
      "Nog 3 plekken",
    );
  });

  it("says nothing for more than 5, none, unknown or null counts", () => {
    for (const seatsLeft of [6, 0, null, undefined])
      expect(
        seatsHint({ number: 2, badge: "choose" }, [
          { round: 2, available: true, seatsLeft },
        ]),
      ).toBeNull();
    expect(seatsHint({ number: 4, badge: "choose" }, availability)).toBeNull();
  });

  it("says nothing for the visitor's own choice or a round that cannot be chosen", () => {
    const few = [{ round: 2, available: true, seatsLeft: 2 }];
    expect(seatsHint({ number: 2, badge: "added" }, few)).toBeNull();
    expect(seatsHint({ number: 2, badge: "unavailable" }, few)).toBeNull();
  });
});

describe("roundWaitlist", () => {
  it("offers joining a full round only, on a day open for registration, with a list", () => {
    const [full, current, open] = options([]);
    expect(roundWaitlist(full!, roboticaWorkshop, true, false, false)).toEqual({
      kind: "join",
    });
    expect(
      roundWaitlist(current!, roboticaWorkshop, true, false, false).kind,
    ).toBe("none");
    expect(
      roundWaitlist(open!, roboticaWorkshop, true, false, false).kind,
    ).toBe("none");
    expect(
      roundWaitlist(full!, roboticaWorkshop, false, false, false).kind,
    ).toBe("none");
    expect(roundWaitlist(full!, roboticaWorkshop, true, true, false).kind).toBe(
      "none",
    );
  });

  it("shows the place of an entry for this workshop, and offers joining where the entry is another workshop's", () => {
    const [full] = options([{ round: 1, position: 2 }]);
    expect(roundWaitlist(full!, roboticaWorkshop, true, false, false)).toEqual({
      kind: "waiting",
      position: 2,
    });
    expect(
      roundWaitlist(full!, { id: horeca.id, availability }, true, false, false),
    ).toEqual({
      kind: "join",
    });
  });

  it("offers nothing for a round that holds this workshop", () => {
    const [, held] = roundOptions(
      cartRounds(registration([])),
      { id: horeca.id, availability },
      false,
    );
    expect(held!.badge).toBe("added");
    expect(
      roundWaitlist(held!, { id: horeca.id, availability }, true, false, true)
        .kind,
    ).toBe("none");
  });

  it("offers no full round of a workshop the registration holds in another round: moving up would cost it that one", () => {
    const horecaOptions = roundOptions(
      cartRounds(registration([])),
      { id: horeca.id, availability },
      false,
    );
    expect(roundHolding(horecaOptions)).toBe(2);
    const [full] = horecaOptions;
    expect(full!.badge).toBe("unavailable");
    expect(
      roundWaitlist(full!, { id: horeca.id, availability }, true, false, true)
        .kind,
    ).toBe("none");
    expect(joinBlocker(horecaOptions, availability, 1, true, false)).toBe(
      "alreadyChosen",
    );
    expect(joinBlocker(horecaOptions, availability, 2, true, false)).toBe(
      "alreadyChosen",
    );
  });
});

describe("where a registration stands, and a stale replay", () => {
  const waiting = registration([{ round: 1, position: 2 }]);
  const holding = draftRegistration({
    orientationDay: { id: 1, rondes },
    choices: { "1": { workshop: robotica } },
    waitlist: [],
  });

  it("is waiting at a place, holding the workshop in the round, or neither", () => {
    expect(waitlistStanding(waiting, 1, robotica.id)).toEqual({
      kind: "waiting",
      position: 2,
    });
    expect(waitlistStanding(holding, 1, robotica.id)).toEqual({
      kind: "holding",
    });
    expect(waitlistStanding(waiting, 1, horeca.id)).toEqual({
      kind: "neither",
    });
  });

  it("is an answer that no longer holds, with the registration back where it stood before the post", () => {
    const neither = { kind: "neither" } as const;
    const at = (position: number) => ({ kind: "waiting" as const, position });
    expect(staleReplay(neither, at(4), neither)).toBe(true);
    expect(staleReplay(at(1), neither, at(1))).toBe(true);
    // A fresh join, and a promotion right after it: no replay.
    expect(staleReplay(neither, at(4), at(4))).toBe(false);
    expect(staleReplay(neither, at(4), { kind: "holding" })).toBe(false);
    // Another place than the answer said, but not the one before: others left meanwhile.
    expect(staleReplay(neither, at(4), at(3))).toBe(false);
  });
});

describe("a round the workshop is not held in", () => {
  // The reference upstream sends seatsLeft: null for it; another upstream may leave the round out.
  const notHeld = [
    { round: 1, available: false, seatsLeft: null },
    { round: 2, available: true, seatsLeft: 3 },
  ];

  it("offers no list, though its badge says 'Niet beschikbaar'", () => {
    const [round1, , round3] = options([]);
    const workshop = { id: robotica.id, availability: notHeld };
    expect(roundWaitlist(round1!, workshop, true, false, false).kind).toBe(
      "none",
    );
    expect(roundWaitlist(round3!, workshop, true, false, false).kind).toBe(
      "none",
    );
  });

  it("refuses a posted join as an unknown round", () => {
    expect(joinBlocker(options([]), notHeld, 1, true, false)).toBe(
      "unknownRound",
    );
  });

  it("still offers a full round's list when the upstream counts no seats at all", () => {
    const uncounted = [{ round: 1, available: false }];
    const [round1] = options([]);
    expect(
      roundWaitlist(
        round1!,
        { id: robotica.id, availability: uncounted },
        true,
        false,
        false,
      ),
    ).toEqual({ kind: "join" });
  });
});

describe("joinBlocker", () => {
  it("lets a full round's join through", () => {
    expect(joinBlocker(options([]), availability, 1, true, false)).toBeNull();
  });

  it("refuses without a list, on a read-only day, for an unknown or an open round", () => {
    expect(joinBlocker(options(), availability, 1, false, false)).toBe(
      "noWaitlist",
    );
    expect(joinBlocker(options([]), availability, 1, true, true)).toBe(
      "cannotRegisterYet",
    );
    expect(joinBlocker(options([]), availability, 7, true, false)).toBe(
      "unknownRound",
    );
    expect(joinBlocker(options([]), availability, 2, true, false)).toBe(
      "roundOpen",
    );
    expect(joinBlocker(options([]), availability, 3, true, false)).toBe(
      "roundOpen",
    );
  });
});

it("names a round's join form as the load tests expect", () => {
  expect(joinFormId(3)).toBe("wachtlijst-ronde-3");
});

describe("a waiting-list button's own name and value", () => {
  it("names its intent and round, and reads back as both", () => {
    expect(waitlistButtonValue("join-waitlist", 1)).toBe("join-waitlist:1");
    expect(parseWaitlistButton("join-waitlist:1")).toEqual({
      intent: "join-waitlist",
      round: "1",
    });
    expect(parseWaitlistButton("leave-waitlist:3")).toEqual({
      intent: "leave-waitlist",
      round: "3",
    });
  });

  it("is nothing for anything else: no value, another intent, no round, a file", () => {
    for (const value of [
      null,
      "",
      "join-waitlist",
      "join-waitlist:",
      "join-waitlist:x",
      "remove:1",
      "join-waitlist:1:2",
      " join-waitlist:1",
    ])
      expect(parseWaitlistButton(value)).toBeNull();
    expect(parseWaitlistButton(new File(["x"], "x.txt"))).toBeNull();
  });
});
