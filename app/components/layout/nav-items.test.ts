import { describe, expect, it } from "vitest";
import {
  CONTACT,
  INFORMATIE,
  INSCHRIJVEN,
  isActive,
  navItems,
} from "./nav-items";

describe("navigation items", () => {
  it("shows Inschrijven only when an orientation day is chosen", () => {
    expect(navItems(false).map((item) => item.label)).toEqual([
      "Informatie",
      "Contact",
    ]);
    expect(navItems(true).map((item) => item.label)).toEqual([
      "Informatie",
      "Inschrijven",
      "Contact",
    ]);
  });

  it("marks Informatie active on the home page only", () => {
    expect(isActive(INFORMATIE, "/")).toBe(true);
    expect(isActive(INFORMATIE, "/contact")).toBe(false);
    expect(isActive(INFORMATIE, "/inschrijven")).toBe(false);
  });

  it("marks Inschrijven active on the four registration screens", () => {
    for (const path of [
      "/inschrijven",
      "/workshops",
      "/workshop/robotica",
      "/inschrijving-afronden",
      "/workshops/",
    ]) {
      expect(isActive(INSCHRIJVEN, path)).toBe(true);
    }
    for (const path of [
      "/",
      "/contact",
      "/workshop",
      "/inschrijving-bevestigen",
      "/workshopsx",
    ]) {
      expect(isActive(INSCHRIJVEN, path)).toBe(false);
    }
  });

  it("marks Contact active on /contact", () => {
    expect(isActive(CONTACT, "/contact")).toBe(true);
    expect(isActive(CONTACT, "/")).toBe(false);
  });
});
