/**
 * The web app's only way to the upstream API. Every call carries the contract's headers, is sent under the retry
 * and timeout policy (retry-policy.server.ts: 20 s per attempt, idempotent calls that got no response tried again,
 * spec section 7), and has its answer parsed with the contract's schemas, so loaders and actions only ever see
 * valid data, a 204, or an UpstreamError.
 * Transport (undici's keep-alive pool) and retry policy: docs/decisions/0020-upstream-transport.md.
 */
import * as Sentry from "@sentry/node-core/light";
import { Pool } from "undici";
import type { Dispatcher } from "undici";
import { z } from "zod";
import {
  ANSWER_HEADERS,
  API_BASE_PATH,
  ENDPOINTS,
  ErrorBodySchema,
  HEADERS,
  fillPath,
} from "#contract";
import type { EndpointName, ErrorBody } from "#contract";
import { observeCall } from "./call-log.server";
import type { CallOutcome, CallRecord } from "./call-log.server";
import { TIMEOUT_MS, limitWork, sendWithRetries } from "./retry-policy.server";

// The delay is the policy's; the client's tests check it here, beside the retries it spaces.
export { retryDelay } from "./retry-policy.server";

export interface UpstreamIdentity {
  /** The host name the visitor used; its first label names the site. */
  siteHost: string;
  anonymousUserId: string;
  registrationId?: string | null;
}

/**
 * `replayed`: the upstream gave the kept answer of an earlier copy of this keyed request (contract ANSWER_HEADERS), so
 * it tells how things stood then.
 */
export type UpstreamAnswer<T> =
  { status: 200; data: T; replayed?: true } | { status: 204; replayed?: true };

/**
 * network: no response (refused, reset, closed); timeout: no answer in time; status: an answer other than
 * 200/204; malformed: a 200 whose body is not JSON or does not match the contract.
 */
export type UpstreamErrorKind = "network" | "timeout" | "status" | "malformed";

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly endpoint: EndpointName;
  readonly status?: number;
  readonly body?: ErrorBody;

  constructor(
    kind: UpstreamErrorKind,
    endpoint: EndpointName,
    message: string,
    extra: { status?: number; body?: ErrorBody; cause?: unknown } = {},
  ) {
    super(`Upstream ${endpoint}: ${message}`, { cause: extra.cause });
    this.name = "UpstreamError";
    this.kind = kind;
    this.endpoint = endpoint;
    this.status = extra.status;
    this.body = extra.body;
  }
}

export interface UpstreamClientOptions {
  /** Where the upstream is and the key it knows the site by: given by the caller, which reads the settings. */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  /**
   * The visitor's request's own deadline: once it aborts, a call under way (waiting, between retries or reading
   * the body) gives up as a timeout, so a page answers in time however the upstream behaves.
   */
  deadline?: AbortSignal;
  /** Answers larger than this are refused as malformed, so a runaway upstream cannot fill the memory. */
  maxAnswerBytes?: number;
  report?: (error: UpstreamError) => void;
  random?: () => number;
  /**
   * The visitor's request's id (app/observability/request-id.server.ts): sent with every call, on its reports and
   * logs.
   */
  requestId?: string | null;
  /** Told about every call once it ends (call-log.server.ts: failures logged, metrics counted). */
  observe?: (record: CallRecord) => void;
}

type Endpoints = typeof ENDPOINTS;
type BodyOf<N extends EndpointName> = Endpoints[N] extends {
  body: infer B extends z.ZodType;
}
  ? z.input<B>
  : never;
export type AnswerOf<N extends EndpointName> = z.output<Endpoints[N]["answer"]>;
/** Only the calls that change state take an idempotency key. */
type KeyOf<N extends EndpointName> = Endpoints[N] extends {
  idempotencyKey: true;
}
  ? string
  : never;

export interface UpstreamCallInput<N extends EndpointName> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: BodyOf<N>;
  /**
   * The posted form's key (app/request/idempotency.server.ts). It goes out as `{key}:{call name}`, so the calls
   * one form makes never share a key, and a repeat of the form repeats each call's key.
   */
  idempotencyKey?: KeyOf<N>;
  /**
   * Speaks for this registration instead of the identity's: the registration that waits for its mailed link after
   * 'Versturen' cleared the visitor's store (app/registration/awaiting-confirmation.server.ts).
   */
  registrationId?: string;
}

export interface UpstreamClient {
  call<N extends EndpointName>(
    name: N,
    input?: UpstreamCallInput<N>,
  ): Promise<UpstreamAnswer<AnswerOf<N>>>;
}

/** Far above any answer of the contract (the largest, a day's workshops, is tens of kilobytes). */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/**
 * Open connections per upstream origin. Beyond this, calls wait in the pool's queue rather than open more
 * sockets; a page makes at most a few calls, so this serves hundreds of visitors at once.
 */
export const POOL_CONNECTIONS = 64;

