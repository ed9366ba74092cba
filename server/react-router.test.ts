import express from "express";
import { describe, expect, it } from "vitest";
import { writeHeaders } from "./react-router";
import { sendRequest } from "../tests/fixtures/http";
import { serveForTest } from "../tests/fixtures/serve";

/** An Express app whose one answer has `before` set by earlier middleware, then the app's `headers` written. */
async function answerWith(before: Record<string, string>, headers: Headers) {
  const app = express();
  app.use((_req, res) => {
    for (const [name, value] of Object.entries(before))
      res.setHeader(name, value);
    writeHeaders(res, headers);
    res.end("ok");
  });
  return sendRequest(await serveForTest(app), {
    path: "/",
    headers: { host: "localhost" },
  });
}

describe("writeHeaders", () => {
  it("writes the app's headers as Express's append would", async () => {
    const headers = new Headers({
      "Content-Type": "text/x-script",
      "Cache-Control": "private, no-cache",
      "X-Request-Id": "from-the-app",
    });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    const answer = await answerWith(
      { "X-Request-Id": "from-the-log", Vary: "Accept-Encoding" },
      headers,
    );
    // The charset Express adds to a text type, as before.
    expect(answer.headers["content-type"]).toBe("text/x-script; charset=utf-8");
    // Each cookie its own line.
    expect(answer.headers["set-cookie"]).toEqual([
      "a=1; Path=/",
      "b=2; Path=/",
    ]);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    // A header set before keeps its value, and the app's is added to it.
    expect(answer.headers["x-request-id"]).toBe("from-the-log, from-the-app");
    expect(answer.headers.vary).toBe("Accept-Encoding");
  });
});
