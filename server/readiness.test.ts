import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { createServerApp } from "./app";
import { ANSWER_WINDOW_MS, createReadiness } from "./readiness";
import { sendRequest } from "../tests/fixtures/http";
import { appRouteTable } from "../tests/fixtures/routes";
import { serveForTest } from "../tests/fixtures/serve";

function setUp(lastAnswer: number | null, answers: boolean) {
  let probes = 0;
  let release: (answered: boolean) => void = () => {};
  const readiness = createReadiness({
    now: () => 1_000_000,
    lastAnswerAt: () => lastAnswer,
    probe: () => {
      probes++;
      return answers
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => (release = resolve));
    },
  });
  return {
    readiness,
    probes: () => probes,
    release: (a: boolean) => release(a),
  };
}

describe("readiness", () => {
  it("is ready without a probe while the upstream answered within the last 30 s", async () => {
    const { readiness, probes } = setUp(1_000_000 - ANSWER_WINDOW_MS + 1, true);
    expect(await readiness.check()).toEqual({ ready: true });
    expect(probes()).toBe(0);
  });

  it("asks the upstream once when its last answer is older, for all checks that arrive meanwhile", async () => {
    const { readiness, probes, release } = setUp(
      1_000_000 - ANSWER_WINDOW_MS,
      false,
    );
    const checks = [readiness.check(), readiness.check(), readiness.check()];
    release(false);
    expect(await Promise.all(checks)).toEqual(
      Array(3).fill({ ready: false, reason: "upstream not answering" }),
    );
    expect(probes()).toBe(1);

    const again = readiness.check();
    release(true);
    expect(await again).toEqual({ ready: true });
    expect(probes()).toBe(2);
  });

  it("is not ready from the moment the server drains, whatever the upstream does", async () => {
    const { readiness } = setUp(1_000_000, true);
    readiness.drain();
    expect(await readiness.check()).toEqual({
      ready: false,
      reason: "shutting down",
    });
  });

  it("answers GET /health/ready with 200 or 503 and a short reason, for any Host, never cached", async () => {
    const { readiness } = setUp(null, true);
    const app = createServerApp({
      handler: (_req, res) => res.status(404).end(),
      clientDir: mkdtempSync(join(tmpdir(), "readiness-")),
      routes: appRouteTable(),
      config: parseEnv({}),
      readiness: readiness.handler,
      log: () => {},
    });
    const port = await serveForTest(app);
    const ask = () =>
      sendRequest(port, {
        path: "/health/ready",
        headers: { host: "10.0.0.5:3000" },
      });
    const ready = await ask();
    expect(ready.status).toBe(200);
    expect(ready.text).toBe("ready");
    expect(ready.headers["cache-control"]).toBe("no-store");
    readiness.drain();
    const draining = await ask();
    expect(draining.status).toBe(503);
    expect(draining.text).toBe("shutting down");
  });
});
