/**
 * Rate limits shared by every replica: with RATE_LIMIT_REDIS_URL the counts live in Redis (express-rate-limit's
 * Redis store, rate-limit-redis, on the `redis` client), so a client gets the limit once, not once per replica.
 *
 * Redis is a guard, not a dependency: when it cannot be reached, posts go through uncounted (fail open) rather
 * than visitors being refused or kept waiting. Commands are never queued while disconnected (they fail at
 * once), one log line a minute says the limits are off, and rate_limit_store_errors_total counts each post let
 * through. Once Redis is back, the store loads its scripts again and counts from there.
 */
import type { Store, Options, ClientRateLimitInfo } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";
import { rateLimitStoreErrors } from "~/observability/metrics.server";

const LOG_EVERY_MS = 60_000;

export interface SharedLimits {
  /** A store for one limit; `name` keeps the limits' counts apart. */
  store(name: string): Store;
  /** Settles once the first connection is made or has failed. */
  connected: Promise<void>;
  close(): Promise<void>;
}

/** A store that counts in Redis, and after a failure loads its scripts again before the next count. */
class FailOpenStore implements Store {
  private ready: Promise<void> = Promise.resolve();
  private options: Options | undefined;

  constructor(
    private readonly inner: RedisStore,
    private readonly failed: (error: unknown) => void,
  ) {}

  init(options: Options): void {
    this.options = options;
    this.load();
  }

  private load() {
    if (!this.options) return;
    this.ready = this.inner.init(this.options);
    // A failure here shows at the next count; it must not be an unhandled rejection.
    this.ready.catch(() => {});
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      // Scripts that could not be loaded before (Redis was down) are loaded again first.
      await this.ready.catch(() => {
        this.load();
        return this.ready;
      });
      return await work();
    } catch (error) {
      this.failed(error);
      this.load();
      throw error;
    }
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.run(() => this.inner.get(key));
  }
  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.run(() => this.inner.increment(key));
  }
  decrement(key: string): Promise<void> {
    return this.run(() => this.inner.decrement(key));
  }
  resetKey(key: string): Promise<void> {
    return this.run(() => this.inner.resetKey(key));
  }
}

export function sharedLimits(
  url: string,
  log: (message: string, fields: Record<string, unknown>) => void,
  now: () => number = Date.now,
): SharedLimits {
  let lastLog = -Infinity;
  const unreachable = (error: unknown) => {
    if (now() - lastLog < LOG_EVERY_MS) return;
    lastLog = now();
    log("rate limit store unreachable: posts are not limited", {
      error: error instanceof Error ? error.message.slice(0, 200) : "unknown",
    });
  };
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 1_000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000),
    },
  });
  // Connection errors come as events while the client reconnects; they are the same outage.
  client.on("error", unreachable);
  const connected = client.connect().then(
    () => {},
    (error: unknown) => unreachable(error),
  );

  return {
    connected,
    store: (name) =>
      new FailOpenStore(
        new RedisStore({
          prefix: `rl:${name}:`,
          sendCommand: (...command: string[]) => client.sendCommand(command),
        }),
        (error) => {
          rateLimitStoreErrors.inc();
          unreachable(error);
        },
      ),
    close: async () => {
      client.destroy();
    },
  };
}
