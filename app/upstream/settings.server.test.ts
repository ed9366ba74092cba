import { describe, expect, it, vi } from "vitest";
import type { Settings } from "#contract";
import { UpstreamError } from "./client.server";
import { DEFAULT_SETTINGS, getSettings } from "./settings.server";

const venlo: Settings = {
  ...DEFAULT_SETTINGS,
  primaryColor: "0a7f3b",
  fullLocationName: "Venlo",
};

describe("getSettings", () => {
  it("answers the site's settings", async () => {
    const call = vi.fn(async () => ({ status: 200 as const, data: venlo }));
    expect(await getSettings({ call })).toEqual(venlo);
    expect(call).toHaveBeenCalledWith("settings");
  });

  it("answers the defaults when the upstream fails, and never throws", async () => {
    const call = vi.fn(async () => {
      throw new UpstreamError("network", "settings", "down");
    });
    expect(await getSettings({ call })).toEqual(DEFAULT_SETTINGS);
  });
});
