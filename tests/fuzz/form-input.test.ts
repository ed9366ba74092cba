/**
 * Fuzz suite: random request bodies, content types, field names, encodings, cookies and origins posted to every
 * action of the production build (issue "no 5xx from bad input"). Whatever arrives, the site answers with a
 * 2xx, 3xx or 4xx, logs no error and reports none. Error reports are caught for real: the server gets a Sentry DSN
 * pointing at a small collector in this test. The browser's error reports (POST /fouten, decision 0067) get bodies
 * of any shape too: what the server sends on for them is told apart by its platform, "javascript".
 *
 * Runs are bounded and repeatable: FUZZ_RUNS cases per property (200) from FUZZ_SEED; fast-check prints the
 * seed and the shrunk case on a failure, and the same seed replays it. FUZZ_TALLY=1 prints how many answers had
 * each status, to see how deep the inputs got.
 */
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, VALIDATION } from "~/messages";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { renderMedia } from "../../reference-upstream/demo/media";
import { createUpstreamServer } from "../../reference-upstream/server";
import type { UpstreamServer } from "../../reference-upstream/server";
import {
  BROWSER_USER_AGENT,
  mergeCookies,
  send,
  sessionCookie,
  startSite,
} from "../support/site";
import type { Answer, Outgoing, Site } from "../support/site";

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_001);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const BODY_LIMIT_KB = 64;
const DEADLINE_MS = 5000;
/** No input should make the site wait on anything: an answer this slow is a finding of its own. */
const SLOW_MS = DEADLINE_MS;

let upstream: UpstreamServer;
let site: Site;
let collector: Server;
/** Error events the server sent to its DSN about itself. */
const reports: string[] = [];
/** The browser error reports it sent on (POST /fouten). */
const browserReports: string[] = [];

/** What the reference upstream offers, read from the site as a visitor would. */
let dayIds: number[] = [];
let schoolIds: number[] = [];
let slug = "";
let workshopId = "";

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const text = (
        request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body
      ).toString("utf8");
      // An envelope: a header line, then item header and payload lines; only events matter, not sessions.
      if (/"type":"event"/.test(text))
        (/"platform":"javascript"/.test(text) ? browserReports : reports).push(
          text,
        );
      response.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) =>
    collector.listen(0, "127.0.0.1", resolve),
  );
  const { port } = collector.address() as AddressInfo;

  upstream = await createUpstreamServer({
    data: buildDemoData,
    renderMedia,
    log: () => {},
  });
  site = await startSite({
    UPSTREAM_URL: upstream.url,
    SENTRY_DSN: `http://fuzz@127.0.0.1:${port}/1`,
    // Every well-formed report goes on, so every one is checked (the cap is the cluster suite's).
    ERROR_REPORTS_PER_MINUTE: "0",
    BODY_LIMIT_KB: String(BODY_LIMIT_KB),
    REQUEST_DEADLINE_MS: String(DEADLINE_MS),
  });

  const home = await send(site, { path: "/" });
  dayIds = numbers(home.text, /name="orientationDayId" value="(\d+)"/g);
  const visitor = await registeredVisitor();
  const schools = await send(site, {
    path: "/inschrijven",
    headers: { cookie: await sessionCookie({ orientationDayId: dayIds[0] }) },
  });
  schoolIds = numbers(schools.text, /name="school" value="(\d+)"/g);
  const workshops = await send(site, {
    path: "/workshops",
    headers: { cookie: visitor },
  });
  slug = /href="\/workshop\/([^"?]+)/.exec(workshops.text)?.[1] ?? "";
  workshopId = /name="workshop" value="(\d+)"/.exec(workshops.text)?.[1] ?? "";
  expect(dayIds.length).toBeGreaterThan(0);
  expect(schoolIds.length).toBeGreaterThan(0);
  expect(slug).not.toBe("");
  expect(workshopId).not.toBe("");
});

afterAll(async () => {
  await site?.stop();
  await upstream?.close();
  await new Promise((resolve) => collector?.close(resolve));
});

function numbers(html: string, pattern: RegExp): number[] {
  return [...new Set([...html.matchAll(pattern)].map((m) => Number(m[1])))];
}

