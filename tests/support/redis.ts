/** A throw-away redis-server (Debian's package) on a free port, without persistence. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { connect, createServer } from "node:net";

export const REDIS_SERVER = [
  "/usr/bin/redis-server",
  "/usr/sbin/redis-server",
].find((path) => existsSync(path));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startRedis(port?: number): Promise<RunningRedis> {
  if (!REDIS_SERVER) throw new Error("redis-server is not installed");
  const listenOn = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    [
      "--port",
      String(listenOn),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`redis-server exited (${child.exitCode})`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(listenOn, "127.0.0.1");
      socket.once("connect", () => (socket.end(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error("redis-server did not listen");
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url: `redis://127.0.0.1:${listenOn}`,
    port: listenOn,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
