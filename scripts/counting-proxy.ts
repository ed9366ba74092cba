/**
 * A proxy between the site and its upstream that counts the API calls passing through (by their contract name) and
 * can hold every answer back by a latency: what `npm run bench:upstream` and the upstream-calls suite
 * (tests/rush/upstream-calls.test.ts) measure the site's calls with.
 */
import { createServer, request as httpRequest } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { API_BASE_PATH, ENDPOINTS } from "#contract";

const API_ROUTES = Object.entries(ENDPOINTS).map(([name, endpoint]) => ({
  name,
  method: endpoint.method,
  pattern: new RegExp(
    `^${API_BASE_PATH}${endpoint.path.replace(/\{\w+\}/g, "[^/]+")}$`,
  ),
}));

/** A request's contract name ("getRegistration"), or its method and path when the contract has no such call. */
export function callName(method: string, url: string): string {
  const path = url.replace(/\?.*$/, "");
  return (
    API_ROUTES.find(
      (route) => route.method === method && route.pattern.test(path),
    )?.name ?? `${method} ${path}`
  );
}

export interface CountingProxy {
  url: string;
  /** Every API call passed on so far, by name. */
  calls: string[];
  /** When each of them came in and when its answer had gone out (performance.now(); NaN until then). */
  spans: { start: number; end: number }[];
  latencyMs: number;
  /** Requests (any path) not yet answered. */
  inFlight(): number;
  close(): Promise<void>;
}

/**
 * Passes every request on to the upstream; counts the API calls and holds each back by `latencyMs`. Pictures
 * under /media pass at once and uncounted: they are files a browser keeps for a day, the plain path loads none,
 * and held back they would fill Chromium's six connections to the site and delay the page's data behind them.
 */
export async function startProxy(target: string): Promise<CountingProxy> {
  const { hostname, port } = new URL(target);
  let open = 0;
  const proxy: CountingProxy = {
    url: "",
    calls: [],
    spans: [],
    latencyMs: 0,
    inFlight: () => open,
    close: () => new Promise((done) => server.close(() => done())),
  };
  const server: Server = createServer((incoming, outgoing) => {
    open += 1;
    outgoing.on("close", () => (open -= 1));
    const url = incoming.url ?? "/";
    const call = url.startsWith(`${API_BASE_PATH}/`);
    if (call) {
      proxy.calls.push(callName(incoming.method ?? "GET", url));
      const span = { start: performance.now(), end: NaN };
      proxy.spans.push(span);
      outgoing.on("close", () => (span.end = performance.now()));
    }
    setTimeout(
      () => {
        const forwarded = httpRequest(
          {
            host: hostname,
            port,
            method: incoming.method,
            path: incoming.url,
            headers: incoming.headers,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        forwarded.on("error", () => outgoing.destroy());
        incoming.pipe(forwarded);
      },
      call ? proxy.latencyMs : 0,
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