const same = () => ({
  origin: `http://${site.host}`,
  "sec-fetch-site": "same-origin",
});

/** A session cookie for a visitor with a day, a school and a draft registration the upstream holds. */
async function registeredVisitor(): Promise<string> {
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const day = await send(site, {
    method: "POST",
    path: "/?index",
    headers: { ...form, ...same() },
    body: `orientationDayId=${dayIds[0]}`,
  });
  let cookie = mergeCookies("", day.headers["set-cookie"]);
  const schools = await send(site, {
    path: "/inschrijven",
    headers: { cookie },
  });
  const school = /name="school" value="(\d+)"/.exec(schools.text)?.[1];
  const chosen = await send(site, {
    method: "POST",
    path: "/inschrijven",
    headers: { ...form, ...same(), cookie },
    body: `intent=school&school=${school}`,
  });
  cookie = mergeCookies(cookie, chosen.headers["set-cookie"]);
  expect(chosen.headers.location).toBe("/workshops");
  return cookie;
}

// ─── What is posted ─────────────────────────────────────────────────────────

/** Every action, as a document POST and as React Router's data request (JavaScript on). */
const actionPaths = () => [
  "/?index",
  "/",
  "/contact",
  "/inschrijven",
  "/workshops",
  `/workshop/${slug}`,
  "/winkelwagen",
  "/favorieten",
  "/uitloggen",
  "/inschrijving-afronden",
  "/inschrijving-annuleren",
  "/login",
  "/inschrijving-bevestigen",
  "/inschrijving-bevestigen/opnieuw",
  `/dag-wijzigen?dag=${dayIds[1] ?? 2}`,
  "/bestaat-niet",
  "/_.data?index",
  "/contact/_.data",
  "/contact.data",
  "/inschrijven.data",
  "/workshops.data",
  `/workshop/${slug}.data`,
  "/winkelwagen.data",
  "/favorieten.data",
  "/inschrijving-afronden.data",
  "/inschrijving-annuleren.data",
  "/login.data",
  "/inschrijving-bevestigen/opnieuw.data",
];

const path = fc.nat().map((index) => {
  const paths = actionPaths();
  return paths[index % paths.length]!;
});

/** The fields the site's forms use, and names that have broken form parsers before. */
const KNOWN_NAMES = [
  "orientationDayId",
  "confirm",
  "intent",
  "school",
  "email",
  "name",
  "klas",
  "questionAbout",
  "message",
  "website",
  "round",
  "workshop",
  "redirectTo",
  "respond",
  "enhanced",
  "geslacht",
  "display",
  "voornaam",
  "tussenvoegsel",
  "achternaam",
  "aantalPersonen",
  "telefoonnummer",
  "emailadres",
  "repeatEmail",
  "marketingOptin",
  "token",
];
const TRICKY_NAMES = [
  "__intent__",
  "intent",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "email.address",
  "school[0]",
  "round[1000000]",
  "items[]",
  "a..b",
  "",
];

/** Text a header can carry (visible ASCII and spaces). */
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0x7e })
    .map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

const controlText = fc.string({
  unit: fc
    .integer({ min: 0, max: 0x1f })
    .map((code) => String.fromCharCode(code)),
  maxLength: 20,
});

const fieldName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KNOWN_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: controlText },
  { weight: 1, arbitrary: fc.string({ minLength: 500, maxLength: 5000 }) },
);

const fieldValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "1",
      "2",
      "0",
      "-1",
      "+1",
      "1e2",
      "0x10",
      "1.5",
      "NaN",
      "Infinity",
      "99999999999999999999999",
      "remove",
      "login",
      "school",
      "change-school",
      "data",
      "on",
      "Evenement",
      "vrouw",
      "/workshops",
      "//evil.example",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "<script>alert(1)</script>",
      "sanne@example.nl",
      "not-an-address",
      "a".repeat(6000),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...[1, 2, 3, 4, 5]).map(String),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: controlText },
);

/** Duplicates come by themselves: names are drawn from a short list. */
const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 12 });

