/**
 * A configuration the server refuses, or a port it cannot take: it says so on stderr as JSON lines, like every
 * other line it writes, so a log collector keeps them whole, and exits 1 without listening.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { bin, root, serverArgs } from "../../scripts/processes.mjs";

function start(env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.SESSION_SECRET;
  delete inherited.ALLOW_DEV_SESSION_SECRET;
  delete inherited.UPSTREAM_URL;
  delete inherited.UPSTREAM_API_KEY;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...inherited, NODE_ENV: "production", PORT: "0", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

describe("a refused configuration", () => {
  it("is one JSON line on stderr naming each problem, and the server does not start", async () => {
    const { code, stdout, stderr } = await start({
      BODY_LIMIT_KB: "lots",
    });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    const lines = stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ message: "invalid configuration" });
    expect(typeof line.time).toBe("string");
    const problems = line.problems as string[];
    expect(
      problems.some((problem) => problem.startsWith("BODY_LIMIT_KB:")),
    ).toBe(true);
  });

  it("names a missing upstream address and key in production", async () => {
    const { code, stderr } = await start({ SESSION_SECRET: "x".repeat(32) });
    expect(code).toBe(1);
    expect(JSON.parse(stderr)).toMatchObject({
      message: "invalid configuration",
      problems: [
        "UPSTREAM_URL: required in production",
        "UPSTREAM_API_KEY: required in production",
      ],
    });
  });

  it("names a missing session secret in production", async () => {
    const { code, stderr } = await start({
      UPSTREAM_URL: "http://127.0.0.1:9",
      UPSTREAM_API_KEY: "key",
    });
    expect(code).toBe(1);
    expect(JSON.parse(stderr)).toMatchObject({
      message: "invalid configuration",
      problems: [expect.stringMatching(/^SESSION_SECRET: required/)],
    });
  });
});

describe("a port already taken", () => {
  /** A port another program listens on for the length of `during`. */
  async function taken<T>(during: (port: number) => Promise<T>): Promise<T> {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      return await during((other.address() as AddressInfo).port);
    } finally {
      other.close();
    }
  }

  const valid = {
    SESSION_SECRET: "x".repeat(32),
    UPSTREAM_URL: "http://127.0.0.1:9",
    UPSTREAM_API_KEY: "key",
    HOST: "127.0.0.1",
  };

  function linesOf(text: string) {
    return text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  for (const workers of ["1", "2"])
    it(`stops the start with a line that says what to do, never 'listening' (PORT, WEB_CONCURRENCY=${workers})`, async () => {
      const { code, stdout, stderr } = await taken((port) =>
        start({ ...valid, PORT: String(port), WEB_CONCURRENCY: workers }),
      );
      expect(code).toBe(1);
      expect(stdout).not.toContain('"listening"');
      const refusals = linesOf(stderr).filter(
        (line) => line.message === "cannot listen",
      );
      expect(refusals.length).toBeGreaterThan(0);
      for (const line of refusals)
        expect(line.hint).toMatch(
          /^Another program is listening on port \d+: stop it, or choose another port with PORT\.$/,
        );
    });

  it("stops the start before any worker when METRICS_PORT is taken", async () => {
    const { code, stdout, stderr } = await taken((port) =>
      start({ ...valid, METRICS_PORT: String(port), WEB_CONCURRENCY: "2" }),
    );
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(linesOf(stderr)).toEqual([
      expect.objectContaining({
        message: "cannot listen",
        hint: expect.stringMatching(/choose another port with METRICS_PORT\.$/),
      }),
    ]);
  });

  it("stops the reference upstream with a line that names UPSTREAM_PORT", async () => {
    const { code, stdout } = await taken(
      (port) =>
        new Promise<{ code: number | null; stdout: string }>((resolve) => {
          const child = spawn(bin("tsx"), ["reference-upstream/main.ts"], {
            cwd: root,
            stdio: ["ignore", "pipe", "pipe"],
            env: {
              ...process.env,
              UPSTREAM_PORT: String(port),
              UPSTREAM_DB: ":memory:",
            },
          });
          let stdout = "";
          child.stdout.on(
            "data",
            (chunk: Buffer) => (stdout += chunk.toString()),
          );
          child.on("close", (code) => resolve({ code, stdout }));
        }),
    );
    expect(code).toBe(1);
    expect(linesOf(stdout)).toEqual([
      expect.objectContaining({
        message: "cannot listen",
        hint: expect.stringMatching(
          /choose another port with UPSTREAM_PORT\.$/,
        ),
      }),
    ]);
  });
});
