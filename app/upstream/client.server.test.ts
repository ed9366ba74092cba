import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANSWER_HEADERS, HEADERS } from "#contract";
import {
  UpstreamError,
  createUpstreamClient,
  retryDelay,
} from "./client.server";
import type { CallRecord } from "./call-log.server";
import type { UpstreamClientOptions, UpstreamIdentity } from "./client.server";
import {
  closeSocket,
  respond,
  respondJson,
  sequence,
  stall,
  stallBody,
  startMisbehavingServer,
} from "../../tests/fixtures/misbehaving-server";
import type { MisbehavingServer } from "../../tests/fixtures/misbehaving-server";
import { orientationDay } from "../../tests/fixtures/app";

const identity: UpstreamIdentity = {
  siteHost: "venlo.example.nl",
  anonymousUserId: "anon-123",
};
const hash = { hash: "0123456789abcdef0123" };

let server: MisbehavingServer;
let report: ReturnType<typeof vi.fn<(error: UpstreamError) => void>>;

beforeEach(async () => {
  server = await startMisbehavingServer();
  report = vi.fn<(error: UpstreamError) => void>();
});

afterEach(async () => {
  await server.close();
});

function client(
  options: Partial<UpstreamClientOptions> = {},
  who: UpstreamIdentity = identity,
) {
  return createUpstreamClient(who, {
    baseUrl: server.url,
    apiKey: "secret-key",
    report,
    random: () => 0,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("retryDelay", () => {
  it("doubles from 300 ms and adds 0–99 ms of integer jitter", () => {
    expect(retryDelay(0, () => 0)).toBe(300);
    expect(retryDelay(1, () => 0)).toBe(600);
    expect(retryDelay(0, () => 0.5)).toBe(350);
    expect(retryDelay(1, () => 0.999)).toBe(699);
    expect(retryDelay(1, () => 0.0149)).toBe(601);
    // A random source that returns 1 must not push the jitter to 100.
    expect(retryDelay(0, () => 1)).toBe(399);
  });
});

describe("upstream client", () => {
  it("sends the site host, API key and anonymous id, and the registration id only when given", async () => {
    server.behave(respondJson(200, hash));
    await client().call("registrationHash");
    await client({}, { ...identity, registrationId: "reg-456" }).call(
      "registrationHash",
    );

    const [without, withId] = server.requests;
    expect(without?.url).toBe("/v1/registration/hash");
    expect(without?.headers[HEADERS.siteHost]).toBe("venlo.example.nl");
    expect(without?.headers[HEADERS.apiKey]).toBe("secret-key");
    expect(without?.headers[HEADERS.anonymousUserId]).toBe("anon-123");
    expect(without?.headers).not.toHaveProperty(HEADERS.registrationId);
    expect(without?.headers).not.toHaveProperty(HEADERS.attempt);
    expect(withId?.headers[HEADERS.registrationId]).toBe("reg-456");
  });

  it("sends the request's id with every call, retries included, and none without one", async () => {
    server.behave(sequence(closeSocket, respondJson(200, hash)));
    await client({ requestId: "req-42" }).call("registrationHash");
    await client().call("registrationHash");
    expect(server.requests.map((r) => r.headers[HEADERS.requestId])).toEqual([
      "req-42",
      "req-42",
      undefined,
    ]);
  });

  it("tells the observer how every call ended, with the request's id", async () => {
    const records: CallRecord[] = [];
    const observe = (record: CallRecord) => records.push(record);
    server.behave(
      sequence(
        respondJson(200, hash),
        respondJson(503, { error: "busy" }),
        respondJson(404, { error: "not found" }),
        respond(200, "not json"),
        closeSocket,
      ),
    );
    const watched = client({ observe, requestId: "req-7" });
    await watched.call("registrationHash");
    await failure(watched.call("delete"));
    await failure(watched.call("delete"));
    await failure(watched.call("registrationHash"));
    await failure(watched.call("delete"));
    expect(
      records.map(({ call, outcome, status, requestId }) => ({
        call,
        outcome,
        status,
        requestId,
      })),
    ).toEqual([
      {
        call: "registrationHash",
        outcome: "ok",
        status: 200,
        requestId: "req-7",
      },
      { call: "delete", outcome: "http_5xx", status: 503, requestId: "req-7" },
      { call: "delete", outcome: "http_4xx", status: 404, requestId: "req-7" },
      {
        call: "registrationHash",
        outcome: "invalid",
        status: 200,
        requestId: "req-7",
      },
      {
        call: "delete",
        outcome: "refused",
        status: undefined,
        requestId: "req-7",
      },
    ]);
    for (const record of records)
      expect(record.seconds).toBeGreaterThanOrEqual(0);
  });

  it("sends a form's idempotency key as {key}:{call name}, and no key header without one", async () => {
    server.behave(respondJson(200, { message: "ok" }));
    const key = "0f8fad5b-d9cb-469f-a165-70867728950e";
    await client().call("delete", { idempotencyKey: key });
    await client().call("requestLogin", {
      body: { email: "sam@example.com", orientationDayId: 1 },
      idempotencyKey: key,
    });
    await client().call("delete");

    expect(
      server.requests.map((r) => r.headers[HEADERS.idempotencyKey]),
    ).toEqual([`${key}:delete`, `${key}:requestLogin`, undefined]);
  });

  it("fills path parameters and the query", async () => {
    server.behave(respondJson(200, []));
    await client().call("schools", { query: { orientationDay: 7 } });
    await client().call("availability", { params: { slug: "koken & bakken" } });

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /v1/schools?orientationDay=7",
      "GET /v1/workshops/koken%20%26%20bakken/availability",
    ]);
  });

  it("posts the body as JSON", async () => {
    server.behave(respondJson(200, []));
    await client().call("workshopImages", { body: { workshop: 3 } });
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(request?.body ?? "")).toEqual({ workshop: 3 });
  });

  it("answers 200 with the data parsed by the contract", async () => {
    server.behave(respondJson(200, hash));
    await expect(client().call("registrationHash")).resolves.toEqual({
      status: 200,
      data: hash,
    });
    expect(report).not.toHaveBeenCalled();
  });

  it("marks an answer the upstream gave again for a repeated key as replayed (decision 0072)", async () => {
    server.behave((_request, response) => {
      response.writeHead(200, {
        "content-type": "application/json",
        [ANSWER_HEADERS.idempotentReplayed]: "true",
      });
      response.end(JSON.stringify(hash));
    });
    await expect(client().call("registrationHash")).resolves.toEqual({
      status: 200,
      data: hash,
      replayed: true,
    });
  });

  it("answers 204 as no content", async () => {
    server.behave(respond(204));
    await expect(client().call("registration")).resolves.toEqual({
      status: 204,
    });
  });

  it("retries a GET whose connection is closed twice, with attempt headers, then rejects as network", async () => {
    server.behave(closeSocket);
    const error = await failure(client().call("registrationHash"));

    expect(error.kind).toBe("network");
    expect(error.endpoint).toBe("registrationHash");
    expect(server.requests.map((r) => r.headers[HEADERS.attempt])).toEqual([
      undefined,
      "1",
      "2",
    ]);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(error);
  });

  it("waits 300 ms + jitter, then 600 ms + jitter between attempts", async () => {
    server.behave(closeSocket);
    await failure(client({ random: () => 0.5 }).call("registrationHash"));

    const [first, second, third] = server.requests.map((r) => r.at);
    const firstGap = (second ?? 0) - (first ?? 0);
    const secondGap = (third ?? 0) - (second ?? 0);
    expect(firstGap).toBeGreaterThanOrEqual(349);
    expect(firstGap).toBeLessThan(350 + 400);
    expect(secondGap).toBeGreaterThanOrEqual(649);
    expect(secondGap).toBeLessThan(650 + 400);
  });

  it("succeeds when a retry gets an answer", async () => {
    server.behave(sequence(closeSocket, respondJson(200, hash)));
    await expect(client().call("registrationHash")).resolves.toEqual({
      status: 200,
      data: hash,
    });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers[HEADERS.attempt]).toBe("1");
    expect(report).not.toHaveBeenCalled();
  });

  it("retries a GET that times out, then rejects as timeout", async () => {
    server.behave(stall);
    const error = await failure(client({ timeoutMs: 200 }).call("settings"));

    expect(error.kind).toBe("timeout");
    expect(server.requests.map((r) => r.headers[HEADERS.attempt])).toEqual([
      undefined,
      "1",
      "2",
    ]);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("rejects as timeout when the body stalls after the head", async () => {
    server.behave(stallBody);
    const error = await failure(
      client({ timeoutMs: 200 }).call("registrationHash"),
    );
    expect(error.kind).toBe("timeout");
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("never retries a POST that gets no response", async () => {
    server.behave(closeSocket);
    const error = await failure(
      client().call("workshopImages", { body: { workshop: 3 } }),
    );

    expect(error.kind).toBe("network");
    expect(server.requests).toHaveLength(1);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("does not retry a 500 and rejects with the status and error body", async () => {
    server.behave(
      respondJson(500, { error: "internal", detail: "database down" }),
    );
    const error = await failure(client().call("settings"));

    expect(error.kind).toBe("status");
    expect(error.status).toBe(500);
    expect(error.body).toEqual({ error: "internal", detail: "database down" });
    expect(server.requests).toHaveLength(1);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("keeps the status when the error body is not the contract's shape", async () => {
    server.behave(respond(502, "<html>Bad Gateway</html>", "text/html"));
    const error = await failure(client().call("settings"));
    expect(error.kind).toBe("status");
    expect(error.status).toBe(502);
    expect(error.body).toBeUndefined();
  });

  it("does not report statuses the contract lists as answers of the call", async () => {
    server.behave(
      respondJson(409, {
        error: "conflict",
        detail: "Already registered for this day",
      }),
    );
    const error = await failure(
      client().call("confirm", { body: { token: "t".repeat(20) } }),
    );
    expect(error.status).toBe(409);
    expect(error.body?.detail).toBe("Already registered for this day");
    expect(report).not.toHaveBeenCalled();
  });

  it("rejects a 200 that is not JSON as malformed", async () => {
    server.behave(respond(200, "<html>maintenance</html>", "text/html"));
    const error = await failure(client().call("registrationHash"));
    expect(error.kind).toBe("malformed");
    expect(server.requests).toHaveLength(1);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("rejects a 200 of the wrong shape as malformed", async () => {
    server.behave(respondJson(200, { hash: 42 }));
    const error = await failure(client().call("registrationHash"));
    expect(error.kind).toBe("malformed");
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("leaves out the items of a list the contract refuses, keeps the rest and reports them", async () => {
    const day = (id: number, date: string) => orientationDay({ id, date });
    server.behave(
      respondJson(200, [
        day(1, "2026-12-05"),
        day(2, "2026-13-01"),
        day(3, "2026-02-31"),
      ]),
    );
    const answer = await client().call("orientationDays");
    expect(answer.status === 200 && answer.data.map((d) => d.id)).toEqual([1]);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]![0].kind).toBe("malformed");
  });

  it("rejects a list in which no item passes as malformed", async () => {
    server.behave(respondJson(200, [{ id: "x" }]));
    const error = await failure(client().call("orientationDays"));
    expect(error.kind).toBe("malformed");
  });

  it("refuses a 204 the contract does not list for the call, and reports it", async () => {
    server.behave(respond(204));
    const error = await failure(
      client().call("supportCreate", {
        body: {
          name: "Sam",
          email: "sam@example.com",
          school: null,
          klas: null,
          questionAbout: "Overig",
          message: "Hallo",
        },
      }),
    );
    expect(error).toMatchObject({ kind: "status", status: 204 });
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("refuses an answer declared larger than the limit without reading it", async () => {
    server.behave(respond(200, JSON.stringify({ hash: "x".repeat(5000) })));
    const error = await failure(
      client({ maxAnswerBytes: 1000 }).call("registrationHash"),
    );
    expect(error.kind).toBe("malformed");
    expect(error.message).toContain("larger than 1000 bytes");
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("stops reading an undeclared (chunked) answer once it passes the limit", async () => {
    let written = 0;
    server.behave((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      // An endless body: only the client's limit ends it.
      const more = () => {
        if (response.destroyed) return;
        written += 1024;
        response.write("x".repeat(1024), () => setImmediate(more));
      };
      more();
    });
    const error = await failure(
      client({ maxAnswerBytes: 64 * 1024 }).call("registrationHash"),
    );
    expect(error.kind).toBe("malformed");
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it("gives up as a timeout when the request's deadline passes, retries included", async () => {
    server.behave(stall);
    const error = await failure(
      client({ deadline: AbortSignal.timeout(300) }).call("settings"),
    );
    expect(error.kind).toBe("timeout");
    // The per-call timeout (20 s) never came into play: one attempt, cut short by the deadline.
    expect(server.requests).toHaveLength(1);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("gives up as a timeout when the deadline passes while the body is read", async () => {
    server.behave(stallBody);
    const error = await failure(
      client({ deadline: AbortSignal.timeout(300) }).call("registrationHash"),
    );
    expect(error.kind).toBe("timeout");
  });

  it("stops retrying when the deadline passes during the wait between attempts", async () => {
    server.behave(closeSocket);
    const error = await failure(
      client({ deadline: AbortSignal.timeout(450) }).call("settings"),
    );
    expect(error.kind).toBe("timeout");
    // Attempts at 0 and 300 ms; the third (at 900 ms) is never made.
    expect(server.requests).toHaveLength(2);
  });

  it("calls nothing once the deadline has passed", async () => {
    const error = await failure(
      client({ deadline: AbortSignal.abort() }).call("settings"),
    );
    expect(error.kind).toBe("timeout");
    expect(server.requests).toHaveLength(0);
  });
});