/** Bytes that are not UTF-8, percent escapes that decode to nothing, and raw separators. */
const BROKEN = [
  "%",
  "%zz",
  "%E0%A4",
  "%FF%FE",
  "%C0%AF",
  "%00",
  "&&&",
  "===",
  "+",
  "%u0041",
];
const brokenBytes = fc.constantFrom(
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc3]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xe2, 0x28, 0xa1]),
  Buffer.from([0x00]),
);

type Encoding = "proper" | "raw" | "broken";

function urlEncoded(
  pairs: [string, string][],
  encoding: Encoding,
  noise: string,
  bytes: Buffer,
): Buffer {
  if (encoding === "proper")
    return Buffer.from(new URLSearchParams(pairs).toString());
  const text = pairs.map(([name, value]) => `${name}=${value}`).join("&");
  if (encoding === "raw") return Buffer.from(text);
  const middle = Math.floor(text.length / 2);
  return Buffer.concat([
    Buffer.from(text.slice(0, middle) + noise),
    bytes,
    Buffer.from(text.slice(middle)),
  ]);
}

const FORM_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=UTF-8",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "application/x-www-form-urlencoded; charset=utf-16",
  "application/x-www-form-urlencoded; charset=nonsense",
  "APPLICATION/X-WWW-FORM-URLENCODED",
  "application/x-www-form-urlencoded;;;",
];

/** The session the request carries: none, a real one, a day only, or one that is broken. */
type SessionKind =
  "none" | "registered" | "day" | "garbage" | "tampered" | "twice";
const sessionKind = fc.constantFrom<SessionKind>(
  "none",
  "registered",
  "day",
  "garbage",
  "tampered",
  "twice",
);

let visitorCookie = "";

async function cookieFor(kind: SessionKind): Promise<string> {
  switch (kind) {
    case "none":
      return "";
    case "registered":
      return visitorCookie;
    case "day":
      return sessionCookie({ orientationDayId: dayIds[0] });
    case "garbage":
      return "session=%%%not-a-session; favoriteWorkshops=[[[";
    case "tampered":
      return `${visitorCookie.slice(0, -3)}abc`;
    case "twice":
      return `${visitorCookie}; ${await sessionCookie({ orientationDayId: 999 })}`;
  }
}

// ─── What must hold ─────────────────────────────────────────────────────────

function describeRequest(outgoing: Outgoing): string {
  const body = outgoing.body ? Buffer.from(outgoing.body) : Buffer.alloc(0);
  return `${outgoing.method} ${outgoing.path} ${JSON.stringify(outgoing.headers)} body(${body.length}): ${JSON.stringify(body.subarray(0, 300).toString("latin1"))}`;
}

/** The last requests sent: a report travels on its own and may arrive while the next request is under way. */
const recent: string[] = [];
const tally = new Map<number, number>();

/** Sends the request and checks what holds for every request: no 5xx, no error logged or reported. */
async function handled(outgoing: Outgoing): Promise<Answer> {
  const reported = reports.length;
  const logged = site.stderr().length;
  const what = describeRequest({ method: "POST", ...outgoing });
  recent.push(what);
  if (recent.length > 3) recent.shift();
  const answer = await send(site, { method: "POST", ...outgoing });
  tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500)
    throw new Error(
      `${answer.status} for ${what}\n${answer.text.slice(0, 500)}`,
    );
  if (answer.ms > SLOW_MS)
    throw new Error(`took ${Math.round(answer.ms)} ms: ${what}`);
  if (site.stderr().length > logged || reports.length > reported)
    throw new Error(
      `logged or reported an error after one of:\n${recent.join("\n")}\n\n${site.stderr().slice(logged)}\n${reports.slice(reported).join("\n")}`,
    );
  return answer;
}

const settings = () => ({ seed: SEED, numRuns: RUNS });

/** Addresses and phone numbers a student may type, in the forms they take (issue 43). */
const CONTACT_DETAILS = [
  "leerling.fuzz@school.example.nl",
  "leerling.fuzz%40school.example.nl",
  "0687654321",
  "06-87654321",
  "06 87 65 43 21",
  "(020) 876 5432",
  "+31 6 87654321",
  "+31 (0)6-87654321",
  "0031687654321",
  "+44 20 7946 0958",
];

