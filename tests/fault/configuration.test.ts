/**
 * A configuration the server refuses: it says so on stderr as one JSON line, like every other line it writes, so
 * a log collector keeps it whole, and exits 1 without listening.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { root, serverArgs } from "../../scripts/processes.mjs";

function start(env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.SESSION_SECRET;
  delete inherited.ALLOW_DEV_SESSION_SECRET;
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
