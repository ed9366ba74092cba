/**
 * Following a resource (decision 0053) on a fake document and fetch: the interval, back-off after failures, a
 * hidden tab, a press held until its release, and the stop that leaves nothing running.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startFollowing } from "./use-follow";

class FakeDocument extends EventTarget {
  hidden = false;
  show(hidden: boolean) {
    this.hidden = hidden;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

const INTERVAL = 1_000;
const options = {
  parse: (body: unknown) => (typeof body === "number" ? body : null),
  delay: (failures: number) => INTERVAL * 2 ** failures,
};

let document: FakeDocument;
let answers: (number | "fail")[];
let reads: number;
let aborted: number;
let values: number[];
let stop: () => void;

function fakeFetch(_url: unknown, init?: RequestInit): Promise<Response> {
  reads += 1;
  init?.signal?.addEventListener("abort", () => (aborted += 1));
  const answer = answers.shift() ?? 0;
  return Promise.resolve(
    answer === "fail"
      ? new Response("no", { status: 502 })
      : Response.json(answer),
  );
}

function start() {
  stop = startFollowing("/x", options, (value) => values.push(value), {
    document,
    fetch: fakeFetch as typeof fetch,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  document = new FakeDocument();
  answers = [];
  reads = 0;
  aborted = 0;
  values = [];
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe("startFollowing", () => {
  it("reads once per interval, the first after one interval", async () => {
    answers = [1, 2, 3];
    start();
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(reads).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    expect(values).toEqual([1, 2, 3]);
  });

  it("backs off after failures, keeps what it had, and comes back to the interval", async () => {
    answers = [1, "fail", "fail", 4, 5];
    start();
    await vi.advanceTimersByTimeAsync(INTERVAL); // 1
    await vi.advanceTimersByTimeAsync(INTERVAL); // fail
    await vi.advanceTimersByTimeAsync(2 * INTERVAL); // fail
    expect(values).toEqual([1]);
    await vi.advanceTimersByTimeAsync(4 * INTERVAL - 1);
    expect(reads).toBe(3);
    await vi.advanceTimersByTimeAsync(1); // 4
    await vi.advanceTimersByTimeAsync(INTERVAL); // 5
    expect(values).toEqual([1, 4, 5]);
  });

  it("stops while the tab is hidden and reads at once when it is shown", async () => {
    answers = [1, 2];
    start();
    document.show(true);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(reads).toBe(0);
    document.show(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(values).toEqual([1]);
  });

  it("holds a value that comes while a pointer is pressed until its release", async () => {
    answers = [1];
    start();
    document.dispatchEvent(new Event("pointerdown"));
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(values).toEqual([]);
    document.dispatchEvent(new Event("pointerup"));
    expect(values).toEqual([1]);
  });

  it("leaves nothing running once stopped: the read on its way is aborted, no timer is left", async () => {
    let release: (response: Response) => void = () => {};
    const hanging = (_url: unknown, init?: RequestInit) => {
      reads += 1;
      init?.signal?.addEventListener("abort", () => (aborted += 1));
      return new Promise<Response>((resolve) => (release = resolve));
    };
    stop = startFollowing("/x", options, (value) => values.push(value), {
      document,
      fetch: hanging as typeof fetch,
    });
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(reads).toBe(1);
    stop();
    expect(aborted).toBe(1);
    release(Response.json(7));
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(values).toEqual([]);
    expect(reads).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
