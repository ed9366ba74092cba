/**
 * A visitor part-way through the registration flow, made through the site's own forms as a browser without
 * JavaScript would: choose the first day on Home, then its first school. The benchmarks use the cookie to measure
 * the flow's pages as a student sees them.
 */
/** The controls of the flow's pages, as the server renders them (the first match; add the g flag for all). */
export const DAY_BUTTON = /name="orientationDayId" value="(\d+)"/;
export const SCHOOL_BUTTON = /name="school" value="(\d+)"/;
export const WORKSHOP_LINK = /href="\/workshop\/([^"?#]+)/;

/** A Cookie header after the answer's Set-Cookie lines, as a browser keeps them (a later cookie replaces one of its name). */
export function mergeCookies(previous: string, setCookie: string[]): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const header of setCookie) {
    const pair = header.split(";")[0]!;
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

function cookieOf(response: Response, previous: string): string {
  return mergeCookies(previous, response.headers.getSetCookie());
}

async function must(response: Response, what: string): Promise<Response> {
  if (response.status >= 400)
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

function post(url: string, cookie: string, fields: Record<string, string>) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}

/** A Cookie header's pairs as a browser's cookies for the site at `appUrl` (Playwright's addCookies). */
export function browserCookies(cookieHeader: string, appUrl: string) {
  const { hostname } = new URL(appUrl);
  return cookieHeader.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: hostname,
      path: "/",
    };
  });
}

export interface FlowVisitor {
  /** Cookie header of a visitor who chose a day only (school selection). */
  dayCookie: string;
  /** Cookie header of a visitor with a day, a school and a registration. */
  cookie: string;
  /** Slug of the first workshop on /workshops. */
  slug: string;
}

/**
 * Cookie header of a visitor who chose a day only. A visitor of their own: once `flowVisitor` has chosen a school,
 * its registration has one, and /inschrijven sends even its `dayCookie` on to /workshops.
 */
export async function dayVisitor(appUrl: string): Promise<string> {
  const home = await must(await fetch(`${appUrl}/`), "GET /");
  const day = DAY_BUTTON.exec(await home.text())?.[1];
  if (!day) throw new Error("no orientation day on Home");
  const cookie = cookieOf(home, "");
  const chosen = await must(
    await post(`${appUrl}/?index`, cookie, { orientationDayId: day }),
    "choose a day",
  );
  return cookieOf(chosen, cookie);
}

export async function flowVisitor(appUrl: string): Promise<FlowVisitor> {
  let cookie = await dayVisitor(appUrl);
  const dayCookie = cookie;

  const schools = await must(
    await fetch(`${appUrl}/inschrijven`, { headers: { cookie } }),
    "GET /inschrijven",
  );
  const school = SCHOOL_BUTTON.exec(await schools.text())?.[1];
  if (!school) throw new Error("no school on /inschrijven");
  const picked = await must(
    await post(`${appUrl}/inschrijven`, cookie, { intent: "school", school }),
    "choose a school",
  );
  cookie = cookieOf(picked, cookie);

  const list = await must(
    await fetch(`${appUrl}/workshops`, { headers: { cookie } }),
    "GET /workshops",
  );
  const slug = WORKSHOP_LINK.exec(await list.text())?.[1];
  if (!slug) throw new Error("no workshop on /workshops");
  return { dayCookie, cookie: cookieOf(list, cookie), slug };
}
