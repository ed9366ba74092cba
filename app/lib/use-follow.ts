/**
 * Reads a small JSON resource again and again while the page is open and visible (decision 0053): a plain
 * `fetch` rather than a fetcher, so a failed read never reaches an error boundary; the page keeps what it shows.
 * Hidden tabs stop reading and read once when shown again; failures back off; leaving the page (or a new `url` or
 * `since`) aborts the read on its way and clears the timer, so nothing is kept per closed page. A value that
 * arrives while a pointer is pressed waits for its release: nothing may move between a press and its release.
 */
import { useEffect, useState } from "react";

export interface FollowOptions<T> {
  /** The body as the page uses it, or null when it is not what was expected (counted as a failure). */
  parse: (body: unknown) => T | null;
  /** The wait before the next read after `failures` failed reads in a row. */
  delay: (failures: number) => number;
}

/** What following needs of the browser: the document (visibility, pointer events) and fetch. */
export interface FollowEnvironment {
  document: EventTarget & { readonly hidden: boolean };
  fetch: typeof fetch;
}

/**
 * Starts reading `url`, handing each value to `deliver`; the first read after one delay. Returns the stop.
 */
export function startFollowing<T>(
  url: string,
  { parse, delay }: FollowOptions<T>,
  deliver: (value: T) => void,
  { document, fetch }: FollowEnvironment,
): () => void {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading: AbortController | undefined;
  let pressed = false;
  let held: { value: T } | undefined;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(read, delay(failures));
  };
  async function read() {
    if (document.hidden) return;
    const controller = new AbortController();
    reading = controller;
    try {
      const answer = await fetch(url, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
        cache: "no-store",
      });
      const value = answer.ok ? parse(await answer.json()) : null;
      // Stopped meanwhile: an answer that still came is for a page that is gone.
      if (controller.signal.aborted) return;
      if (value === null) throw new Error(`follow: ${answer.status}`);
      failures = 0;
      if (pressed) held = { value };
      else deliver(value);
    } catch {
      if (controller.signal.aborted) return;
      failures += 1;
    }
    schedule();
  }
  const onVisibility = () => {
    clearTimeout(timer);
    reading?.abort();
    if (!document.hidden) void read();
  };
  const onPress = () => {
    pressed = true;
  };
  const onRelease = () => {
    pressed = false;
    if (held) deliver(held.value);
    held = undefined;
  };

  schedule();
  document.addEventListener("visibilitychange", onVisibility);
  document.addEventListener("pointerdown", onPress, true);
  document.addEventListener("pointerup", onRelease, true);
  document.addEventListener("pointercancel", onRelease, true);
  return () => {
    clearTimeout(timer);
    reading?.abort();
    document.removeEventListener("visibilitychange", onVisibility);
    document.removeEventListener("pointerdown", onPress, true);
    document.removeEventListener("pointerup", onRelease, true);
    document.removeEventListener("pointercancel", onRelease, true);
  };
}

/**
 * The latest value read from `url`, or null before the first read since the page got `since` (its own data:
 * when that changes, what was followed before is older than it and is dropped). Null `url`: nothing is read.
 */
export function useFollow<T>(
  url: string | null,
  since: unknown,
  options: FollowOptions<T>,
): T | null {
  const [followed, setFollowed] = useState<{ since: unknown; value: T }>();

  useEffect(() => {
    if (url === null) return;
    return startFollowing(
      url,
      options,
      (value) => setFollowed({ since, value }),
      { document, fetch },
    );
    // The options are fixed functions of the caller's module.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, since]);

  return followed !== undefined && followed.since === since
    ? followed.value
    : null;
}
