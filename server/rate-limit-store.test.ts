import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { rateLimitStoreErrors } from "~/observability/metrics.server";
import { createServerApp } from "./app";
import { sharedLimits } from "./rate-limit-store";
import type { SharedLimits } from "./rate-limit-store";
import { sendRequest } from "../tests/fixtures/http";
import { REDIS_SERVER, startRedis } from "../tests/support/redis";
import type { RunningRedis } from "../tests/support/redis";
import { appRouteTable } from "../tests/fixtures/routes";
import { serveForTest } from "../tests/fixtures/serve";

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

const ok: RequestHandler = (_req, res) => {
  res.send("ok");
};

/** One replica with the shared limits: one question a minute per address, unless `env` says otherwise. */
async function replica(
  limits: SharedLimits,
  path = "/contact",
  handler: RequestHandler = ok,
  env: Record<string, string> = { RATE_LIMIT_MESSAGES: "1" },
) {
  await limits.connected;
  const app = createServerApp({
    handler,
    clientDir: mkdtempSync(join(tmpdir(), "shared-limits-")),
    routes: appRouteTable(),
    config: parseEnv(env),
    rateLimitStore: limits.store,
    log: () => {},
  });
  const port = await serveForTest(app);
  return async () =>
    (
      await sendRequest(port, {
        method: "POST",
        path,
        headers: {
          host: `localhost:${port}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "name=x",
      })
    ).status;
}

function limitsOn(redis: RunningRedis, lines: string[]) {
  const limits = sharedLimits(redis.url, (message) => lines.push(message));
  cleanUps.push(() => limits.close());
  return limits;
}

describe.skipIf(!REDIS_SERVER)(
  "shared rate limits (a real redis-server)",
  () => {
    it("count across replicas: the second question at another replica is refused", async () => {
      const redis = await startRedis();
      cleanUps.push(() => redis.stop());
      const lines: string[] = [];
      const first = await replica(limitsOn(redis, lines));
      const second = await replica(limitsOn(redis, lines));
      expect(await first()).toBe(200);
      expect(await second()).toBe(429);
      expect(await first()).toBe(429);
      expect(lines).toEqual([]);
    });

    it("count 'already registered' across replicas: after one, 'Versturen' at another replica is refused", async () => {
      const redis = await startRedis();
      cleanUps.push(() => redis.stop());
      const lines: string[] = [];
      const known: RequestHandler = (_req, res) => {
        res.status(409).send("already registered");
      };
      const first = await replica(
        limitsOn(redis, lines),
        "/inschrijving-afronden",
        known,
        { RATE_LIMIT_MESSAGES: "0", RATE_LIMIT_LOOKUPS: "1" },
      );
      const second = await replica(
        limitsOn(redis, lines),
        "/inschrijving-afronden",
        known,
        { RATE_LIMIT_MESSAGES: "0", RATE_LIMIT_LOOKUPS: "1" },
      );
      expect(await first()).toBe(409);
      await expect.poll(() => second()).toBe(429);
      expect(lines).toEqual([]);
    });

    it("let posts through while Redis is down, say so once, count each, and count again once it is back", async () => {
      const redis = await startRedis();
      cleanUps.push(() => redis.stop());
      const lines: string[] = [];
      const post = await replica(limitsOn(redis, lines));
      expect(await post()).toBe(200);
      expect(await post()).toBe(429);

      await redis.stop();
      const before = (await rateLimitStoreErrors.get()).values[0]?.value ?? 0;
      for (let i = 0; i < 3; i++) expect(await post()).toBe(200);
      const after = (await rateLimitStoreErrors.get()).values[0]?.value ?? 0;
      expect(after - before).toBe(3);
      expect(lines).toEqual([
        "rate limit store unreachable: posts are not limited",
      ]);

      const again = await startRedis(redis.port);
      cleanUps.push(() => again.stop());
      // Until the client has reconnected, posts still go through; then the fresh server counts from zero.
      let status = 200;
      for (let i = 0; i < 200 && status === 200; i++) {
        status = await post();
        if (status === 200) await new Promise((done) => setTimeout(done, 50));
      }
      expect(status).toBe(429);
    });
  },
);
