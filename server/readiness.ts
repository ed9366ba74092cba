/**
 * GET /health/ready, for load balancers: may this replica get visitors? Not while it is shutting down (from
 * SIGTERM on, while requests in flight finish), and not while the upstream does not answer it: then every page
 * would only show the spec's message. `/health` stays the liveness check (the process serves).
 *
 * An upstream answer of the last 30 s counts (busy replicas never probe); otherwise one light call is made
 * now, shared by the checks that arrive while it runs.
 */
import type { RequestHandler } from "express";

export const ANSWER_WINDOW_MS = 30_000;

export interface ReadinessOptions {
  /** When the upstream last answered a call of this process (ms since the epoch), or null. */
  lastAnswerAt: () => number | null;
  /** One light upstream call: resolves true when it was answered. */
  probe: () => Promise<boolean>;
  now?: () => number;
}

export type ReadinessState =
  | { ready: true }
  | { ready: false; reason: "shutting down" | "upstream not answering" };

export interface Readiness {
  check(): Promise<ReadinessState>;
  /** From now on the replica is not ready (SIGTERM). */
  drain(): void;
  handler: RequestHandler;
}

export function createReadiness(options: ReadinessOptions): Readiness {
  const now = options.now ?? Date.now;
  let draining = false;
  let probing: Promise<boolean> | null = null;

  async function check(): Promise<ReadinessState> {
    if (draining) return { ready: false, reason: "shutting down" };
    const last = options.lastAnswerAt();
    if (last !== null && now() - last < ANSWER_WINDOW_MS)
      return { ready: true };
    probing ??= options
      .probe()
      .catch(() => false)
      .finally(() => (probing = null));
    const answered = await probing;
    if (draining) return { ready: false, reason: "shutting down" };
    return answered
      ? { ready: true }
      : { ready: false, reason: "upstream not answering" };
  }

  const handler: RequestHandler = (_req, res, next) => {
    check().then((state) => {
      res
        .status(state.ready ? 200 : 503)
        .type("text/plain; charset=utf-8")
        .set("Cache-Control", "no-store")
        .send(state.ready ? "ready" : state.reason);
    }, next);
  };

  return {
    check,
    drain: () => {
      draining = true;
    },
    handler,
  };
}
