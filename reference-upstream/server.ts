/**
 * Starts the reference upstream on a port: opens (and seeds) the database and serves the Hono app.
 * main.ts uses it for `npm run upstream`; tests and other scripts start it in-process on port 0.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { AppOptions } from "./app";
import { createApp } from "./app";
import type { Db } from "./db";
import { deleteDatabaseFiles, isEmpty, openDatabase, seed } from "./db";
import type { DemoData } from "./demo/types";
import type { Service } from "./service/index";

export interface UpstreamServerOptions extends AppOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** A database file path, ":memory:" (the default) or an open database. */
  db?: string | Db;
  /** Seeds the database when it has no sites yet. */
  data?: DemoData | (() => DemoData);
  /** Deletes the database file first, so it is seeded afresh. */
  reset?: boolean;
}

export interface UpstreamServer {
  /** Base URL without the API path, e.g. http://127.0.0.1:3001 */
  url: string;
  port: number;
  db: Db;
  service: Service;
  /** Stops accepting requests, waits for open ones and pending mail, closes the database. */
  close(): Promise<void>;
}

export async function createUpstreamServer(
  options: UpstreamServerOptions = {},
): Promise<UpstreamServer> {
  const target = options.db ?? ":memory:";
  if (options.reset && typeof target === "string" && target !== ":memory:")
    deleteDatabaseFiles(target);
  const db = typeof target === "string" ? openDatabase(target) : target;
  if (options.data && isEmpty(db)) {
    seed(
      db,
      typeof options.data === "function" ? options.data() : options.data,
      (options.now ?? (() => new Date()))(),
    );
  }
  const { app, service, mailer } = createApp(db, options);

  const host = options.host ?? "127.0.0.1";
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      { fetch: app.fetch, port: options.port ?? 0, hostname: host },
      () => resolve(s as Server),
    );
    s.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    db,
    service,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive connections would hold close() open; busy ones finish their request first.
          server.closeIdleConnections();
        });
        await mailer.idle();
        db.close();
      })();
      return closing;
    },
  };
}
