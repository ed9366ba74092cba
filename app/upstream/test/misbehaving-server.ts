/**
 * A real HTTP server for client tests that misbehaves on purpose: it drops connections, stalls, or answers
 * whatever the test asks, and records every request it received.
 */
import { createServer } from "node:http";
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds since the epoch when the request arrived. */
  at: number;
}

/** What the server does with request number `index` (0 for the first). */
export type Behaviour = (
  request: IncomingMessage,
  response: ServerResponse,
  index: number,
) => void;

export const closeSocket: Behaviour = (request) => {
  request.socket.destroy();
};

export const stall: Behaviour = () => {
  // Never answer; the server closes the connection when the test ends.
};

/** Sends the head and part of a body, then stalls. */
export const stallBody: Behaviour = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.write('{"hash":');
};

/**
 * A 200 whose body streams `totalBytes` of JSON-looking text without a length, as fast as the reader takes it,
 * and stops when the reader goes away (a runaway upstream; the client must stop reading).
 */
export function streamBody(totalBytes: number): Behaviour {
  const chunk = Buffer.alloc(64 * 1024, "x");
  return (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes && !response.destroyed) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once("drain", pump);
      }
      if (!response.destroyed) response.end();
    };
    response.write('{"hash":"');
    pump();
  };
}

export function respond(
  status: number,
  body = "",
  contentType = "application/json",
): Behaviour {
  return (_request, response) => {
    response.writeHead(status, body ? { "content-type": contentType } : {});
    response.end(body);
  };
}

export function respondJson(status: number, value: unknown): Behaviour {
  return respond(status, JSON.stringify(value));
}

/** Uses `behaviours[index]` for request `index`, and the last one for every later request. */
export function sequence(...behaviours: Behaviour[]): Behaviour {
  return (request, response, index) => {
    const behaviour = behaviours[Math.min(index, behaviours.length - 1)];
    behaviour?.(request, response, index);
  };
}

export interface MisbehavingServer {
  url: string;
  requests: RecordedRequest[];
  behave(behaviour: Behaviour): void;
  /** Stops listening and drops every connection: calls are refused (nothing listens) until `accept()`. */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  accept(): Promise<void>;
  close(): Promise<void>;
}

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const requests: RecordedRequest[] = [];
  let behaviour: Behaviour = respond(404);

  const server = createServer((request, response) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const index = requests.length;
      requests.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at,
      });
      behaviour(request, response, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const stop = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(next) {
      behaviour = next;
      requests.length = 0;
    },
    refuse: stop,
    accept() {
      return new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
    },
    close() {
      return server.listening ? stop() : Promise.resolve();
    },
  };
}
