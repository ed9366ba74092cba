/**
 * Stopping without cutting visitors off (SIGTERM from the container runtime, Ctrl-C): stop accepting
 * connections, close idle keep-alive connections, let requests in progress finish up to a limit, then close
 * whatever is left, saying which requests that cut.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface RequestInProgress {
  req: IncomingMessage;
  res: ServerResponse;
  started: number;
}

/** The requests the server is answering, from now on: call it when the server starts. */
export function trackRequests(server: Server): Set<RequestInProgress> {
  const inProgress = new Set<RequestInProgress>();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const request = { req, res, started: performance.now() };
    inProgress.add(request);
    res.once("close", () => inProgress.delete(request));
  });
  return inProgress;
}

export function closeGracefully(
  server: Server,
  timeoutMs: number,
  cut?: {
    inProgress: Set<RequestInProgress>;
    /** Called for each request still in progress when the limit is reached, before its connection closes. */
    onCut: (request: RequestInProgress) => void;
  },
): Promise<void> {
  return new Promise((resolve) => {
    // A keep-alive connection becomes idle once its request is answered; close it then.
    const idle = setInterval(() => server.closeIdleConnections(), 200);
    const force = setTimeout(() => {
      if (cut) for (const request of cut.inProgress) cut.onCut(request);
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
