import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_RETRIES, sendWithRetries } from "./retry-policy.server";

const limits = { timeoutMs: 1_000, random: () => 0 };
const refused = () => Promise.reject(new Error("ECONNREFUSED"));

/** An attempt that answers only when its signal aborts, by rejecting: a call that hangs. */
const hangs = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(new Error("aborted"))),
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the policy to its end with the clock moved on as far as it waits. */
async function settled<T>(sending: Promise<T>): Promise<T> {
  await vi.runAllTimersAsync();
  return sending;
}

describe("sendWithRetries", () => {
  it("tries a GET that gets no response again, numbering the attempts, after 300 ms and 600 ms", async () => {
    const started: Array<{ attempt: number; at: number }> = [];
    const sent = await settled(
      sendWithRetries("GET", limits, (_signal, attempt) => {
        started.push({ attempt, at: Date.now() });
        return attempt < MAX_RETRIES ? refused() : Promise.resolve("answer");
      }),
    );
    expect(sent).toEqual({ response: "answer" });
    expect(started.map(({ attempt }) => attempt)).toEqual([0, 1, 2]);
    expect(started[1]!.at - started[0]!.at).toBe(300);
    expect(started[2]!.at - started[1]!.at).toBe(600);
  });

  it("gives up on a GET after two retries, and never repeats a POST", async () => {
    for (const [method, attempts] of [
      ["GET", 3],
      ["POST", 1],
    ] as const) {
      const attempt = vi.fn(refused);
      const sent = await settled(sendWithRetries(method, limits, attempt));
      expect(sent).toMatchObject({ noResponse: "network" });
      expect(attempt).toHaveBeenCalledTimes(attempts);
    }
  });

  it("ends an attempt after the call's timeout, as a timeout", async () => {
    const sent = await settled(sendWithRetries("POST", limits, hangs));
    expect(sent).toMatchObject({ noResponse: "timeout" });
  });

  it("stops waiting between attempts once the deadline passes", async () => {
    const deadline = new AbortController();
    const attempt = vi.fn(refused);
    const sending = sendWithRetries(
      "GET",
      { ...limits, deadline: deadline.signal },
      attempt,
    );
    let endedAt = 0;
    void sending.then(() => (endedAt = Date.now()));
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(100);
    deadline.abort();
    expect(await settled(sending)).toEqual({ deadlinePassed: true });
    expect(endedAt - start).toBe(100);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
