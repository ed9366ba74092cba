/**
 * What happens to every upstream call once it ends: a failed one is logged as one JSON line (call, outcome,
 * status, duration, request id; never headers, bodies or anything the visitor typed), so a wrong API key or an
 * upstream that is down shows in the logs without error reporting set up. Every call is counted in the metrics.
 */
import { writeLine } from "~/observability/log-line.server";
import {
  upstreamDuration,
  upstreamRequests,
} from "~/observability/metrics.server";
import type { EndpointName } from "#contract";

/** ok: an answer the contract lists; refused: no response at all; invalid: an answer the contract does not allow. */
export type CallOutcome =
  "ok" | "timeout" | "refused" | "http_4xx" | "http_5xx" | "invalid";

export interface CallRecord {
  call: EndpointName;
  outcome: CallOutcome;
  /** The upstream's status, when it answered. */
  status?: number;
  /** The whole call, retries included. */
  seconds: number;
  requestId?: string | null;
}

export function callLogLine(record: CallRecord): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    message: "upstream call failed",
    id: record.requestId ?? undefined,
    call: record.call,
    outcome: record.outcome,
    status: record.status,
    ms: Math.round(record.seconds * 1000),
  });
}

let lastAnswer: number | null = null;

/** When the upstream last answered a call of this process as the contract says (readiness), or null. */
export function lastAnswerAt(): number | null {
  return lastAnswer;
}

export function observeCall(
  record: CallRecord,
  write: (line: string) => void = (line) => writeLine(line),
): void {
  upstreamRequests.inc({ call: record.call, outcome: record.outcome });
  upstreamDuration.observe({ call: record.call }, record.seconds);
  if (record.outcome === "ok") lastAnswer = Date.now();
  else write(callLogLine(record));
}
