import { describe, expect, it } from "vitest";
import { siteName, siteNameFromHost } from "./site-name";

describe("the site's name", () => {
  it("is the settings' name when there is one", () => {
    expect(siteName("Studiekeuze Venlo", "venlo")).toBe("Studiekeuze Venlo");
  });

  it("is made from the host's first label otherwise", () => {
    expect(siteName(null, "venlo")).toBe("Venlo");
    expect(siteName("  ", "localhost")).toBe("Localhost");
    expect(siteNameFromHost("studiekeuze-event-040")).toBe(
      "Studiekeuze event 040",
    );
    expect(siteNameFromHost("studiemarkt013")).toBe("Studiemarkt013");
  });

  it("falls back to a neutral name for a host without a name", () => {
    expect(siteNameFromHost("")).toBe("Open dag");
    expect(siteNameFromHost("[::1]")).toBe("Open dag");
  });
});
