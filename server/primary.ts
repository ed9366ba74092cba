/**
 * The primary of a container's workers (WEB_CONCURRENCY above 1, decision 0040): forks them on the shared PORT,
 * keeps the rate limits' counts for them when there is no Redis and the error reports' cap always, serves
 * /metrics summed over them, replaces one that dies, and on SIGTERM passes the signal on, exiting once every
 * worker has drained and stopped.
 */
import cluster, { type Worker } from "node:cluster";
import { ClusterMemoryStorePrimary } from "@express-rate-limit/cluster-memory-store";
import { AggregatorRegistry } from "prom-client";
import type { env } from "~/env.server";
import { log } from "./log";
import { listenForMetrics } from "./metrics";

/** A worker that dies is replaced after this long, doubled for each death in a row, up to a minute. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;
/** A worker that lived this long counts as healthy: the next death starts from the shortest delay again. */
const HEALTHY_AFTER_MS = 60_000;

/**
 * How long the primary waits after SIGTERM for its workers before killing them: a worker's own shutdown takes up
 * to SHUTDOWN_TIMEOUT_SECONDS and then a moment to exit, which on a busy machine can be most of a second; never
 * less than 9 s, still inside the 10 s a container runtime gives before SIGKILL.
 */
export function forceAfterMs(shutdownTimeoutSeconds: number): number {
  return Math.max((shutdownTimeoutSeconds + 1) * 1000, 9000);
}

export function runPrimary(config: ReturnType<typeof env>) {
  const count = config.WEB_CONCURRENCY;
  // The workers' counts: the rate limits' without Redis, and the error reports' cap always (server/serve.ts).
  new ClusterMemoryStorePrimary().init();
  const aggregator = new AggregatorRegistry();

  let listening = false;
  let stopping = false;
  let stopSignal: NodeJS.Signals | undefined;
  let failed = false;
  let deathsInARow = 0;
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());

  cluster.on("listening", () => {
    if (listening) return;
    listening = true;
    log("workers started", { workers: count });
  });
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? Date.now());
    started.delete(worker);
    if (stopping) {
      // Ended by the signal passed on: a worker still starting has no handler yet, and nothing in flight.
      const stoppedBySignal = code === null && signal === stopSignal;
      if (code !== 0 && !stoppedBySignal) failed = true;
      if (started.size === 0) {
        log("stopped");
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    // A worker that never came up (a port in use, a configuration the build rejects) would fail again: stop.
    if (!listening) {
      log("worker failed to start", { code, signal }, process.stderr);
      for (const other of started.keys()) other.kill();
      process.exit(1);
    }
    deathsInARow = lived >= HEALTHY_AFTER_MS ? 1 : deathsInARow + 1;
    const delay = Math.min(
      RESTART_DELAY_MS * 2 ** (deathsInARow - 1),
      MAX_RESTART_DELAY_MS,
    );
    log("worker died", { code, signal, restartInMs: delay }, process.stderr);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stopSignal = signal;
      log("stopping", { signal, workers: started.size });
      if (started.size === 0) process.exit(0);
      for (const worker of started.keys()) worker.process.kill(signal);
      setTimeout(() => {
        for (const worker of started.keys()) {
          log(
            "worker failed to stop",
            { pid: worker.process.pid },
            process.stderr,
          );
          worker.process.kill("SIGKILL");
        }
        process.exit(1);
      }, forceAfterMs(config.SHUTDOWN_TIMEOUT_SECONDS)).unref();
    });
  }

  const forkAll = () => {
    for (let i = 0; i < count; i += 1) fork();
  };
  // The workers are forked once the metrics port is taken: one that cannot be taken stops the start before them.
  if (config.METRICS_PORT !== undefined)
    listenForMetrics(
      () => aggregator.clusterMetrics(),
      config.METRICS_PORT,
      config.METRICS_HOST,
      { workers: count },
    ).once("listening", forkAll);
  else forkAll();
}