function reporter(requestId: string | null | undefined) {
  return (error: UpstreamError): void => {
    // A no-op while Sentry is not initialised (no SENTRY_DSN).
    Sentry.captureException(
      error,
      requestId ? { tags: { request_id: requestId } } : undefined,
    );
  };
}

/** How a call ended, as the metrics and the log name it. */
export function callOutcome(error: unknown): CallOutcome {
  if (!(error instanceof UpstreamError)) return "invalid";
  switch (error.kind) {
    case "timeout":
      return "timeout";
    case "network":
      return "refused";
    case "malformed":
      return "invalid";
    case "status": {
      const status = error.status ?? 0;
      if (status >= 400 && status < 500) return "http_4xx";
      if (status >= 500 && status < 600) return "http_5xx";
      // A 204 the call does not list, a redirect: no answer the contract knows.
      return "invalid";
    }
  }
}

/** One keep-alive pool per upstream origin, shared by every request of this process. */
const pools = new Map<string, Pool>();

function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      connections: POOL_CONNECTIONS,
      // The policy's timers bound each call (retry-policy.server.ts), so undici's are off rather than a second limit.
      headersTimeout: 0,
      bodyTimeout: 0,
      // HTTP/1.1 as before undici 8, which would otherwise speak HTTP/2 to an upstream that offers it over TLS:
      // POOL_CONNECTIONS, the proxies' keep-alive and the fleet's figures are all sized for connections.
      allowH2: false,
    });
    pools.set(origin, pool);
  }
  return pool;
}

export function createUpstreamClient(
  identity: UpstreamIdentity,
  options: UpstreamClientOptions,
): UpstreamClient {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "") + API_BASE_PATH;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const requestId = options.requestId;
  const report = options.report ?? reporter(requestId);
  const observe = options.observe ?? observeCall;
  const random = options.random ?? Math.random;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const deadline = options.deadline;

  const headers: Record<string, string> = {
    [HEADERS.siteHost]: identity.siteHost,
    [HEADERS.apiKey]: options.apiKey,
    [HEADERS.anonymousUserId]: identity.anonymousUserId,
    accept: "application/json",
  };
  if (identity.registrationId)
    headers[HEADERS.registrationId] = identity.registrationId;
  if (requestId) headers[HEADERS.requestId] = requestId;

  async function call<N extends EndpointName>(
    name: N,
    input: UpstreamCallInput<N> = {},
  ): Promise<UpstreamAnswer<AnswerOf<N>>> {
    const started = performance.now();
    const record = (outcome: CallOutcome, status?: number) =>
      observe({
        call: name,
        outcome,
        status,
        seconds: (performance.now() - started) / 1000,
        requestId,
      });
    try {
      const answer = await send(name, input);
      record("ok", answer.status);
      return answer;
    } catch (error) {
      record(
        callOutcome(error),
        error instanceof UpstreamError ? error.status : undefined,
      );
      throw error;
    }
  }

  async function send<N extends EndpointName>(
    name: N,
    input: UpstreamCallInput<N>,
  ): Promise<UpstreamAnswer<AnswerOf<N>>> {
    const request = buildRequest(name, input, basePath, headers);
    const sent = await sendWithRetries(
      request.method,
      { timeoutMs, deadline, random },
      (signal, attempt) => {
        if (attempt > 0) request.headers[HEADERS.attempt] = String(attempt);
        return poolFor(base.origin).request({ ...request, signal });
      },
    );
    if ("deadlinePassed" in sent)
      return fail(
        report,
        new UpstreamError(
          "timeout",
          name,
          "the request's deadline passed (timeout)",
        ),
      );
    if ("noResponse" in sent)
      return fail(
        report,
        new UpstreamError(
          sent.noResponse,
          name,
          `no response (${sent.noResponse})`,
          { cause: sent.cause },
        ),
      );
    return readAnswer(name, sent.response, {
      timeoutMs,
      deadline,
      maxAnswerBytes,
      report,
    });
  }

  return { call };
}

/** Reports the error and throws it. */
function fail(
  report: (error: UpstreamError) => void,
  error: UpstreamError,
): never {
  report(error);
  throw error;
}

/** What one call sends: the contract's method and path, the client's headers and the call's own, the body as JSON. */
function buildRequest<N extends EndpointName>(
  name: N,
  input: UpstreamCallInput<N>,
  basePath: string,
  headers: Record<string, string>,
): Dispatcher.RequestOptions & { headers: Record<string, string> } {
  const endpoint = ENDPOINTS[name];
  const query = input.query
    ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
    : "";
  const callHeaders: Record<string, string> = { ...headers };
  if (input.registrationId)
    callHeaders[HEADERS.registrationId] = input.registrationId;
  if (input.idempotencyKey)
    callHeaders[HEADERS.idempotencyKey] = `${input.idempotencyKey}:${name}`;
  // The upstream validates bodies; one it refuses comes back as a status error like any other refusal.
  let body: string | undefined;
  if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    callHeaders["content-type"] = "application/json";
  }
  return {
    path: basePath + fillPath(endpoint.path, input.params) + query,
    method: endpoint.method,
    headers: callHeaders,
    body,
  };
}

