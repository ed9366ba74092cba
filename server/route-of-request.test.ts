import { describe, expect, it } from "vitest";
import { appRouteTable } from "../tests/fixtures/routes";
import {
  isMessagePost,
  MESSAGE_ROUTE_IDS,
  routeMatcher,
  routePatternMatcher,
} from "./route-of-request";

const routeOf = routeMatcher(appRouteTable());
const at = (path: string) => routeOf(`http://localhost${path}`);

describe("routeMatcher", () => {
  it("finds the route React Router matches, however the path is spelled", () => {
    for (const path of [
      "/contact",
      "/contact/",
      "/CONTACT",
      "/%63ontact",
      "/contact.data",
      "/contact/_.data",
      "/contact/.data",
      "/contact?x=1",
    ])
      expect(at(path), path).toBe("routes/contact");
    for (const path of [
      "/inschrijven",
      "/inschrijven/",
      "/%69nschrijven",
      "/InSchrijven.data",
    ])
      expect(at(path), path).toBe("routes/school-select");
  });

  it("tells the home page, a workshop and unknown paths apart", () => {
    expect(at("/")).toBe("routes/home");
    expect(at("/_.data")).toBe("routes/home");
    // The data request for the home page before v8 (decision 0054): now an unknown path like any other.
    expect(at("/_root.data")).toBe("routes/not-found");
    expect(at("/workshop/robots")).toBe("routes/workshop");
    expect(at("/contact/more")).toBe("routes/not-found");
  });

  it("answers the same the second time, from what it remembered per path", () => {
    for (let pass = 0; pass < 2; pass += 1) {
      expect(at("/workshop/robots")).toBe("routes/workshop");
      expect(at("/workshop/other")).toBe("routes/workshop");
      expect(at("/contact")).toBe("routes/contact");
      expect(at("/contact/more")).toBe("routes/not-found");
      expect(routeOf("not a url")).toBeNull();
    }
  });

  it("knows every route the message limit names", () => {
    const table = appRouteTable();
    for (const id of MESSAGE_ROUTE_IDS) expect(table[id], id).toBeDefined();
  });
});

describe("isMessagePost", () => {
  const form = (intent: string) => {
    const data = new FormData();
    data.set("intent", intent);
    return data;
  };
  it("counts questions and login requests, not a school choice", () => {
    expect(isMessagePost("routes/contact", undefined)).toBe(true);
    // 'Versturen' mails the confirmation link.
    expect(isMessagePost("routes/registration-form", form("x"))).toBe(true);
    expect(isMessagePost("routes/school-select", form("login"))).toBe(true);
    expect(isMessagePost("routes/school-select", form("school"))).toBe(false);
    expect(isMessagePost("routes/favourites", form("login"))).toBe(false);
    expect(isMessagePost(null, form("login"))).toBe(false);
  });
});

describe("routePatternMatcher", () => {
  it("gives the route pattern, never the raw path", () => {
    const patternOf = routePatternMatcher(appRouteTable());
    const of = (path: string) => patternOf(`http://localhost${path}`);
    expect(of("/")).toBe("/");
    expect(of("/contact.data")).toBe("/contact");
    expect(of("/workshop/koken-en-bakken")).toBe("/workshop/:slug");
    expect(of("/workshop/x.data")).toBe("/workshop/:slug");
    expect(of("/workshop/x/_.data")).toBe("/workshop/:slug");
    expect(of("/_.data")).toBe("/");
    expect(of("/wp-admin/setup.php")).toBe("*");
  });
});
