/**
 * What a scanner and an operator see of the production build (issue 27): every method the site does not serve
 * is a 4xx with the site's page, never a 5xx; the metrics' `method` label stays bounded whatever methods arrive;
 * and every line the server writes, on stdout and stderr, is one JSON object, errors and warnings included.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { METHODS } from "node:http";
import { networkInterfaces } from "node:os";
import {
  afterAll,
  beforeAll,
  describe,
  expect,
  it,
  onTestFinished,
} from "vitest";
import { MESSAGES, METHOD_NOT_ALLOWED, VALIDATION } from "~/messages";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { renderMedia } from "../../reference-upstream/demo/media";
import { createUpstreamServer } from "../../reference-upstream/server";
import type { UpstreamServer } from "../../reference-upstream/server";
import { freePort } from "../../scripts/processes.mjs";
import { parseMetrics } from "../fixtures/prometheus";
import { contactQuestion } from "../fixtures/question";
import { send, startSite } from "../support/site";
import type { Site } from "../support/site";

/** Node's parser takes all of these; CONNECT is a tunnel, which Node hands to no request handler. */
const ANY_METHOD = METHODS.filter((method) => method !== "CONNECT");
const SERVED = new Set(["GET", "HEAD", "POST"]);
const PATHS = [
  "/",
  "/workshops",
  "/health",
  "/contact",
  "/nergens-te-vinden",
  // The browser's error reports, served by the HTTP server itself (decision 0067).
  "/fouten",
];
/** The Allow header of a path's 405: a resource route's or the server's own methods, a page's otherwise. */
const ALLOW: Record<string, string> = {
  "/health": "GET, HEAD",
  "/fouten": "POST",
};

/**
 * Loaded into the server with --import: on SIGUSR2 it writes an error with a stack through `console` and emits a
 * Node process warning, as a library or Node itself would while the server runs.
 */
const PROVOKE = `data:text/javascript,process.on('SIGUSR2',()=>{console.error(Error('provoked-error'));process.emitWarning('provoked-warning')})`;

/** Every line of a stream as an object; a line that is not one JSON object fails with the line. */
function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
      expect(parsed, line).toBeTypeOf("object");
      expect(Array.isArray(parsed), line).toBe(false);
      return parsed as Record<string, unknown>;
    });
}

let upstream: UpstreamServer;
beforeAll(async () => {
  upstream = await createUpstreamServer({
    data: buildDemoData,
    renderMedia,
    log: () => {},
  });
});
afterAll(async () => {
  await upstream?.close();
});

describe("methods the site does not serve", () => {
  let site: Site;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    site = await startSite({
      UPSTREAM_URL: upstream.url,
      METRICS_PORT: String(metricsPort),
    });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it(`${ANY_METHOD.length} methods on ${PATHS.length} paths: a 405 with Allow and the site's page for each one it does not serve, never a 5xx`, async () => {
    for (const path of PATHS)
      for (const method of ANY_METHOD) {
        const answer = await send(site, { method, path });
        const what = `${method} ${path}`;
        expect(answer.status, what).toBeLessThan(500);
        if (SERVED.has(method)) continue;
        expect(answer.status, what).toBe(405);
        expect(answer.headers.allow, what).toBe(
          ALLOW[path] ?? "GET, HEAD, POST",
        );
        expect(answer.headers["content-type"], what).toContain("text/html");
        expect(answer.text, what).toContain(METHOD_NOT_ALLOWED.message);
      }
    expect(site.stderr()).toBe("");
  });

  it("counts them in the metrics as 4xx under one `method` value, `other`", async () => {
    const scrape = async () =>
      parseMetrics(
        await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
      ).get("http_requests_total")!.metrics;
    const others = (samples: Awaited<ReturnType<typeof scrape>>) =>
      samples.filter((sample) => sample.labels?.method === "other");
    const sum = (samples: Awaited<ReturnType<typeof scrape>>) =>
      samples.reduce((total, sample) => total + Number(sample.value), 0);
    // The last request is counted once its answer is sent, which can be just after the client read it.
    await expect
      .poll(async () => sum(others(await scrape())))
      .toBe((ANY_METHOD.length - SERVED.size) * PATHS.length);
    const samples = await scrape();
    const methods = new Set(samples.map((sample) => sample.labels?.method));
    expect([...methods].sort()).toEqual(["GET", "HEAD", "POST", "other"]);
    const other = others(samples);
    for (const sample of other) expect(sample.labels?.status).toBe("405");
  });
});

/** An address of this machine other than loopback, if it has one. */
const OUTSIDE_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find(
    (address) => address && !address.internal && address.family === "IPv4",
  )?.address;

