import { describe, expect, it } from "vitest";
import {
  isMaintenanceExempt,
  isUnderMaintenance,
  parseMaintenanceEnd,
} from "./maintenance.server";

describe("parseMaintenanceEnd", () => {
  it("reads a local time in summer as Amsterdam summer time (UTC+2)", () => {
    expect(parseMaintenanceEnd("2025-10-01T00:00").toISOString()).toBe(
      "2025-09-30T22:00:00.000Z",
    );
  });

  it("reads a local time in winter as Amsterdam winter time (UTC+1)", () => {
    expect(parseMaintenanceEnd("2026-01-15T09:30").toISOString()).toBe(
      "2026-01-15T08:30:00.000Z",
    );
  });

  it("accepts a date alone and a space instead of T", () => {
    expect(parseMaintenanceEnd("2025-12-24").toISOString()).toBe(
      "2025-12-23T23:00:00.000Z",
    );
    expect(parseMaintenanceEnd("2025-07-01 12:00:30").toISOString()).toBe(
      "2025-07-01T10:00:30.000Z",
    );
  });

  it("gets the hours around the change to summer time right", () => {
    // 2026-03-29: clocks go from 02:00 to 03:00 local time.
    expect(parseMaintenanceEnd("2026-03-29T01:30").toISOString()).toBe(
      "2026-03-29T00:30:00.000Z",
    );
    expect(parseMaintenanceEnd("2026-03-29T03:30").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
  });

  it("takes a date-time with an offset or Z as written", () => {
    expect(parseMaintenanceEnd("2025-10-01T00:00:00Z").toISOString()).toBe(
      "2025-10-01T00:00:00.000Z",
    );
    expect(parseMaintenanceEnd("2025-10-01T00:00+05:00").toISOString()).toBe(
      "2025-09-30T19:00:00.000Z",
    );
  });

  it("refuses text that is not a date-time", () => {
    expect(() => parseMaintenanceEnd("1 oktober")).toThrow(/MAINTENANCE_END/);
    expect(() => parseMaintenanceEnd("2025-13-45T99:99Z")).toThrow(
      /MAINTENANCE_END/,
    );
  });
});

describe("isUnderMaintenance", () => {
  const end = new Date("2025-09-30T22:00:00Z");

  it("is on while the flag is on and the end is ahead", () => {
    expect(
      isUnderMaintenance(true, end, new Date("2025-09-30T21:59:59Z")),
    ).toBe(true);
  });

  it("is off from the end time on, or when the flag is off", () => {
    expect(isUnderMaintenance(true, end, end)).toBe(false);
    expect(
      isUnderMaintenance(false, end, new Date("2025-01-01T00:00:00Z")),
    ).toBe(false);
  });
});

describe("isMaintenanceExempt", () => {
  it("lets the maintenance page, health check, images and static files through", () => {
    for (const path of [
      "/under-construction",
      "/health",
      "/media/logo.png",
      "/assets/root-abc.js",
      "/favicon.ico",
    ]) {
      expect(isMaintenanceExempt(path), path).toBe(true);
    }
  });

  it("holds back every page", () => {
    for (const path of [
      "/",
      "/contact",
      "/workshops",
      "/workshop/robotica",
      "/under-construction/x",
      "/media",
    ]) {
      expect(isMaintenanceExempt(path), path).toBe(false);
    }
  });
});
