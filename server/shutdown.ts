/**
 * Stopping without cutting visitors off (SIGTERM from the container runtime, Ctrl-C): stop accepting
 * connections, close idle keep-alive connections, let requests in progress finish up to a limit, then close
 * whatever is left.
 */
import type { Server } from "node:http";

export function closeGracefully(
  server: Server,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve) => {
    // A keep-alive connection becomes idle once its request is answered; close it then.
    const idle = setInterval(() => server.closeIdleConnections(), 200);
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
