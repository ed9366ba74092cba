/**
 * The web app's only way to the upstream API. Every call carries the contract's headers, times out after 20 s,
 * retries idempotent calls that got no response (spec section 7), and parses every answer with the contract's
 * schemas, so loaders and actions only ever see valid data, a 204, or an UpstreamError.
 * Retry policy and why ky: docs/decisions/0003-upstream-client-retries.md.
 */
import * as Sentry from "@sentry/react-router";
import ky, { TimeoutError } from "ky";
import type { z } from "zod";
import { env } from "~/env.server";
import {
  API_BASE_PATH,
  ENDPOINTS,
  ErrorBodySchema,
  HEADERS,
  fillPath,
} from "./contract";
import type { EndpointName, ErrorBody } from "./contract";

export interface UpstreamIdentity {
  /** The host name the visitor used; its first label names the site. */
  siteHost: string;
  anonymousUserId: string;
  registrationId?: string | null;
}

export type UpstreamAnswer<T> = { status: 200; data: T } | { status: 204 };

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
  baseUrl?: string;
  apiKey?: string;
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
   * The posted form's key (app/session/idempotency.server.ts). It goes out as `{key}:{call name}`, so the calls
   * one form makes never share a key, and a repeat of the form repeats each call's key.
   */
  idempotencyKey?: KeyOf<N>;
}

export interface UpstreamClient {
  call<N extends EndpointName>(
    name: N,
    input?: UpstreamCallInput<N>,
  ): Promise<UpstreamAnswer<AnswerOf<N>>>;
}

export const TIMEOUT_MS = 20_000;
/** Far above any answer of the contract (the largest, a day's workshops, is tens of kilobytes). */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
export const MAX_RETRIES = 2;
const RETRY_BASE_DELAY_MS = 300;
const RETRY_METHODS = ["get", "head", "options"] as const;

/** Delay before retry number `retryIndex` (0 for the first retry): 300 ms × 2^n plus 0–99 ms of jitter. */
export function retryDelay(
  retryIndex: number,
  random: () => number = Math.random,
): number {
  const jitter = Math.min(99, Math.floor(random() * 100));
  return RETRY_BASE_DELAY_MS * 2 ** retryIndex + jitter;
}

/** Failures where no response arrived: fetch rejects with a TypeError, ky with a TimeoutError. */
function gotNoResponse(error: unknown): boolean {
  return error instanceof TimeoutError || error instanceof TypeError;
}

function defaultReport(error: UpstreamError): void {
  // A no-op while Sentry is not initialised (no SENTRY_DSN).
  Sentry.captureException(error);
}