describe("fuzzed posts", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    visitorCookie = await registeredVisitor();
  });

  afterAll(async () => {
    // Reports travel after the answer; give the last ones time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (process.env.FUZZ_TALLY) console.log([...tally].sort());
    expect(reports).toEqual([]);
    expect(site.stderr()).toBe("");
  });

  it("any content type with any body: forms are read, other bodies are refused with 415", async () => {
    const contentType = fc.oneof(
      fc.constantFrom(
        ...FORM_TYPES,
        "multipart/form-data",
        "application/json",
        "text/plain",
        "application/octet-stream",
        "multipart/mixed; boundary=x",
        "text/html",
        "application/x-www-form-urlencoded-but-not",
        "",
      ),
      headerText,
      fc.constant(undefined),
    );
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
      fc.string({ maxLength: 500 }).map((text) => Buffer.from(text)),
      fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? "")),
      fc.constant(Buffer.alloc((BODY_LIMIT_KB + 1) * 1024, "a")),
    );
    await fc.assert(
      fc.asyncProperty(
        path,
        contentType,
        body,
        sessionKind,
        async (target, type, bytes, kind) => {
          const headers: Record<string, string> = {
            ...same(),
            cookie: await cookieFor(kind),
          };
          if (type !== undefined) headers["content-type"] = type;
          const answer = await handled({ path: target, headers, body: bytes });
          const media = (type ?? "").split(";")[0]!.trim().toLowerCase();
          const isForm =
            media === "application/x-www-form-urlencoded" ||
            media === "multipart/form-data";
          // A post without a body carries nothing to refuse (server/app.ts).
          if (!isForm && bytes.length > 0) expect(answer.status).toBe(415);
          else if (bytes.length > BODY_LIMIT_KB * 1024)
            expect(answer.status).toBe(413);
        },
      ),
      settings(),
    );
  });

  it("form fields of any name and value, in any encoding, with and without a session", async () => {
    await fc.assert(
      fc.asyncProperty(
        path,
        fields,
        fc.constantFrom<Encoding>("proper", "raw", "broken"),
        fc.constantFrom(...BROKEN),
        brokenBytes,
        fc.constantFrom(...FORM_TYPES),
        sessionKind,
        async (target, pairs, encoding, noise, bytes, type, kind) => {
          const answer = await handled({
            path: target,
            headers: {
              ...same(),
              "content-type": type,
              cookie: await cookieFor(kind),
            },
            body: urlEncoded(pairs, encoding, noise, bytes),
          });
          // Conform's own field is never accepted (server/app.ts).
          if (
            encoding === "proper" &&
            pairs.some(([name]) => name === "__intent__") &&
            answer.status !== 413
          )
            expect(answer.status).toBe(400);
        },
      ),
      settings(),
    );
  });

  it("multipart bodies with good, wrong, missing and broken boundaries", async () => {
    const boundary = fc.oneof(
      fc.constant("----formboundary7MA4YWxkTrZu0gW"),
      headerText.filter((text) => text.length > 0),
      fc.constant("b".repeat(100)),
    );
    const shape = fc.record({
      declared: fc.constantFrom<
        "same" | "other" | "missing" | "quoted" | "empty"
      >("same", "other", "missing", "quoted", "empty"),
      newline: fc.constantFrom("\r\n", "\n"),
      closed: fc.boolean(),
      /** Cut the body at this fraction of its length (1: whole). */
      cut: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
      files: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        path,
        fields,
        boundary,
        shape,
        sessionKind,
        async (target, pairs, mark, form, kind) => {
          const nl = form.newline;
          const parts = pairs.map(
            ([name, value], index) =>
              `--${mark}${nl}Content-Disposition: form-data; name="${name}"` +
              (form.files && index % 2 === 0
                ? `; filename="${value.slice(0, 20)}.txt"${nl}Content-Type: application/octet-stream`
                : "") +
              `${nl}${nl}${value}${nl}`,
          );
          const whole = Buffer.from(
            parts.join("") + (form.closed ? `--${mark}--${nl}` : ""),
          );
          const body = whole.subarray(0, Math.floor(whole.length * form.cut));
          const declared = {
            same: `; boundary=${mark}`,
            other: "; boundary=not-the-one-used",
            missing: "",
            quoted: `; boundary="${mark}"`,
            empty: "; boundary=",
          }[form.declared];
          await handled({
            path: target,
            headers: {
              ...same(),
              "content-type": `multipart/form-data${declared}`,
              cookie: await cookieFor(kind),
            },
            body,
          });
        },
      ),
      settings(),
    );
  });

  it("a required name of only invisible characters is refused as empty, on the contact form and the final form", async () => {
    // Default-ignorable characters and the blank fillers that are not (issue 43), with spaces and format characters.
    const invisible = fc
      .array(
        fc.constantFrom(
          "\u3164",
          "\u115F",
          "\u1160",
          "\uFFA0",
          "\u2800",
          "\u{16FE4}",
          "\u{1D159}",
          "\u034F",
          "\uFE0F",
          "\u{E0100}",
          "\u{E0041}",
          "\u180B",
          "\u17B5",
          "\u200B",
          "\u2060",
          "\uFEFF",
          " ",
          "\u3000",
        ),
        { minLength: 1, maxLength: 40 },
      )
      .map((parts) => parts.join(""));
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const details = {
      geslacht: "vrouw",
      display: "Sanne",
      voornaam: "Sanne",
      achternaam: "Vries",
      klas: "3B",
      aantalPersonen: "1",
      emailadres: "sanne@example.nl",
      repeatEmail: "sanne@example.nl",
    };
    // A visitor with a workshop chosen, so the final form checks its fields (with none, it says that first).
    let filled = await registeredVisitor();
    for (let round = 1; round <= 4; round++) {
      const added = await send(site, {
        method: "POST",
        path: `/workshop/${slug}`,
        headers: { ...same(), ...form, cookie: filled },
        body: `round=${round}`,
      });
      filled = mergeCookies(filled, added.headers["set-cookie"]);
      const page = await send(site, {
        path: "/inschrijving-afronden",
        headers: { cookie: filled },
      });
      if (!page.text.includes(MESSAGES.noRoundsFilled)) break;
    }
    await fc.assert(
      fc.asyncProperty(
        invisible,
        fc.constantFrom(
          "contact name",
          "contact message",
          "display",
          "voornaam",
          "achternaam",
          "klas",
        ),
        async (text, field) => {
          const contact = field.startsWith("contact");
          const fields: Record<string, string> = contact
            ? {
                name: "Sanne",
                email: "sanne@example.nl",
                questionAbout: "Evenement",
                message: "Is er parkeergelegenheid?",
                [field === "contact name" ? "name" : "message"]: text,
              }
            : // A blank first or calling name takes the other's value (no JavaScript): both go blank.
              field === "voornaam" || field === "display"
              ? { ...details, voornaam: text, display: text }
              : { ...details, [field]: text };
          const answer = await handled({
            path: contact ? "/contact" : "/inschrijving-afronden",
            headers: {
              ...same(),
              ...form,
              cookie: contact ? "" : filled,
            },
            body: new URLSearchParams(fields).toString(),
          });
          expect(answer.status).toBe(400);
          expect(answer.text).toContain(VALIDATION.required);
        },
      ),
      { ...settings(), numRuns: Math.min(RUNS, 60) },
    );
  });

  it("posts from other origins are refused; same-origin ones are not", async () => {
    const origin = fc.oneof(
      fc.constantFrom(
        "same",
        "missing",
        "null",
        "https://evil.example",
        "http://localhost",
        "http://localhost:1",
        "http://venlo.localhost",
        "not a url",
        "",
      ),
      headerText,
    );
    const fetchSite = fc.constantFrom(
      "same-origin",
      "same-site",
      "cross-site",
      "none",
      "garbage",
      undefined,
    );
    await fc.assert(
      fc.asyncProperty(
        path,
        fields,
        origin,
        fetchSite,
        sessionKind,
        async (target, pairs, from, secFetchSite, kind) => {
          const headers: Record<string, string> = {
            "content-type": "application/x-www-form-urlencoded",
            cookie: await cookieFor(kind),
          };
          const sameOrigin = `http://${site.host}`;
          if (from === "same") headers.origin = sameOrigin;
          else if (from !== "missing") headers.origin = from;
          if (secFetchSite !== undefined)
            headers["sec-fetch-site"] = secFetchSite;
          const body = new URLSearchParams(
            pairs.filter(([name]) => name !== "__intent__"),
          ).toString();
          const answer = await handled({ path: target, headers, body });
          const crossSite =
            secFetchSite === "cross-site" || secFetchSite === "same-site";
          const otherOrigin =
            headers.origin !== undefined && headers.origin !== sameOrigin;
          if (
            (crossSite || otherOrigin) &&
            Buffer.byteLength(body) <= BODY_LIMIT_KB * 1024
          )
            expect([400, 403]).toContain(answer.status);
        },
      ),
      settings(),
    );
  });

  /** Every place a return path arrives: two forms and the cancel page's way back. */
  async function returnedTo(
    where: "favourites" | "cart" | "cancel",
    back: string,
    dataRequest: boolean,
  ): Promise<Answer> {
    const suffix = dataRequest ? ".data" : "";
    if (where === "cancel")
      return handled({
        method: "GET",
        path: `/inschrijving-annuleren${suffix}?redirectTo=${encodeURIComponent(back)}`,
        headers: { cookie: visitorCookie },
      });
    return handled({
      path: where === "cart" ? `/winkelwagen${suffix}` : `/favorieten${suffix}`,
      headers: {
        ...same(),
        "content-type": "application/x-www-form-urlencoded",
        cookie: visitorCookie,
      },
      body: new URLSearchParams(
        where === "cart"
          ? { intent: "remove", round: "1", redirectTo: back }
          : { workshop: workshopId, redirectTo: back },
      ).toString(),
    });
  }

  /**
   * Where the answer sends the visitor stays on the site: the Location header, and every link of the page (the
   * cancel page's 'Annuleren' goes back to its return path), resolved as a browser resolves them.
   */
  function staysOnSite(answer: Answer, back: string) {
    const origin = `http://${site.host}`;
    const targets = [
      ...(answer.headers.location ? [String(answer.headers.location)] : []),
      ...[...answer.text.matchAll(/href="([^"]*)"/g)].map((m) =>
        m[1]!.replaceAll("&amp;", "&"),
      ),
      // A data request carries the loader's return path as a string in its payload.
      ...[...answer.text.matchAll(/"(\/[^"]*)"/g)].map((m) => m[1]!),
    ];
    for (const target of targets) {
      expect(target, back).not.toMatch(/^\s*[/\\]{2}/);
      expect(new URL(target, origin).origin, back).toBe(origin);
    }
  }

  const WHERE = ["favourites", "cart", "cancel"] as const;

  it("the probes' return paths stay on the site: dot segments, percent-encoded dots, backslashes, other sites", async () => {
    const probes = [
      // Issue 34's: one leading slash in, "//evil.example" out once the dot segments are resolved.
      "/..//evil.example/phish",
      "/%2e%2e//evil.example",
      "/.././/evil.example",
      "/a/../..//evil.example",
      "/%2E%2E//evil.example/phish",
      "/.%2e//evil.example",
      "/%2e//evil.example",
      // Earlier probes': other sites, protocol-relative, backslashes, control characters.
      "//evil.example/phish",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
    ];
    for (const where of WHERE)
      for (const back of probes)
        for (const dataRequest of [false, true])
          staysOnSite(await returnedTo(where, back, dataRequest), back);
  });

  it("return paths with control characters, dot segments or percent-encoded dots stay on the site", async () => {
    const control = fc.string({
      unit: fc.oneof(
        fc.constantFrom("\t", "\n", "\r", "\u0000", "\u007f"),
        fc
          .integer({ min: 0, max: 0x1f })
          .map((code) => String.fromCharCode(code)),
      ),
      minLength: 1,
      maxLength: 4,
    });
    const withControl = fc
      .tuple(
        control,
        fc.constantFrom(
          (c: string) => `/${c}/evil.example/phish`,
          (c: string) => `${c}//evil.example`,
          (c: string) => `/${c}\\evil.example`,
          (c: string) => `/evil.example${c}`,
          (c: string) => `/${c}${c}/evil.example?x=1`,
        ),
      )
      .map(([c, shape]) => shape(c));
    // Segments a URL parser removes or climbs with ("..", ".", written plainly or percent-encoded in any case),
    // between a path's first slash and "//evil.example".
    const dotSegment = fc.constantFrom(
      "..",
      ".",
      "%2e%2e",
      "%2E%2E",
      "%2e%2E",
      ".%2e",
      "%2e.",
      "%2e",
      "%2E",
      "workshops",
      "a",
    );
    const withDots = fc
      .tuple(
        fc.array(dotSegment, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(
          "//evil.example/phish",
          "/\\evil.example",
          "//evil.example?x=1",
        ),
      )
      .map(([segments, tail]) => `/${segments.join("/")}${tail}`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHERE),
        fc.oneof(withControl, withDots),
        fc.boolean(),
        async (where, back, dataRequest) =>
          staysOnSite(await returnedTo(where, back, dataRequest), back),
      ),
      settings(),
    );
  });

  it("browser error reports of any shape: 204, 400, 413 or 415, and what is sent on names no file of the server", async () => {
    const frameLine = fc.oneof(
      fc
        .tuple(fc.string({ maxLength: 30 }), fc.webUrl(), fc.nat(), fc.nat())
        .map(
          ([fn, url, line, column]) =>
            `    at ${fn} (${url}:${line}:${column})`,
        ),
      fc
        .tuple(
          fc.string({ maxLength: 30 }),
          fc.constantFrom(
            "/etc/passwd",
            "file:///etc/passwd",
            "build/server/index.js",
            "node:internal/x",
            "data:text/javascript,1",
            "chrome-extension://abc/x.js",
          ),
          fc.nat(),
        )
        .map(([fn, file, line]) => `${fn}@${file}:${line}:1`),
      fc.string({ maxLength: 200 }),
      fc
        .constantFrom(...CONTACT_DETAILS)
        .map((typed) => `    at ${typed} (https://x.example/${typed}.js:1:2)`),
    );
    /** Text around what a student typed, as a message or path may carry it. */
    const withContactDetails = fc
      .tuple(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(...CONTACT_DETAILS),
        fc.string({ maxLength: 40 }),
      )
      .map(([before, typed, after]) => `${before} ${typed} ${after}`);
    const report = fc.record(
      {
        kind: fc.oneof(
          fc.constantFrom("error", "unhandledrejection", "boundary"),
          fc.string({ maxLength: 20 }),
        ),
        type: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue()),
        message: fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.constant("Failed at https://x.example/?token=s3cr3t"),
          withContactDetails,
          fc.jsonValue(),
        ),
        stack: fc
          .array(frameLine, { maxLength: 60 })
          .map((lines) => lines.join("\n")),
        path: fc.oneof(
          fc.constantFrom("/", "/workshops", "//evil.example/x", "/?token=x"),
          fc.string({ maxLength: 100 }),
          fc
            .constantFrom(...CONTACT_DETAILS)
            .map((typed) => `/contact/${typed}`),
        ),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      { weight: 4, arbitrary: report.map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
      {
        weight: 1,
        arbitrary: fc
          .uint8Array({ maxLength: 500 })
          .map((bytes) => Buffer.from(bytes)),
      },
      { weight: 1, arbitrary: fc.constant("x".repeat(17 * 1024)) },
    );
    const contentType = fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain;charset=UTF-8",
      undefined,
    );
    const userAgent = fc.constantFrom(
      BROWSER_USER_AGENT,
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "",
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        contentType,
        userAgent,
        async (bytes, type, agent) => {
          const headers: Record<string, string> = {
            ...same(),
            "user-agent": agent,
          };
          if (type !== undefined) headers["content-type"] = type;
          const answer = await handled({
            path: "/fouten",
            headers,
            body: bytes,
          });
          expect([204, 400, 413, 415]).toContain(answer.status);
          expect(answer.headers["cache-control"]).toBe("no-store");
        },
      ),
      settings(),
    );
    // Reports travel after the answer.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Some bodies were reports from a browser, and went on.
    expect(browserReports.length).toBeGreaterThan(0);
    for (const sent of browserReports) {
      expect(sent).not.toMatch(/"filename":"(?!https?:|[a-z-]+-extension:)/);
      expect(sent).not.toContain("s3cr3t");
      // No address or phone number a page put in its report (issue 43), in any field.
      // With the separators a number can be typed with taken out: "06 87 65 43 21", "(020) 876 5432".
      expect(sent.replace(/%20|[\s()./-]/g, "")).not.toMatch(
        /leerling\.fuzz|87654321|8765432|2079460958/,
      );
      expect(sent).toContain(`"url":"http://${site.host}/`);
    }
  });
});

