/**
 * Shared pieces of the unit tests: a draft registration as the upstream answers it, and a router context with
 * a real visitor session and a scripted upstream, as the root middleware would give a loader or action.
 */
import { RouterContextProvider } from "react-router";
import { vi } from "vitest";
import { setRequestState } from "~/request/request-state.server";
import { VisitorSession } from "~/session/session.server";
import type { UpstreamClient } from "~/upstream/client.server";
import type { OrientationDay, Registration } from "#contract";

/** An orientation day as the day list answers it: three rounds, with an address. */
export function orientationDay(
  overrides: Partial<OrientationDay> = {},
): OrientationDay {
  return {
    id: 4,
    date: "2026-11-24",
    start_time: "09:00",
    end_time: "12:30",
    schoolDisplay: "Domstad Lyceum",
    address: "Laan van Europa 2",
    postalCode: "5911 AA",
    city: "Venlo",
    display: "Open dag Venlo",
    readonly: false,
    rondes: [
      { number: 1, startTime: "09:30", endTime: "10:15", selection: null },
      { number: 2, startTime: "10:30", endTime: "11:15", selection: null },
      { number: 3, startTime: "11:30", endTime: "12:15", selection: null },
    ],
    ...overrides,
  };
}

/** A registration with a school and nothing else yet; `overrides` replace whole fields. */
export function draftRegistration(
  overrides: Partial<Registration> = {},
): Registration {
  return {
    created: null,
    school: { id: 7, display: "Domstad Lyceum" },
    orientationDay: { id: 1, rondes: [] },
    choices: {},
    geslacht: null,
    voornaam: null,
    tussenvoegsel: null,
    achternaam: null,
    klas: null,
    telefoonnummer: null,
    emailadres: null,
    aantalPersonen: null,
    marketingOptin: false,
    display: null,
    ...overrides,
  };
}

/** A fresh visitor session, as on a first visit. */
export function newSession(): Promise<VisitorSession> {
  return VisitorSession.load(null, {
    secrets: ["unit-test-session-secret"],
    secure: false,
  });
}

/** What the scripted upstream answers per call; a call without an answer fails the test. */
export type UpstreamAnswers = Partial<
  Record<string, (options?: unknown) => Promise<unknown>>
>;

/**
 * A router context holding the request state for `session`, whose upstream answers from `answers` and records
 * each call's name in `calls`.
 */
export function routeContext(
  session: VisitorSession,
  answers: UpstreamAnswers,
  calls: string[] = [],
): RouterContextProvider {
  const upstream = {
    call: vi.fn(async (name: string, options?: unknown) => {
      calls.push(name);
      const answer = answers[name];
      if (!answer) throw new Error(`unexpected upstream call ${name}`);
      return answer(options);
    }),
  } as unknown as UpstreamClient;
  const context = new RouterContextProvider();
  setRequestState(context, {
    site: "localhost",
    host: "localhost",
    origin: "http://localhost",
    clientIp: null,
    session,
    upstream,
    // Unit tests see every call: the site data cache is tested on its own (site-data.server.test.ts).
    siteData: upstream,
  });
  return context;
}

/**
 * The arguments React Router gives a loader or action for `request` (v8: the request as it came): `url` is the
 * page's address, without a data request's `.data` / `/_.data` ending and its `_routes` and bare `index` parameters.
 */
export function routeArgs<Args>(
  request: Request,
  context: RouterContextProvider,
  params: Record<string, string> = {},
): Args {
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  if (url.searchParams.get("index") === "") url.searchParams.delete("index");
  return { request, url, params, context, pattern: "" } as Args;
}
