import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { supervise } from "./processes.mjs";

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
});