/**
 * The answer to a call, read within the time and size allowed and checked against the contract. Anything else is
 * an UpstreamError, reported unless it is a status the contract lists for the call.
 */
async function readAnswer<N extends EndpointName>(
  name: N,
  response: Dispatcher.ResponseData,
  limits: {
    timeoutMs: number;
    deadline?: AbortSignal;
    maxAnswerBytes: number;
    report: (error: UpstreamError) => void;
  },
): Promise<UpstreamAnswer<AnswerOf<N>>> {
  const { timeoutMs, deadline, maxAnswerBytes, report } = limits;
  const endpoint = ENDPOINTS[name];

  const { statusCode: status, body: stream } = response;
  const replayed =
    response.headers[ANSWER_HEADERS.idempotentReplayed] === "true"
      ? ({ replayed: true } as const)
      : {};
  if (status === 204) {
    await stream.dump();
    if ("noContent" in endpoint) return { status: 204, ...replayed };
    // An answer the contract does not list for this call is no success, whatever its status says.
    return fail(
      report,
      new UpstreamError("status", name, "answered 204, not listed", {
        status: 204,
      }),
    );
  }

  // The head came; reading the body gets the same time again, and also ends at the deadline.
  const limit = limitWork(timeoutMs, deadline, () =>
    stream.destroy(new Error("body timed out")),
  );
  let text: string;
  try {
    text = await readText(response, maxAnswerBytes);
  } catch (error) {
    if (error instanceof AnswerTooLarge)
      return fail(
        report,
        new UpstreamError("malformed", name, error.message, { status }),
      );
    const kind = limit.timedOut() ? "timeout" : "network";
    return fail(
      report,
      new UpstreamError(kind, name, `body not received (${kind})`, {
        status,
        cause: error,
      }),
    );
  } finally {
    limit.clear();
  }

  if (status !== 200) {
    const errorBody = parseJson(text);
    const parsed = ErrorBodySchema.safeParse(
      errorBody.ok ? errorBody.value : undefined,
    );
    const error = new UpstreamError("status", name, `answered ${status}`, {
      status,
      body: parsed.success ? parsed.data : undefined,
    });
    // Statuses the contract lists for this call are answers the product handles, not faults to report.
    const expected = "errors" in endpoint && status in endpoint.errors;
    if (!expected) report(error);
    throw error;
  }

  const json = parseJson(text);
  if (!json.ok)
    return fail(
      report,
      new UpstreamError("malformed", name, "answer is not JSON", {
        status: 200,
        cause: json.error,
      }),
    );
  const parsed = endpoint.answer.safeParse(json.value);
  if (!parsed.success) {
    const kept = keepValidItems(endpoint.answer, json.value);
    if (kept) {
      // Some items of a list could not be read: the rest is shown, and the fault is reported, not thrown.
      report(
        new UpstreamError(
          "malformed",
          name,
          `${kept.dropped} item(s) of the answer do not match the contract and were left out`,
          { status: 200, cause: parsed.error },
        ),
      );
      return { status: 200, data: kept.items as AnswerOf<N>, ...replayed };
    }
    return fail(
      report,
      new UpstreamError(
        "malformed",
        name,
        "answer does not match the contract",
        { status: 200, cause: parsed.error },
      ),
    );
  }
  return { status: 200, data: parsed.data as AnswerOf<N>, ...replayed };
}

/**
 * A list answer with some items the contract refuses: the items that pass, and how many did not. One bad value
 * (a date no calendar has, a time no clock shows) then costs that item, not the whole page. Null when the answer
 * is no list, or when no item passes (that is an upstream answering nonsense, as a failure).
 */
function keepValidItems(
  schema: z.ZodType,
  value: unknown,
): { items: unknown[]; dropped: number } | null {
  if (!(schema instanceof z.ZodArray) || !Array.isArray(value)) return null;
  const element = schema.element as z.ZodType;
  const items: unknown[] = [];
  for (const item of value) {
    const parsed = element.safeParse(item);
    if (parsed.success) items.push(parsed.data);
  }
  if (items.length === 0) return null;
  return { items, dropped: value.length - items.length };
}

class AnswerTooLarge extends Error {}

/** The body as text, refused (and the connection closed) once it exceeds `limit` bytes. */
async function readText(
  response: Dispatcher.ResponseData,
  limit: number,
): Promise<string> {
  const tooLarge = () =>
    new AnswerTooLarge(`answer larger than ${limit} bytes`);
  const declared = Number(response.headers["content-length"]);
  if (declared > limit) {
    response.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    // Leaving the loop early destroys the stream, which closes the connection.
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}
