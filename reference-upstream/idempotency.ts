/**
 * Idempotency keys (contract: HEADERS.idempotencyKey; decision 0018). A call that changes state and comes with a
 * key keeps its answer for IDEMPOTENCY_WINDOW_HOURS; the same request with the same key gets that answer again and
 * the work is not done twice: a question is stored once, a token spent once, however often the web app's visitor
 * resubmits after a timeout.
 *
 * "The same request" is the same site, call, key, registration id, path, query and payload. The web app keeps a
 * form's key after a failure, and the visitor may change the form before sending it again: that is a new request.
 * Only answers of work done (200, 204) are kept. A refusal changed nothing, so a repeat of it is simply handled
 * again: a round may have a free seat by then, a rate limit may have passed.
 */
import { createHash } from "node:crypto";
import { IDEMPOTENCY_WINDOW_HOURS } from "#contract";
import type { Db } from "./db";
import { transaction } from "./db";

/** An answer as sent: its status and, unless 204, its JSON body. */
export interface Answer {
  status: number;
  body?: unknown;
  /** Given again from an earlier copy of the request, not worked out now. */
  replayed?: boolean;
}

export interface KeyedRequest {
  siteId: number;
  /** The contract's name of the call. */
  call: string;
  key: string;
  /** What else makes the request this request (see fingerprint). */
  fingerprint: string;
}

/** A digest of the parts of a request besides its key (registration id, path, query, payload). */
export function fingerprint(parts: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/**
 * Returns `once(request, work)`: the kept answer of an earlier copy of the request, or else `work()`'s answer, kept
 * when it did the work. Looking up, working and keeping are one IMMEDIATE transaction, so copies of a request
 * racing each other (a double click, several processes on one file) run the work once. A refusal thrown by the
 * work must come back as an answer, not an exception: an exception rolls the transaction back.
 */
export function createReplays(db: Db, now: () => Date) {
  const windowMs = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1000;
  const sweep = db.prepare(
    "DELETE FROM idempotent_answers WHERE created_at <= ?",
  );
  const find = db.prepare(
    `SELECT status, body FROM idempotent_answers
     WHERE site_id = ? AND call = ? AND key = ? AND fingerprint = ?`,
  );
  const keep = db.prepare(
    `INSERT INTO idempotent_answers (site_id, call, key, fingerprint, status, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );

  return function once(request: KeyedRequest, work: () => Answer): Answer {
    const where = [
      request.siteId,
      request.call,
      request.key,
      request.fingerprint,
    ];
    return transaction(db, (): Answer => {
      const at = now().getTime();
      sweep.run(at - windowMs);
      const kept = find.get(...where) as
        { status: number; body: string | null } | undefined;
      if (kept)
        return kept.body === null
          ? { status: kept.status, replayed: true }
          : {
              status: kept.status,
              body: JSON.parse(kept.body) as unknown,
              replayed: true,
            };
      const answer = work();
      if (answer.status === 200 || answer.status === 204) {
        const body =
          answer.body === undefined ? null : JSON.stringify(answer.body);
        keep.run(...where, answer.status, body, at);
      }
      return answer;
    });
  };
}
