/**
 * One HTTP/1.1 request with node:http, exactly as given: the test sets every header, Host included (a browser's
 * fetch would not let it), and may send its body without Content-Length.
 */
import { request as httpRequest } from "node:http";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";

export interface Outgoing {
  method?: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: Buffer | string;
  /** Send the body in chunks, without Content-Length (node:http sets one when the body is sent in one piece). */
  chunked?: boolean;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** From sending the request to the end of the answer. */
  ms: number;
}

export function sendRequest(port: number, outgoing: Outgoing): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: outgoing.method ?? "GET",
        path: outgoing.path,
        headers: outgoing.headers,
        setHost: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (outgoing.chunked && outgoing.body !== undefined) {
      req.write(outgoing.body);
      req.end();
    } else req.end(outgoing.body);
  });
}
