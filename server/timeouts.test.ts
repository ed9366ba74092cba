import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { applyTimeouts } from "./timeouts";

describe("applyTimeouts", () => {
  it("bounds a whole request to a minute (Node's default is 300 s) and outlasts a proxy's keep-alive", () => {
    const server = createServer();
    applyTimeouts(server);
    expect(server.requestTimeout).toBeGreaterThanOrEqual(30_000);
    expect(server.requestTimeout).toBeLessThanOrEqual(60_000);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
  });
});