export function createUpstreamClient(
  identity: UpstreamIdentity,
  options: UpstreamClientOptions = {},
): UpstreamClient {
  const baseUrl = (options.baseUrl ?? env().UPSTREAM_URL).replace(/\/+$/, "");
  const apiKey = options.apiKey ?? env().UPSTREAM_API_KEY;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const report = options.report ?? defaultReport;
  const random = options.random ?? Math.random;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;

  const headers: Record<string, string> = {
    [HEADERS.siteHost]: identity.siteHost,
    [HEADERS.apiKey]: apiKey,
    [HEADERS.anonymousUserId]: identity.anonymousUserId,
    accept: "application/json",
  };
  if (identity.registrationId)
    headers[HEADERS.registrationId] = identity.registrationId;

  async function call<N extends EndpointName>(
    name: N,
    input: UpstreamCallInput<N> = {},
  ): Promise<UpstreamAnswer<AnswerOf<N>>> {
    const endpoint = ENDPOINTS[name];
    const url = baseUrl + API_BASE_PATH + fillPath(endpoint.path, input.params);
    const callHeaders = input.idempotencyKey
      ? {
          ...headers,
          [HEADERS.idempotencyKey]: `${input.idempotencyKey}:${name}`,
        }
      : headers;
    const fail = (error: UpstreamError): never => {
      report(error);
      throw error;
    };

    // ky's timeout covers the wait for the response head only; this deadline then bounds reading the body.
    const bodyDeadline = new AbortController();
    const signal = options.deadline
      ? AbortSignal.any([bodyDeadline.signal, options.deadline])
      : bodyDeadline.signal;
    const timedOut = (error: unknown) =>
      error instanceof TimeoutError ||
      bodyDeadline.signal.aborted ||
      options.deadline?.aborted === true;
    if (options.deadline?.aborted)
      return fail(
        new UpstreamError("timeout", name, "the request's deadline passed"),
      );
    let response: Response;
    try {
      response = await ky(url, {
        method: endpoint.method,
        headers: callHeaders,
        searchParams: input.query,
        // The upstream validates bodies; one it refuses comes back as a status error like any other refusal.
        json: input.body,
        timeout: timeoutMs,
        signal,
        throwHttpErrors: false,
        retry: {
          limit: MAX_RETRIES,
          methods: [...RETRY_METHODS],
          statusCodes: [],
          afterStatusCodes: [],
          retryOnTimeout: true,
          shouldRetry: ({ error }) => gotNoResponse(error),
          delay: (attemptCount) => retryDelay(attemptCount - 1, random),
        },
        hooks: {
          beforeRetry: [
            ({ request, retryCount }) => {
              request.headers.set(HEADERS.attempt, String(retryCount));
            },
          ],
        },
      });
    } catch (error) {
      const kind = timedOut(error) ? "timeout" : "network";
      return fail(
        new UpstreamError(kind, name, `no response (${kind})`, {
          cause: error,
        }),
      );
    }

    if (response.status === 204) {
      await response.body?.cancel();
      if ("noContent" in endpoint) return { status: 204 };
      // An answer the contract does not list for this call is no success, whatever its status says.
      return fail(
        new UpstreamError("status", name, "answered 204, not listed", {
          status: 204,
        }),
      );
    }

    const timer = setTimeout(() => bodyDeadline.abort(), timeoutMs);
    let text: string;
    try {
      text = await readText(response, maxAnswerBytes);
    } catch (error) {
      if (error instanceof AnswerTooLarge)
        return fail(
          new UpstreamError("malformed", name, error.message, {
            status: response.status,
          }),
        );
      const kind = timedOut(error) ? "timeout" : "network";
      return fail(
        new UpstreamError(kind, name, `body not received (${kind})`, {
          status: response.status,
          cause: error,
        }),
      );
    } finally {
      clearTimeout(timer);
    }

    if (response.status !== 200) {
      const body = parseJson(text);
      const parsed = ErrorBodySchema.safeParse(
        body.ok ? body.value : undefined,
      );
      const error = new UpstreamError(
        "status",
        name,
        `answered ${response.status}`,
        {
          status: response.status,
          body: parsed.success ? parsed.data : undefined,
        },
      );
      // Statuses the contract lists for this call are answers the product handles, not faults to report.
      const expected =
        "errors" in endpoint && response.status in endpoint.errors;
      if (!expected) report(error);
      throw error;
    }

    const json = parseJson(text);
    if (!json.ok)
      return fail(
        new UpstreamError("malformed", name, "answer is not JSON", {
          status: 200,
          cause: json.error,
        }),
      );
    const parsed = endpoint.answer.safeParse(json.value);
    if (!parsed.success) {
      return fail(
        new UpstreamError(
          "malformed",
          name,
          "answer does not match the contract",
          { status: 200, cause: parsed.error },
        ),
      );
    }
    return { status: 200, data: parsed.data as AnswerOf<N> };
  }

  return { call };
}

class AnswerTooLarge extends Error {}

/** The body as text, refused (and the connection's stream cancelled) once it exceeds `limit` bytes. */
async function readText(response: Response, limit: number): Promise<string> {
  const tooLarge = () =>
    new AnswerTooLarge(`answer larger than ${limit} bytes`);
  const declared = Number(response.headers.get("content-length"));
  if (declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Leaving the loop early cancels the stream, which closes the connection.
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
