/**
 * What the root middleware learned about a request, for loaders and actions: which site, the visitor's session,
 * and an upstream client that speaks for this visitor.
 */
import { createContext } from "react-router";
import type { RouterContextProvider } from "react-router";
import { createUpstreamClient } from "~/upstream/client.server";
import type {
  UpstreamClient,
  UpstreamClientOptions,
} from "~/upstream/client.server";
import { siteData } from "~/upstream/site-data.server";
import type { SiteData } from "~/upstream/site-data.server";
import type { VisitorSession } from "~/session/session.server";

export interface RequestState {
  /** Host sub-name, e.g. "venlo". */
  site: string;
  /** Effective host including port, sent upstream as the site host. */
  host: string;
  /** Effective origin, e.g. "http://venlo.localhost:3000". */
  origin: string;
  /** The visitor's address as the HTTP server determined it (see client-ip.server.ts); null when unknown. */
  clientIp: string | null;
  session: VisitorSession;
  /** The request may change something (any method but GET and HEAD): it may start from the registration as the visitor last saw it. */
  changes: boolean;
  upstream: UpstreamClient;
  /** The site's shared data (settings, pages, logos, locations, day list), cached per site. */
  siteData: SiteData;
}

const requestStateContext = createContext<RequestState>();

/** The request state the root middleware stored; throws when called outside it (a programming error). */
export function getRequestState(
  context: Readonly<RouterContextProvider>,
): RequestState {
  try {
    return context.get(requestStateContext);
  } catch {
    throw new Error(
      "getRequestState: no request state; is the root middleware installed (export middleware in root.tsx)?",
    );
  }
}

export function setRequestState(
  context: Readonly<RouterContextProvider>,
  state: RequestState,
): void {
  context.set(requestStateContext, state);
}

type CreateClient = typeof createUpstreamClient;
/** Where the upstream is, its key, the request's deadline, each call's timeout and the request's id: from the root middleware. */
type ClientOptions = Pick<
  UpstreamClientOptions,
  "baseUrl" | "apiKey" | "deadline" | "timeoutMs" | "requestId"
>;

/**
 * The site's shared data, asked for with the visitor's anonymous id but never their registration id, so the
 * cache holds only answers that are the same for everyone.
 */
export function siteUpstream(
  host: string,
  site: string,
  session: VisitorSession,
  freshMs: number,
  options: ClientOptions,
  create: CreateClient = createUpstreamClient,
): SiteData {
  // Made at the call, so an answer from the cache gives the visitor no anonymous id.
  const client: Pick<UpstreamClient, "call"> = {
    call: (name, input) =>
      create(
        { siteHost: host, anonymousUserId: session.anonymousUserId },
        options,
      ).call(name, input),
  };
  return siteData(site, client, freshMs);
}

/**
 * An upstream client that reads the visitor's identity at each call, so a registration id stored by a loader
 * or action is sent with every later call in the same request. Every call ends by the request's deadline, and
 * each one waits at most `timeoutMs` for an answer (the client's own 20 s when not given); each carries the
 * request's id.
 */
export function visitorUpstream(
  host: string,
  session: VisitorSession,
  options: ClientOptions,
  create: CreateClient = createUpstreamClient,
): UpstreamClient {
  return {
    call(name, input) {
      const identity = {
        siteHost: host,
        anonymousUserId: session.anonymousUserId,
        registrationId: session.registrationId,
      };
      return create(identity, options).call(name, input);
    },
  };
}
