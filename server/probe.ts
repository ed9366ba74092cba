/**
 * The readiness check's light upstream call: the first site's settings, the smallest answer every upstream
 * gives, with a short timeout and no retry worth waiting for, so a balancer's check answers in a few seconds.
 */
import { randomUUID } from "node:crypto";
import type { Env } from "~/env.server";
import { createUpstreamClient } from "~/upstream/client.server";

const PROBE_TIMEOUT_MS = 2_000;

export async function probeUpstream(
  config: Pick<Env, "ALLOWED_HOSTS" | "UPSTREAM_URL" | "UPSTREAM_API_KEY">,
): Promise<boolean> {
  const client = createUpstreamClient(
    { siteHost: config.ALLOWED_HOSTS[0]!, anonymousUserId: randomUUID() },
    {
      baseUrl: config.UPSTREAM_URL,
      apiKey: config.UPSTREAM_API_KEY,
      timeoutMs: PROBE_TIMEOUT_MS,
      deadline: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      // Not ready is the answer; the balancer and the call log say so, no error report.
      report: () => {},
    },
  );
  try {
    await client.call("settings");
    return true;
  } catch {
    return false;
  }
}
