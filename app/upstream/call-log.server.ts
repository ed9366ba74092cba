/**
 * What happens to every upstream call once it ends: a failed one is logged as one JSON line (call, outcome,
 * status, duration, request id; never headers, bodies or anything the visitor typed), so a wrong API key or an
 * upstream that is down shows in the logs without error reporting set up. Every call is counted in the metrics.
 */
import { writeLine } from "~/lib/log-line.server";
import { upstreamDuration, upstreamRequests } from "~/metrics.server";
import type { CallRecord } from "./client.server";

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
