/**
 * How long an upstream call may take and when it is tried again (spec section 7; decision 0020): each attempt waits
 * `TIMEOUT_MS` for the answer's head (and the body then gets the same time again), the visitor's request's deadline
 * ends any wait at once, and only calls that cannot change anything (GET, HEAD, OPTIONS) that got no response
 * (refused, reset, timed out) are tried again, at most twice, after 300 ms × 2ⁿ plus 0–99 ms of jitter. An answer of
 * any status is final. The client (client.server.ts) builds the request, sends it through `sendWithRetries` and
 * parses what comes back.
 */

export const TIMEOUT_MS = 20_000;
export const MAX_RETRIES = 2;
const RETRY_BASE_DELAY_MS = 300;
/** Spec section 7: only calls that cannot change anything are repeated. */
const RETRY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Delay before retry number `retryIndex` (0 for the first retry): 300 ms × 2^n plus 0–99 ms of jitter. */
export function retryDelay(
  retryIndex: number,
  random: () => number = Math.random,
): number {
  const jitter = Math.min(99, Math.floor(random() * 100));
  return RETRY_BASE_DELAY_MS * 2 ** retryIndex + jitter;
}

export interface CallLimits {
  /** How long one attempt waits for the answer's head. */
  timeoutMs: number;
  /**
   * The visitor's request's own deadline: once it aborts, a call under way (waiting, between retries or reading
   * the body) gives up as a timeout.
   */
  deadline?: AbortSignal;
  /** The jitter's source. */
  random: () => number;
}

/**
 * How sending ended: a response (of any status), the deadline passed before or between attempts, or no response
 * came on the last attempt allowed (`timeout` when the attempt's time or the deadline ran out, else `network`).
 */
export type Sent<T> =
  | { response: T }
  | { deadlinePassed: true }
  | { noResponse: "timeout" | "network"; cause: unknown };

/**
 * Runs `attempt` (numbered from 0; a retry is 1 or 2) until it gives a response, under the policy above. Each
 * attempt gets a signal that aborts after the call's timeout or at the deadline; a rejection counts as no response.
 */
export async function sendWithRetries<T>(
  method: string,
  limits: CallLimits,
  attempt: (signal: AbortSignal, attemptNumber: number) => Promise<T>,
): Promise<Sent<T>> {
  const { timeoutMs, deadline, random } = limits;
  const retries = RETRY_METHODS.has(method) ? MAX_RETRIES : 0;
  for (let attemptNumber = 0; ; attemptNumber++) {
    if (deadline?.aborted) return { deadlinePassed: true };
    if (attemptNumber > 0) {
      // The wait ends early when the deadline passes; the check below then gives up.
      const wait = sleep(retryDelay(attemptNumber - 1, random));
      await (deadline ? Promise.race([wait, abortedPromise(deadline)]) : wait);
      if (deadline?.aborted) return { deadlinePassed: true };
    }
    // One signal per attempt: it ends the wait for the head after the call's timeout or at the deadline.
    const limit = limitWork(timeoutMs, deadline);
    try {
      return { response: await attempt(limit.signal, attemptNumber) };
    } catch (error) {
      const kind = limit.timedOut() ? "timeout" : "network";
      // No response came: an idempotent call is tried again, unless the visitor's request is out of time.
      if (attemptNumber < retries && !deadline?.aborted) continue;
      return { noResponse: kind, cause: error };
    } finally {
      limit.clear();
    }
  }
}

/**
 * A signal that aborts after `timeoutMs` or when `deadline` does (and calls `onAbort`), whichever comes first.
 * A timer and one listener, rather than AbortSignal.timeout/any per call, which cost more than the call itself.
 * Each attempt gets one (above); the client takes another for reading the body once the head came.
 */
export function limitWork(
  timeoutMs: number,
  deadline: AbortSignal | undefined,
  onAbort?: () => void,
) {
  const controller = new AbortController();
  const abort = () => {
    controller.abort();
    onAbort?.();
  };
  const timer = setTimeout(abort, timeoutMs);
  deadline?.addEventListener("abort", abort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => controller.signal.aborted,
    clear() {
      clearTimeout(timer);
      deadline?.removeEventListener("abort", abort);
    },
  };
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms));

function abortedPromise(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) =>
    signal.addEventListener("abort", () => resolve(), { once: true }),
  );
}
