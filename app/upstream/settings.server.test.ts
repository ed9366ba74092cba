import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Settings } from "./contract";
import {
  DEFAULT_SETTINGS,
  SETTINGS_FAILURE_TTL_MS,
  SETTINGS_TTL_MS,
  clearSettingsCache,
  getSettings,
} from "./settings.server";
import type { SettingsSource } from "./settings.server";

const venlo: Settings = {
  ...DEFAULT_SETTINGS,
  primaryColor: "0a7f3b",
  fullLocationName: "Venlo",
};

function fakeUpstream(answer: () => ReturnType<SettingsSource["call"]>) {
  const call = vi.fn(answer);
  return { call, calls: call };
}

describe("getSettings", () => {
  beforeEach(() => clearSettingsCache());

  it("asks the upstream once per site within the cache time", async () => {
    let now = 0;
    const upstream = fakeUpstream(async () => ({
      status: 200 as const,
      data: venlo,
    }));
    expect(await getSettings("venlo", upstream, () => now)).toEqual(venlo);
    now = SETTINGS_TTL_MS - 1;
    expect(await getSettings("venlo", upstream, () => now)).toEqual(venlo);
    expect(upstream.calls).toHaveBeenCalledTimes(1);
    now = SETTINGS_TTL_MS;
    await getSettings("venlo", upstream, () => now);
    expect(upstream.calls).toHaveBeenCalledTimes(2);
  });

  it("keeps sites apart", async () => {
    const upstream = fakeUpstream(async () => ({
      status: 200 as const,
      data: venlo,
    }));
    await getSettings("venlo", upstream);
    await getSettings("localhost", upstream);
    expect(upstream.calls).toHaveBeenCalledTimes(2);
  });

  it("shares one call between concurrent requests", async () => {
    const upstream = fakeUpstream(async () => ({
      status: 200 as const,
      data: venlo,
    }));
    await Promise.all([
      getSettings("venlo", upstream),
      getSettings("venlo", upstream),
    ]);
    expect(upstream.calls).toHaveBeenCalledTimes(1);
  });

  it("answers the defaults on failure and tries again after a short pause", async () => {
    let now = 0;
    const failing = fakeUpstream(async () => {
      throw new Error("down");
    });
    expect(await getSettings("venlo", failing, () => now)).toEqual(
      DEFAULT_SETTINGS,
    );
    now = SETTINGS_FAILURE_TTL_MS - 1;
    await getSettings("venlo", failing, () => now);
    expect(failing.calls).toHaveBeenCalledTimes(1);

    now = SETTINGS_FAILURE_TTL_MS;
    const recovered = fakeUpstream(async () => ({
      status: 200 as const,
      data: venlo,
    }));
    expect(await getSettings("venlo", recovered, () => now)).toEqual(venlo);
  });
});
