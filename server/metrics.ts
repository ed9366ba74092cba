/**
 * The metrics listener: GET /metrics in the Prometheus text format, on METRICS_PORT, a port of its own so the
 * public port never shows them (the balancer forwards only the site's port), bound to METRICS_HOST (loopback unless
 * set): it has no authentication, so who can reach it is decided by where it listens.
 */
import { createServer } from "node:http";
import type { Server } from "node:http";
import { registry } from "~/observability/metrics.server";
import { cannotListenFields, log } from "./log";

/** `text` gives the metrics: this process's registry, or the primary's sum over its workers. */
export function metricsServer(text: () => Promise<string>): Server {
  return createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    text().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType });
        res.end(text);
      },
      () => res.writeHead(500).end(),
    );
  });
}

/** Starts the metrics listener on `port` (METRICS_PORT) and says where, with `fields` in the log line. */
export function listenForMetrics(
  text: () => Promise<string>,
  port: number,
  host: string,
  fields: Record<string, unknown> = {},
): Server {
  const server = metricsServer(text);
  server.listen(port, host, () => {
    const address = server.address();
    const listening =
      typeof address === "object" && address ? address.port : port;
    log("metrics listening", {
      url: `http://${host.includes(":") ? `[${host}]` : host}:${listening}/metrics`,
      ...fields,
    });
  });
  // Taken or not ours to take: the server stops and says so, as for PORT, rather than an uncaught error.
  server.on("error", (error: NodeJS.ErrnoException) => {
    log(
      "cannot listen",
      { ...cannotListenFields(error, port, "METRICS_PORT"), ...fields },
      process.stderr,
    );
    process.exit(1);
  });
  return server;
}
