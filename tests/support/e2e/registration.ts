/**
 * A real created (confirmed) registration for the browser's visitor, made through the reference upstream's own
 * API: the steps the registration screens will take, so the behaviours that depend on one can be tested now.
 *
 * The browser gets its registration id from the app (in the signed session cookie); the test reads that id and
 * then speaks to the upstream as the app would, with the same headers. The cookie is only read, never written.
 */
import { expect, test } from "@playwright/test";
import type {
  APIRequestContext,
  APIResponse,
  Browser,
  Page,
} from "@playwright/test";
import { z } from "zod";
import { APP_URL, UPSTREAM_URL } from "../../../playwright.config";
import {
  API_BASE_PATH,
  ENDPOINTS,
  HEADERS,
  RegistrationSchema,
  SchoolSchema,
  WorkshopSchema,
} from "#contract";
import type {
  EndpointName,
  PendingConfirmationBody,
  Registration,
  School,
} from "#contract";
import { SESSION_COOKIE_NAME } from "../../../app/session/session-cookie.server";
import { buildDemoData } from "../../../reference-upstream/demo/data";
import { chooseDay, javaScriptEnabled, untilHydrated } from "./flow";
import { mailedLink, tokenOf } from "./mail";
import { uniqueEmail } from "../../fixtures/unique";

const API_KEY = "demo-api-key";
/** The host the browser uses, which the app passes on as the site host ("localhost" site). */
const SITE_HOST = new URL(APP_URL).host;

/** The part of the session cookie these tests read. */
const SessionSchema = z.object({
  anonymousUserId: z.string().min(1).optional(),
  /** Absent until the visitor chooses a day (the app fetches it then, not on every first view). */
  registrationId: z.string().min(1).optional(),
  orientationDayId: z.number().int().positive().optional(),
});
export type SessionIds = z.infer<typeof SessionSchema>;

/**
 * What the browser's session cookie holds. React Router's signed cookie is URL-encoded base64 of JSON, then
 * "." and the signature; the payload is readable without the secret.
 */
export async function readSession(page: Page): Promise<SessionIds> {
  const cookie = (await page.context().cookies(APP_URL)).find(
    (candidate) => candidate.name === SESSION_COOKIE_NAME,
  );
  if (!cookie) throw new Error("the browser holds no session cookie");
  const signed = decodeURIComponent(cookie.value);
  const payload = signed.slice(0, signed.lastIndexOf("."));
  const json: unknown = JSON.parse(
    Buffer.from(payload, "base64").toString("utf8"),
  );
  return SessionSchema.parse(json);
}

export interface Visitor {
  anonymousUserId: string;
  registrationId: string;
}

