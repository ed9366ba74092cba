import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closeGracefully, trackRequests } from "./shutdown";
import type { RequestInProgress } from "./shutdown";

function get(port: number, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ port, host: "127.0.0.1", agent }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve(body));
    })
      .on("error", reject)
      .end();
  });
}

describe("closeGracefully", () => {
  it("lets a request in progress finish, closes idle keep-alive connections, accepts no new ones", async () => {
    const server = createServer((req, res) => {
      const delay = req.url === "/slow" ? 300 : 0;
      setTimeout(() => res.end(req.url), delay);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    // An idle keep-alive connection, and a request still being answered.
    await get(port, agent);
    const slow = new Promise<string>((resolve, reject) =>
      request({ port, host: "127.0.0.1", path: "/slow" }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      })
        .on("error", reject)
        .end(),
    );
    await new Promise((done) => setTimeout(done, 50));

    const started = Date.now();
    const closed = closeGracefully(server, 5_000);
    await expect(get(port, new Agent())).rejects.toThrow(/ECONNREFUSED/);
    expect(await slow).toBe("/slow");
    await closed;
    expect(Date.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });

  it("cuts requests that outlast the limit", async () => {
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const hanging = get(port, new Agent()).catch(
      (error: Error) => error.message,
    );
    await new Promise((done) => setTimeout(done, 50));
    const started = Date.now();
    await closeGracefully(server, 200);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await hanging).toMatch(/socket hang up|ECONNRESET/);
  });

  it("names each request it cuts, and only those", async () => {
    const server = createServer((req, res) => {
      if (!req.url?.startsWith("/hangs")) res.end("ok");
    });
    const inProgress = trackRequests(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    await get(port, new Agent());
    const hanging = new Promise<string>((resolve) =>
      request({ port, host: "127.0.0.1", path: "/hangs?who=me" })
        .on("error", (error) => resolve(error.message))
        .end(),
    );
    // The hanging request has reached the server.
    while (inProgress.size === 0)
      await new Promise((done) => setTimeout(done, 10));

    const cut: RequestInProgress[] = [];
    await closeGracefully(server, 100, {
      inProgress,
      onCut: (request) => cut.push(request),
    });
    expect(cut.map(({ req }) => req.url)).toEqual(["/hangs?who=me"]);
    expect(await hanging).toMatch(/socket hang up|ECONNRESET/);
  });
});
