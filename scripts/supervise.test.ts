import { spawn } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { logLine, supervise } from "./processes.mjs";

/** A child that runs for `ms` and exits. */
function shortLived(ms: number) {
  return async () =>
    spawn(process.execPath, ["-e", `setTimeout(() => process.exit(3), ${ms})`]);
}

describe("supervise", () => {
  it("starts a child again after it dies, with a growing pause, until stopped", async () => {
    const log: string[] = [];
    let starts = 0;
    const start = shortLived(50);
    const supervisor = supervise(
      () => {
        starts++;
        return start();
      },
      {
        name: "test child",
        minDelayMs: 50,
        maxDelayMs: 200,
        log: (line) => log.push(line),
      },
    );
    await supervisor.ready;
    await expect
      .poll(() => starts, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);
    supervisor.stop();
    const seen = starts;
    expect(log[0]).toBe(
      "test child stopped (exit 3); starting it again in 50 ms",
    );
    expect(log[1]).toMatch(/in 100 ms$/);
    expect(log.at(-1)).toMatch(/in 200 ms$/);
    await new Promise((done) => setTimeout(done, 500));
    expect(starts).toBe(seen);
  });

  it("keeps trying when a restart fails", async () => {
    const log: string[] = [];
    let starts = 0;
    const supervisor = supervise(
      async () => {
        starts++;
        if (starts === 2) throw new Error("port in use");
        return shortLived(starts === 1 ? 20 : 10_000)();
      },
      { name: "child", minDelayMs: 20, log: (line) => log.push(line) },
    );
    await supervisor.ready;
    await expect.poll(() => starts, { timeout: 15_000 }).toBe(3);
    await expect
      .poll(() => supervisor.child?.pid, { timeout: 15_000 })
      .toBeDefined();
    expect(log).toContain("child did not start: port in use");
    expect(supervisor.child?.exitCode).toBeNull();
    supervisor.stop();
  });

  it("says what it does in JSON lines by default, as the site's server does (issue 34)", async () => {
    const written: string[] = [];
    const write = vi
      .spyOn(process.stderr, "write")
      .mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
    try {
      const supervisor = supervise(shortLived(20), {
        name: "The demo upstream",
        minDelayMs: 20,
      });
      await supervisor.ready;
      await expect
        .poll(() => written.length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
      supervisor.stop();
    } finally {
      write.mockRestore();
    }
    expect(written[0]!.endsWith("\n")).toBe(true);
    expect(JSON.parse(written[0]!)).toEqual({
      time: expect.any(String),
      level: "warn",
      message: "The demo upstream stopped (exit 3); starting it again in 20 ms",
    });
  });

  it("writes a line with its fields", () => {
    const lines: string[] = [];
    logLine(
      "The demo upstream did not start",
      { level: "error", error: "port in use" },
      { write: (line: string) => lines.push(line) } as never,
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "error",
      message: "The demo upstream did not start",
      error: "port in use",
    });
  });
});