describe("rate limits by route", { timeout: 120_000 }, () => {
  let limited: Site;
  /** One client address per case (through the trusted proxy's X-Forwarded-For), so each case counts afresh. */
  let client = 0;

  beforeAll(async () => {
    limited = await startSite({
      UPSTREAM_URL: upstream.url,
      TRUST_PROXY: "true",
      RATE_LIMIT_MESSAGES: "1",
      RATE_LIMIT_POSTS: "1000",
    });
  });

  afterAll(async () => {
    expect(limited.stderr()).toBe("");
    await limited?.stop();
  });

  /** A form poster from an address no case has used (through the trusted proxy's X-Forwarded-For). */
  function fromNewAddress() {
    client += 1;
    const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
    return (path: string, body: string, cookie?: string | null) =>
      send(limited, {
        method: "POST",
        path,
        headers: {
          origin: `http://${limited.host}`,
          "sec-fetch-site": "same-origin",
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": address,
          ...(cookie ? { cookie } : {}),
        },
        body,
      });
  }

  /** The same path as React Router reads it: letters in any case or percent-encoded, a trailing slash, `.data`. */
  const spelling = (path: string) =>
    fc
      .tuple(
        fc.array(fc.constantFrom("keep", "upper", "escape"), {
          minLength: path.length,
          maxLength: path.length,
        }),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([ways, slash, data]) => {
        const spelled = [...path]
          .map((char, index) => {
            if (char === "/") return char;
            if (ways[index] === "upper") return char.toUpperCase();
            if (ways[index] === "escape")
              return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
            return char;
          })
          .join("");
        return `${spelled}${slash ? "/" : ""}${data ? ".data" : ""}`;
      });

  /** Every action under the tighter limit: a question, a login request, and 'Versturen' (it mails a link). */
  const ACTIONS = [
    { path: "/contact", body: "name=x" },
    { path: "/inschrijven", body: "intent=login&email=" },
    { path: "/inschrijving-afronden", body: "voornaam=x" },
  ];

  /**
   * What a client that starts afresh may send instead of the cookie it was given: nothing, garbage, a cookie signed
   * with another secret, or a session of the site's own with a new anonymous id.
   */
  const anyCookie = fc.oneof(
    fc.constant(""),
    fc
      .string({ maxLength: 60 })
      .map((text) => `session=${encodeURIComponent(text)}`),
    fc
      .uuid()
      .map(
        (id) =>
          `session=${Buffer.from(JSON.stringify({ anonymousUserId: id })).toString("base64")}.forged`,
      ),
    fc.uuid().map((id) => sessionCookie({ anonymousUserId: id })),
  );

  it("a client that makes a new cookie for each post stays under the client address's ceiling", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ACTIONS),
        fc.tuple(anyCookie, anyCookie),
        async ({ path, body }, cookies) => {
          const post = fromNewAddress();
          const statuses: number[] = [];
          for (const cookie of cookies)
            statuses.push((await post(path, body, await cookie)).status);
          expect(statuses[0], path).toBeLessThan(500);
          expect(statuses[0], path).not.toBe(429);
          expect(statuses[1], path).toBe(429);
        },
      ),
      settings(),
    );
  });

  it("a question, login request or 'Versturen' counts as one however its path is spelled", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...ACTIONS)
          .chain((action) =>
            spelling(action.path).map((path) => ({ ...action, path })),
          ),
        async ({ path, body }) => {
          const post = fromNewAddress();
          const first = await post(path, body);
          expect(first.status, path).toBeLessThan(500);
          expect(first.status, path).not.toBe(429);
          expect((await post(path, body)).status, path).toBe(429);
        },
      ),
      settings(),
    );
  });
});