/** Calls the upstream directly as the app does for this visitor. */
export function upstreamCall(
  request: APIRequestContext,
  visitor: Visitor,
  name: EndpointName,
  options: { body?: unknown; query?: Record<string, string | number> } = {},
): Promise<APIResponse> {
  const endpoint = ENDPOINTS[name];
  return request.fetch(`${UPSTREAM_URL}${API_BASE_PATH}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      [HEADERS.apiKey]: API_KEY,
      [HEADERS.siteHost]: SITE_HOST,
      [HEADERS.anonymousUserId]: visitor.anonymousUserId,
      [HEADERS.registrationId]: visitor.registrationId,
    },
    params: options.query,
    data: options.body,
  });
}

/** Fails with the upstream's own answer (status and body) when it is not the expected status. */
async function expectStatus(
  response: APIResponse,
  status: number,
  what: string,
): Promise<void> {
  if (response.status() !== status) {
    throw new Error(
      `${what}: expected ${status}, upstream answered ${response.status()} ${await response.text()}`,
    );
  }
}

/** The visitor's registration as the upstream has it, or null when it has none (204). */
export async function fetchRegistration(
  request: APIRequestContext,
  visitor: Visitor,
): Promise<Registration | null> {
  const response = await upstreamCall(request, visitor, "registration");
  if (response.status() === 204) return null;
  await expectStatus(response, 200, "GET registration");
  return RegistrationSchema.parse(await response.json());
}

/** Whether the upstream holds a created (confirmed) registration for the visitor. */
export async function hasCreatedRegistration(
  request: APIRequestContext,
  visitor: Visitor,
): Promise<boolean> {
  const registration = await fetchRegistration(request, visitor);
  return registration !== null && registration.created !== null;
}

/**
 * Chooses one workshop in one round. Other tests take seats on the same upstream at the same time, so a round
 * that fills up between reading the availability and choosing (409) makes way for the next one.
 */
async function chooseAnyWorkshop(
  request: APIRequestContext,
  visitor: Visitor,
): Promise<void> {
  const response = await upstreamCall(request, visitor, "workshops");
  await expectStatus(response, 200, "GET workshops");
  const workshops = z.array(WorkshopSchema).parse(await response.json());
  const openRounds = workshops.flatMap((workshop) =>
    workshop.availability
      .filter((entry) => entry.available)
      .map((entry) => ({ round: entry.round, workshop: workshop.id })),
  );
  for (const choice of openRounds) {
    const update = await upstreamCall(request, visitor, "update", {
      body: { choices: [choice] },
    });
    if (update.status() === 409) continue;
    await expectStatus(update, 200, "POST update");
    return;
  }
  throw new Error("no workshop round has a free seat on this orientation day");
}

/** The confirmation token from the newest confirmation mail to the address, through the dev mailbox. */
async function confirmationToken(
  request: APIRequestContext,
  email: string,
): Promise<string> {
  return tokenOf(await mailedLink(request, email, "/inschrijving-bevestigen"));
}

export interface CreatedRegistration extends Visitor {
  /** The orientation day the registration is for: the first day on Home. */
  orientationDayId: number;
  email: string;
}

export interface DayVisitor extends Visitor {
  orientationDayId: number;
}

/** Chooses a day on Home in the browser (see chooseDay); the visitor's ids and the day, from the session. */
export async function visitorForDay(
  page: Page,
  day?: number | string,
): Promise<DayVisitor> {
  await chooseDay(page, day);
  const { anonymousUserId, registrationId, orientationDayId } =
    await readSession(page);
  if (!anonymousUserId || !registrationId || !orientationDayId)
    throw new Error("choosing a day left the session without ids");
  return { anonymousUserId, registrationId, orientationDayId };
}

/** Creates the visitor's registration upstream with the first school of their day; that school. */
export async function createWithFirstSchool(
  request: APIRequestContext,
  visitor: DayVisitor,
): Promise<School> {
  const { orientationDayId } = visitor;
  const schoolsResponse = await upstreamCall(request, visitor, "schools", {
    query: { orientationDay: orientationDayId },
  });
  await expectStatus(schoolsResponse, 200, "GET schools");
  const [school] = z.array(SchoolSchema).parse(await schoolsResponse.json());
  if (!school)
    throw new Error(`no school takes part in day ${orientationDayId}`);
  await expectStatus(
    await upstreamCall(request, visitor, "create", {
      body: { school: school.id, orientationDay: orientationDayId },
    }),
    200,
    "POST create",
  );
  return school;
}

/**
 * Chooses the first orientation day on Home in the browser, then creates and fills the registration of the
 * browser's registration id upstream. Afterwards a confirmation link waits in the mailbox.
 */
export async function createPendingRegistration(
  page: Page,
  request: APIRequestContext,
): Promise<CreatedRegistration> {
  const visitor = await visitorForDay(page);
  await createWithFirstSchool(request, visitor);
  await chooseAnyWorkshop(request, visitor);

  const email = uniqueEmail();
  const personalData: PendingConfirmationBody = {
    geslacht: "x",
    voornaam: "Sam",
    tussenvoegsel: "de",
    achternaam: "Tester",
    klas: "3B",
    telefoonnummer: null,
    emailadres: email,
    aantalPersonen: 1,
    marketingOptin: false,
    display: "Sam",
  };
  await expectStatus(
    await upstreamCall(request, visitor, "pendingConfirmation", {
      body: personalData,
    }),
    200,
    "POST pending-confirmation",
  );
  return { ...visitor, email };
}

/**
 * createPendingRegistration, then confirmed through the upstream with the mailed token, and logged into through the
 * mailed login link in the browser. Afterwards the visitor has a created registration for the first day, under the
 * id the login answered.
 */
export async function createConfirmedRegistration(
  page: Page,
  request: APIRequestContext,
): Promise<CreatedRegistration> {
  const registration = await createPendingRegistration(page, request);
  const { email } = registration;
  const visitor: Visitor = registration;
  await expectStatus(
    await upstreamCall(request, visitor, "confirm", {
      body: { token: await confirmationToken(request, email) },
    }),
    200,
    "POST confirm",
  );

  expect(
    await hasCreatedRegistration(request, visitor),
    "the registration is confirmed",
  ).toBe(true);
  // Sent means handed over (decision 0076): the browser changes it only after the mailed login link, as a student.
  await expectStatus(
    await upstreamCall(request, visitor, "requestLogin", {
      body: { email, orientationDayId: registration.orientationDayId },
    }),
    200,
    "POST request-login",
  );
  await page.goto(await mailedLink(request, email, "/login"));
  await page.getByRole("button", { name: "Ga verder" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const { registrationId } = await readSession(page);
  if (!registrationId) throw new Error("the login left the session without id");
  return { ...registration, registrationId };
}

/** Lets the visitor's registration go, as the upstream does when its link's time runs out (the test hook). */
export async function expireRegistrationUpstream(
  request: APIRequestContext,
  visitor: Visitor,
): Promise<void> {
  await expectStatus(
    await request.post(`${UPSTREAM_URL}/dev/test/expire`, {
      data: { registrationId: visitor.registrationId },
    }),
    204,
    "POST /dev/test/expire",
  );
}

/** A visitor in a browser of their own, beside the test's page, with the project's JavaScript setting. */
export async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: javaScriptEnabled(),
    baseURL: APP_URL,
  });
  return context.newPage();
}

/**
 * Adds a workshop of the test's own to a day through the upstream's test hook, with `seats` per round number (0:
 * full from the start), so no other test takes its seats. Its slug is unique per project and run.
 */
export async function addTestWorkshop(
  request: APIRequestContext,
  orientationDay: number,
  display: string,
  seats: Record<string, number>,
): Promise<string> {
  const slug = `${display.toLowerCase().replaceAll(" ", "-")}-${test.info().project.name}-${Date.now().toString(36)}`;
  await expectStatus(
    await request.post(`${UPSTREAM_URL}/dev/test/workshop`, {
      data: { orientationDay, slug, display, seats },
    }),
    200,
    "POST /dev/test/workshop",
  );
  return slug;
}

/** The first school's button on /inschrijven. */
export function firstSchoolButton(page: Page) {
  return page
    .getByRole("region", {
      name: "Nieuwe inschrijving? Selecteer jouw school:",
    })
    .getByRole("button")
    .first();
}

/** Chooses the first day and its first school through the screens, landing on the workshop list. */
export async function chooseFirstSchool(page: Page): Promise<void> {
  await chooseDay(page);
  await firstSchoolButton(page).click();
  await expect(page).toHaveURL(/\/workshops$/);
}

/** Chooses the first day and the first school through the screens; the workshop list creates the registration. */
export async function registerThroughScreens(
  page: Page,
  request: APIRequestContext,
): Promise<Visitor> {
  await chooseFirstSchool(page);

  const session = await readSession(page);
  if (!session.anonymousUserId || !session.registrationId)
    throw new Error(
      "the visitor has no registration id after choosing a school",
    );
  const visitor = {
    anonymousUserId: session.anonymousUserId,
    registrationId: session.registrationId,
  };
  const registration = await fetchRegistration(request, visitor);
  expect(registration?.school, "the registration has the school").toBeTruthy();
  return visitor;
}

const demoSite = buildDemoData().find((demo) => demo.name === "localhost")!;
/** The site's first open day by date, and its read-only day. */
export const openDay = demoSite.orientationDays
  .filter((day) => !day.readonly)
  .toSorted((a, b) => a.daysFromToday - b.daysFromToday)[0]!;
const readonlyDay = demoSite.orientationDays.find((day) => day.readonly)!;

/**
 * A registration for the day with its first school and, when asked, a workshop in one round (the first round
 * with a free seat: other tests take seats on the same upstream at the same time); the browser ends on the
 * final form, hydrated.
 */
export async function startRegistration(
  page: Page,
  request: APIRequestContext,
  options: { readonly?: boolean; choose?: boolean } = {},
): Promise<Visitor & { school: string; workshop: string | null }> {
  const day = options.readonly ? readonlyDay : openDay;
  // The day's card names its school.
  const visitor = await visitorForDay(page, day.schoolDisplay);
  const school = await createWithFirstSchool(request, visitor);

  let workshop: string | null = null;
  if (options.choose !== false && !options.readonly) {
    const workshops = z
      .array(WorkshopSchema)
      .parse(await (await upstreamCall(request, visitor, "workshops")).json());
    for (const candidate of workshops) {
      const entry = candidate.availability.find((item) => item.available);
      if (!entry) continue;
      const update = await upstreamCall(request, visitor, "update", {
        body: { choices: [{ round: entry.round, workshop: candidate.id }] },
      });
      if (update.status() === 409) continue;
      expect(update.status()).toBe(200);
      workshop = candidate.display;
      break;
    }
    if (!workshop) throw new Error("no workshop round has a free seat");
  }
  await page.goto("/inschrijving-afronden");
  await untilHydrated(page);
  return { ...visitor, school: school.display, workshop };
}
