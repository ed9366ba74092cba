/**
 * The metrics listener: GET /metrics in the Prometheus text format, on METRICS_PORT, a port of its own so the
 * public port never shows them (the balancer forwards only the site's port).
 */
import { createServer } from "node:http";
import type { Server } from "node:http";
import { registry } from "~/metrics.server";

export function metricsServer(): Server {
  return createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType });
        res.end(text);
      },
      () => res.writeHead(500).end(),
    );
  });
}
