import { describe, expect, it } from "vitest";
import {
  FOLLOW_INTERVAL_MS,
  FOLLOW_MAX_DELAY_MS,
  followDelay,
  followedAvailability,
  parseFollowed,
  shareableAvailability,
} from "./followed-availability";

const robotica = { id: 11, slug: "robotica", display: "Robotica" };
const koken = { id: 12, slug: "koken", display: "Koken" };

function round(
  number: number,
  workshop: typeof robotica | null = null,
  waitsFor: typeof robotica | null = null,
) {
  return {
    number,
    workshop,
    waitlist: waitsFor ? { workshop: waitsFor, position: 1 } : null,
  };
}

describe("shareableAvailability", () => {
  it("says a round with seats counted is open while seats are left, whoever asked", () => {
    expect(
      shareableAvailability(
        [
          // The asker's own round: 'available' for them, full for anyone else.
          { round: 1, available: true, seatsLeft: 0 },
          { round: 2, available: true, seatsLeft: 3 },
          { round: 3, available: false, seatsLeft: null },
        ],
        1,
      ),
    ).toEqual([
      { round: 1, available: false, seatsLeft: 0 },
      { round: 2, available: true, seatsLeft: 3 },
      { round: 3, available: false, seatsLeft: null },
    ]);
  });

  it("leaves out the asker's own round when the upstream counts no seats", () => {
    expect(
      shareableAvailability(
        [
          { round: 1, available: true },
          { round: 2, available: false },
        ],
        1,
      ),
    ).toEqual([{ round: 2, available: false }]);
  });
});

describe("followedAvailability", () => {
  const rendered = [
    { round: 1, available: true, seatsLeft: 1 },
    { round: 2, available: true, seatsLeft: 0 },
    { round: 3, available: false, seatsLeft: 0 },
    { round: 4, available: true, seatsLeft: 2 },
  ];

  it("shows the page as rendered until a first answer comes", () => {
    expect(followedAvailability(rendered, null, [round(1)], robotica.id)).toBe(
      rendered,
    );
  });

  it("takes the followed seats, except in rounds the visitor holds or waits for this workshop in", () => {
    const followed = [
      { round: 1, available: false, seatsLeft: 0 },
      { round: 2, available: false, seatsLeft: 0 },
      { round: 3, available: true, seatsLeft: 1 },
      { round: 4, available: false, seatsLeft: 0 },
    ];
    expect(
      followedAvailability(
        rendered,
        followed,
        [
          round(1),
          round(2, robotica),
          round(3, null, robotica),
          round(4, koken),
        ],
        robotica.id,
      ),
    ).toEqual([followed[0], rendered[1], rendered[2], followed[3]]);
  });

  it("keeps a round the answer leaves out, and the same object when nothing changed", () => {
    const same = followedAvailability(
      rendered,
      [{ round: 2, available: true, seatsLeft: 0 }],
      [round(1), round(2, robotica)],
      robotica.id,
    );
    expect(same).toBe(rendered);
  });
});

describe("parseFollowed", () => {
  it("reads the resource's answer", () => {
    expect(
      parseFollowed({
        availability: [
          { round: 1, available: false, seatsLeft: 0 },
          { round: 2, available: true },
        ],
      }),
    ).toEqual([
      { round: 1, available: false, seatsLeft: 0 },
      { round: 2, available: true },
    ]);
  });

  it.each([null, "x", {}, { availability: null }, { availability: [{}] }])(
    "refuses %j",
    (body) => expect(parseFollowed(body)).toBeNull(),
  );
});

describe("followDelay", () => {
  it("waits the interval while reads succeed", () => {
    expect(followDelay(0, 0.99)).toBe(FOLLOW_INTERVAL_MS);
  });

  it("doubles after each failure, spread by a fifth, up to the longest wait", () => {
    expect(followDelay(1, 0.5)).toBe(2 * FOLLOW_INTERVAL_MS);
    expect(followDelay(2, 0)).toBe(0.8 * 4 * FOLLOW_INTERVAL_MS);
    expect(followDelay(20, 0.5)).toBe(FOLLOW_MAX_DELAY_MS);
    expect(followDelay(20, 0.999)).toBeLessThanOrEqual(
      1.2 * FOLLOW_MAX_DELAY_MS,
    );
  });
});
