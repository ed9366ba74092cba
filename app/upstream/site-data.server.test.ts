import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UpstreamAnswer } from "./client.server";
import { UpstreamError } from "./client.server";
import { siteCacheRequests } from "~/observability/metrics.server";
import { clearSiteData, siteData } from "./site-data.server";

const FRESH_MS = 30_000;

/** An upstream whose answers count up, so a test sees whether an answer came from the cache. */
function countingUpstream() {
  let answers = 0;
  let failing = false;
  const call = vi.fn(async (): Promise<UpstreamAnswer<unknown>> => {
    if (failing) throw new UpstreamError("network", "orientationDays", "down");
    answers += 1;
    return { status: 200, data: answers };
  });
  return {
    call: call as never,
    calls: call,
    fail: (value: boolean) => void (failing = value),
  };
}

/** Lets background refreshes (promises started by an earlier call) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  clearSiteData();
});
afterEach(() => vi.useRealTimers());

describe("siteData", () => {
  it("asks the upstream once per site and call while the answer is fresh", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    expect(await venlo.call("orientationDays")).toEqual({
      status: 200,
      data: 1,
    });
    vi.advanceTimersByTime(FRESH_MS - 1);
    expect(await venlo.call("orientationDays")).toEqual({
      status: 200,
      data: 1,
    });
    expect(upstream.calls).toHaveBeenCalledTimes(1);

    // Another site, another call, another page: each asks on its own.
    await siteData("roermond", upstream, FRESH_MS).call("orientationDays");
    await venlo.call("schoolLogos");
    await venlo.call("page", { params: { slug: "home" } });
    await venlo.call("page", { params: { slug: "contact" } });
    expect(upstream.calls).toHaveBeenCalledTimes(5);
  });

  it("keeps a read sent as a post per body: one gallery per workshop", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    const first = await venlo.call("workshopImages", { body: { workshop: 1 } });
    const again = await venlo.call("workshopImages", { body: { workshop: 1 } });
    const other = await venlo.call("workshopImages", { body: { workshop: 2 } });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(upstream.calls).toHaveBeenCalledTimes(2);
  });

  it("shares one upstream call between concurrent misses", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => venlo.call("settings")),
    );
    expect(
      new Set(answers.map((a) => (a.status === 200 ? a.data : 0))),
    ).toEqual(new Set([1]));
    expect(upstream.calls).toHaveBeenCalledTimes(1);
  });

  it("serves a stale answer at once and refreshes it in the background", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    await venlo.call("locations");
    vi.advanceTimersByTime(FRESH_MS + 1);
    expect(await venlo.call("locations")).toEqual({ status: 200, data: 1 });
    await settle();
    expect(upstream.calls).toHaveBeenCalledTimes(2);
    expect(await venlo.call("locations")).toEqual({ status: 200, data: 2 });
  });

  it("waits for a new answer once the answer is older than three times the fresh time", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    await venlo.call("locations");
    vi.advanceTimersByTime(3 * FRESH_MS + 1);
    expect(await venlo.call("locations")).toEqual({ status: 200, data: 2 });
  });

  it("keeps no failure: the next call asks again", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    upstream.fail(true);
    await expect(venlo.call("settings")).rejects.toBeInstanceOf(UpstreamError);
    upstream.fail(false);
    expect(await venlo.call("settings")).toEqual({ status: 200, data: 1 });
    expect(upstream.calls).toHaveBeenCalledTimes(2);
  });

  it("keeps the stale answer when a background refresh fails", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    await venlo.call("settings");
    vi.advanceTimersByTime(FRESH_MS + 1);
    upstream.fail(true);
    expect(await venlo.call("settings")).toEqual({ status: 200, data: 1 });
    await settle();
    expect(await venlo.call("settings")).toEqual({ status: 200, data: 1 });
  });

  it("asks the upstream every time when turned off", async () => {
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, 0);
    await venlo.call("settings");
    await venlo.call("settings");
    expect(upstream.calls).toHaveBeenCalledTimes(2);
  });

  it("counts each look-up as a hit, stale or miss", async () => {
    const count = async () =>
      Object.fromEntries(
        (await siteCacheRequests.get()).values.map((sample) => [
          sample.labels.result,
          sample.value,
        ]),
      ) as Record<string, number>;
    const before = await count();
    const upstream = countingUpstream();
    const venlo = siteData("venlo", upstream, FRESH_MS);
    await venlo.call("orientationDays");
    await venlo.call("orientationDays");
    await vi.advanceTimersByTimeAsync(FRESH_MS + 1);
    await venlo.call("orientationDays");
    await settle();
    await vi.advanceTimersByTimeAsync(4 * FRESH_MS);
    await venlo.call("orientationDays");
    const after = await count();
    const delta = (result: string) =>
      (after[result] ?? 0) - (before[result] ?? 0);
    expect([delta("hit"), delta("stale"), delta("miss")]).toEqual([1, 1, 2]);
  });
});
