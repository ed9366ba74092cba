/**
 * Shared set-up of the contract suite: which upstream to check, and a client that reports a contract
 * mismatch with the exact Zod issues instead of a bare "malformed".
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { UpstreamError, createUpstreamClient } from "~/upstream/client.server";
import type {
  UpstreamAnswer,
  UpstreamClient,
  UpstreamIdentity,
} from "~/upstream/client.server";
import type { OrientationDay, School } from "#contract";

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is required: the base URL of the upstream to check, e.g. http://127.0.0.1:3001`,
    );
  return value;
}

export const config = {
  baseUrl: required("UPSTREAM_URL"),
  apiKey: process.env.UPSTREAM_API_KEY || "demo-api-key",
  siteHost: process.env.CONTRACT_SITE_HOST || "localhost",
  /** Also run the flow that creates, changes and deletes a registration and sends a question. */
  write: process.env.CONTRACT_WRITE === "true",
  /**
   * Where the upstream's sent mails can be read (the reference upstream's /dev/mailbox.json): then the
   * confirmation and login links are followed too. A real upstream mails real people, so it has none.
   */
  mailbox: process.env.CONTRACT_MAILBOX_URL || null,
};

export function newIdentity(registrationId?: string): UpstreamIdentity {
  return {
    siteHost: config.siteHost,
    anonymousUserId: randomUUID(),
    registrationId,
  };
}

export function client(
  identity: UpstreamIdentity = newIdentity(),
  apiKey = config.apiKey,
): UpstreamClient {
  return createUpstreamClient(identity, {
    baseUrl: config.baseUrl,
    apiKey,
    // Failures surface as test failures; nothing to send to error monitoring.
    report: () => {},
  });
}

/** Rewrites a "malformed" error so the test output names every field that breaks the contract. */
function explain(error: unknown): unknown {
  if (
    error instanceof UpstreamError &&
    error.kind === "malformed" &&
    error.cause instanceof z.ZodError
  ) {
    return new Error(`${error.message}:\n${z.prettifyError(error.cause)}`, {
      cause: error,
    });
  }
  if (error instanceof UpstreamError && error.kind === "status") {
    return new Error(`${error.message} ${JSON.stringify(error.body ?? null)}`, {
      cause: error,
    });
  }
  return error;
}

/** Awaits a call that must answer 200 and returns its (contract-validated) data. */
export async function ok<T>(call: Promise<UpstreamAnswer<T>>): Promise<T> {
  let answer: UpstreamAnswer<T>;
  try {
    answer = await call;
  } catch (error) {
    throw explain(error);
  }
  if (answer.status !== 200)
    throw new Error(`expected 200, got ${answer.status}`);
  return answer.data;
}

/** Awaits a call that must answer 200 or 204. */
export async function answered<T>(
  call: Promise<UpstreamAnswer<T>>,
): Promise<UpstreamAnswer<T>> {
  try {
    return await call;
  } catch (error) {
    throw explain(error);
  }
}

/** Awaits a call that must fail with `status` and a body of the contract's error shape. */
export async function refused(
  call: Promise<unknown>,
  status: number,
): Promise<UpstreamError> {
  let error: unknown;
  try {
    await call;
  } catch (caught) {
    error = caught;
  }
  if (!(error instanceof UpstreamError))
    throw new Error(
      `expected an answer ${status}, got ${error ? String(error) : "success"}`,
    );
  if (error.kind !== "status" || error.status !== status) {
    throw new Error(
      `expected an answer ${status}, got ${error.kind} ${error.status ?? ""}`.trim(),
      { cause: error },
    );
  }
  if (!error.body)
    throw new Error(
      `answer ${status} has no error body of the shape {error, detail?}`,
    );
  return error;
}

/**
 * The first orientation day that is open, has rounds and offers a school, with that school: what the writing
 * checks need to run a registration to its end. Fails the suite with `need` in the message when there is none.
 */
export async function openDayWithSchool(
  need: string,
): Promise<{ day: OrientationDay; school: School }> {
  const reader = client();
  const days = await ok(reader.call("orientationDays"));
  for (const day of days.filter((d) => !d.readonly && d.rondes.length > 0)) {
    const answer = await answered(
      reader.call("schools", { query: { orientationDay: day.id } }),
    );
    if (answer.status === 200 && answer.data[0])
      return { day, school: answer.data[0] };
  }
  throw new Error(`${need} an open orientation day with rounds and a school`);
}