describe.runIf(OUTSIDE_ADDRESS)("the metrics listener", () => {
  it("listens on loopback only unless METRICS_HOST says otherwise, even when the site listens everywhere", async () => {
    const metricsPort = await freePort();
    // HOST empty: the site on every interface, as in a container.
    const site = await startSite({
      UPSTREAM_URL: upstream.url,
      HOST: "",
      METRICS_PORT: String(metricsPort),
    });
    try {
      await expect
        .poll(
          async () =>
            (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status,
        )
        .toBe(200);
      await expect(
        fetch(`http://${OUTSIDE_ADDRESS}:${metricsPort}/metrics`),
      ).rejects.toThrow();
    } finally {
      await site.stop();
    }
  });
});

describe("a scanner trying methods", () => {
  it("is rate limited like any other non-GET request", async () => {
    const site = await startSite({
      UPSTREAM_URL: upstream.url,
      RATE_LIMIT_POSTS: "3",
    });
    try {
      const statuses: number[] = [];
      for (const method of ["TRACE", "PROPFIND", "DELETE", "TRACE", "PUT"])
        statuses.push((await send(site, { method, path: "/" })).status);
      expect(statuses).toEqual([405, 405, 405, 429, 429]);
    } finally {
      await site.stop();
    }
  });
});

describe("the log", () => {
  // One process, and a primary with two workers (each line from any of them).
  for (const workers of ["1", "2"])
    it(`is one JSON object per line on stdout and stderr, errors and warnings included (WEB_CONCURRENCY=${workers})`, async () => {
      const metricsPort = await freePort();
      const site = await startSite({
        UPSTREAM_URL: upstream.url,
        WEB_CONCURRENCY: workers,
        METRICS_PORT: String(metricsPort),
        NODE_OPTIONS: `--import=${PROVOKE}`,
      });
      try {
        // What used to write raw text: a method the Fetch API refuses, a path React Router cannot decode (its
        // warning), a request the app cannot serve, and an error and a warning in the process itself.
        for (const path of ["/", "/x%zz", "/nergens-te-vinden"])
          for (const method of ["GET", "TRACE", "PROPFIND"])
            await send(site, { method, path });
        await expect
          .poll(
            async () =>
              (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status,
            { timeout: 20_000 },
          )
          .toBe(200);
        site.child.kill("SIGUSR2");
        await expect
          .poll(() => site.stderr(), { timeout: 10_000 })
          .toContain("provoked-warning");
      } finally {
        await site.stop();
      }
      const stdout = jsonLines(site.stdout());
      const stderr = jsonLines(site.stderr());
      expect(stdout.some((line) => line.method === "TRACE")).toBe(true);
      expect(stdout.some((line) => line.message === "stopped")).toBe(true);
      const provoked = stderr.find(
        (line) => line.message === "Error: provoked-error",
      );
      expect(provoked).toMatchObject({ level: "error" });
      expect(provoked?.stack).toContain("Error: provoked-error\n    at ");
      expect(
        stderr.find((line) => line.message === "Warning: provoked-warning"),
      ).toMatchObject({ level: "warn", stack: expect.any(String) });
    });

  it("says an uncaught error as a JSON line with its stack, and the process still exits 1", async () => {
    const site = await startSite({
      UPSTREAM_URL: upstream.url,
      NODE_OPTIONS: `--import=data:text/javascript,process.on('SIGUSR2',()=>{setTimeout(()=>{throw(Error('provoked-crash'))})})`,
    });
    const exited = new Promise<number | null>((resolve) =>
      site.child.once("exit", (code) => resolve(code)),
    );
    site.child.kill("SIGUSR2");
    expect(await exited).toBe(1);
    const crash = jsonLines(site.stderr()).find((line) =>
      String(line.message).includes("provoked-crash"),
    );
    expect(crash).toMatchObject({ level: "error" });
    expect(crash?.stack).toContain("Error: provoked-crash\n    at ");
  });
});

/** CPU time (user + system) a process has used so far, in seconds, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .split(") ")[1]!
      .split(" ");
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Samples the processes' CPU time second by second until two seconds in a row each used under 0.2 s, or the
 * deadline passes; returns whether it got quiet and what each second used (for the failure message).
 */
async function secondsUntilQuiet(
  pids: number[],
  deadlineSeconds: number,
): Promise<{ quiet: boolean; used: number[] }> {
  const total = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const used: number[] = [];
  let last = total();
  while (used.length < deadlineSeconds) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = total();
    used.push(Math.round((now - last) * 100) / 100);
    last = now;
    if (used.length >= 2 && used.slice(-2).every((second) => second < 0.2))
      return { quiet: true, used };
  }
  return { quiet: false, used };
}

/** The process and its children (a primary's workers): their ids, from /proc. */
function processTree(pid: number): number[] {
  const children = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return (
          readFileSync(`/proc/${name}/stat`, "utf8")
            .split(") ")[1]!
            .split(" ")[1] === String(pid)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.runIf(existsSync("/proc/self/stat"))(
  "a log pipe whose reader is gone (issue 34)",
  { timeout: 90_000 },
  () => {
    for (const workers of ["1", "2"])
      it(`drops its lines, serves on without spinning, and stops on SIGTERM (WEB_CONCURRENCY=${workers})`, async () => {
        const site = await startSite({
          UPSTREAM_URL: upstream.url,
          WEB_CONCURRENCY: workers,
          SHUTDOWN_TIMEOUT_SECONDS: "3",
          SHUTDOWN_DRAIN_SECONDS: "0",
        });
        const pids = processTree(site.child.pid!);
        // Should the test fail with a process still running (spinning, deaf to SIGTERM), it is not left behind.
        onTestFinished(() => {
          for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
        });
        try {
          // The reader goes away (a log shipper restarting, `… | tee` ended): the next line fails with EPIPE.
          site.child.stdout!.destroy();
          site.child.stderr!.destroy();
          for (const path of ["/", "/x%zz", "/nergens-te-vinden", "/health"])
            expect((await send(site, { path })).status).toBeLessThan(500);
          // Idle, it uses next to nothing (0.01-0.03 s a second); the loop on its own log used 0.65-1 s a second,
          // every second. A worker still starting (or a loaded machine) can use more for a while, so this waits
          // for the quiet it checks: two quiet seconds in a row, within 20 s. A spinning server never has one.
          expect(await secondsUntilQuiet(pids, 20)).toMatchObject({
            quiet: true,
          });
          expect((await send(site, { path: "/health" })).status).toBe(200);
        } finally {
          const started = Date.now();
          const exited = new Promise<number | null>((resolve) =>
            site.child.once("exit", (code) => resolve(code)),
          );
          site.child.kill("SIGTERM");
          const code = await Promise.race([
            exited,
            new Promise<"running">((resolve) =>
              setTimeout(() => resolve("running"), 12_000),
            ),
          ]);
          for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
          expect(code).toBe(0);
          // Within SHUTDOWN_TIMEOUT_SECONDS (the primary's limit is at least 9 s).
          expect(Date.now() - started).toBeLessThan(10_000);
          expect(pids.filter(alive)).toEqual([]);
        }
      });
  },
);

describe(
  "a flood of paths React Router cannot decode (issue 34)",
  {
    timeout: 90_000,
  },
  () => {
    it("writes every line whole, at most 4 KiB, with the warning once per request and the cut said (two workers on one pipe)", async () => {
      const site = await startSite({
        UPSTREAM_URL: upstream.url,
        WEB_CONCURRENCY: "2",
      });
      const count = 60;
      // 12 KB of path a visitor chose, with a bad percent escape at its start.
      const paths = Array.from(
        { length: count },
        (_, index) => `/%zz${index}-${"a".repeat(12_000)}`,
      );
      try {
        for (let i = 0; i < count; i += 10)
          await Promise.all(
            paths.slice(i, i + 10).map(async (path) => {
              expect((await send(site, { path })).status).toBeLessThan(500);
            }),
          );
      } finally {
        await site.stop();
      }
      const text = `${site.stdout()}${site.stderr()}`;
      const lines = text.split("\n").filter((line) => line !== "");
      const longest = Math.max(...lines.map((line) => Buffer.byteLength(line)));
      console.log(`longest log line under the flood: ${longest} bytes`);
      expect(longest + 1).toBeLessThanOrEqual(4096);
      const parsed = [...jsonLines(site.stdout()), ...jsonLines(site.stderr())];
      const warnings = parsed.filter((line) =>
        String(line.message).includes("could not be decoded"),
      );
      expect(warnings).toHaveLength(count);
      for (const warning of warnings) {
        expect(warning).toMatchObject({
          level: "warn",
          id: expect.any(String),
        });
        expect(warning.cut).toEqual({ path: expect.any(Number) });
      }
      const requests = parsed.filter((line) =>
        String(line.path).startsWith("/%zz"),
      );
      expect(requests.filter((line) => line.status !== undefined)).toHaveLength(
        count,
      );
    });
  },
);

describe("the contact form under a flood of questions (issue 34)", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ UPSTREAM_URL: upstream.url });
  });
  afterAll(async () => {
    await site?.stop();
  });

  /** Posts the question as a browser would, from the site's own page. */
  function ask(question: Record<string, string>) {
    return send(site, {
      method: "POST",
      path: "/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://${site.host}`,
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams(question).toString(),
    });
  }

  it("answers the questions the upstream refuses (429) with 429 and a message saying so and when to try again, never a 5xx", async () => {
    // The reference upstream takes 5 questions per address per 15 minutes.
    const statuses: number[] = [];
    let refused = "";
    for (let i = 0; i < 12; i += 1) {
      const answer = await ask(contactQuestion("flood"));
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer.text;
    }
    const serverErrors = statuses.filter((status) => status >= 500).length;
    console.log(`5xx answers in a flood of 12 questions: ${serverErrors}`);
    expect(statuses).toEqual([...Array(5).fill(302), ...Array(7).fill(429)]);
    expect(refused.replaceAll("&#x27;", "'")).toContain(
      MESSAGES.tooManyQuestions,
    );
    // What was typed stays in the form.
    expect(refused).toContain("parkeergelegenheid");
  });

  it("refuses a name and a message of nothing but zero-width and format characters", async () => {
    const answer = await ask({
      ...contactQuestion("invisible"),
      name: "\u200b\u200b\u200d",
      message: "\u202e\u2066\ufeff\u200b",
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(VALIDATION.required);
    expect(answer.text.match(/aria-invalid="true"/g)).toHaveLength(2);
  });
});
