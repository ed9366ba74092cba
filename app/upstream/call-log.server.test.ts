import { describe, expect, it } from "vitest";
import { observeCall } from "./call-log.server";

describe("the upstream call log", () => {
  it("writes one JSON line per failed call: call, outcome, status, duration and request id, nothing else", () => {
    const lines: string[] = [];
    const write = (line: string) => lines.push(line);
    observeCall(
      {
        call: "supportCreate",
        outcome: "http_5xx",
        status: 502,
        seconds: 0.1234,
        requestId: "req-1",
      },
      write,
    );
    observeCall({ call: "settings", outcome: "timeout", seconds: 20 }, write);
    observeCall(
      { call: "settings", outcome: "ok", status: 200, seconds: 0.01 },
      write,
    );

    expect(lines).toHaveLength(2);
    const [failed, timedOut] = lines.map((line) => JSON.parse(line));
    expect(failed).toEqual({
      time: expect.any(String),
      message: "upstream call failed",
      id: "req-1",
      call: "supportCreate",
      outcome: "http_5xx",
      status: 502,
      ms: 123,
    });
    expect(timedOut).toMatchObject({
      call: "settings",
      outcome: "timeout",
      ms: 20000,
    });
    expect(timedOut).not.toHaveProperty("status");
  });
});
