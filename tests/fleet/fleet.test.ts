/**
 * The fleet suite: the production build three times behind Debian's nginx (an `upstream` block, the proxy
 * headers of docs/operations.md, `proxy_next_upstream` on connection errors), sharing Debian's redis-server for the rate limits
 * and the reference upstream for state. It proves the site is stateless in operation: a visitor's session
 * works whichever replica answers, registrations sent step by step across replicas are stored once, the limits
 * count across replicas with Redis (and per replica without), a rolling restart under 30 s of load loses
 * nothing, and each replica's metrics parse and add up. `npm run build` first; skipped without nginx or Redis.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  root,
  serverArgs,
  startUpstream,
} from "../../scripts/processes.mjs";
import { flowVisitor, mergeCookies } from "../../scripts/flow-visitor";
import { checkUpstream, runRush } from "../../scripts/rush";
import { nginxPath, writeNginxConfig } from "../support/nginx";
import { counterSum, parseMetrics } from "../fixtures/prometheus";
import { contactQuestion } from "../fixtures/question";
import { REDIS_SERVER, startRedis } from "../support/redis";
import type { RunningRedis } from "../support/redis";

const QUESTIONS_PER_MINUTE = 3;

interface Replica {
  port: number;
  metricsPort: number;
  child: ChildProcess;
}

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let redis: RunningRedis;
const balancers: ChildProcess[] = [];
let site: string;
let upstreamDb: string;
const replicas: Replica[] = [];
/** Every replica process started, ready or not. */
const spawned: ChildProcess[] = [];
let replicaEnv: Record<string, string>;

async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

const readiness = async (replica: Replica) =>
  (await fetch(`http://127.0.0.1:${replica.port}/health/ready`)).status;

async function startReplica(
  port: number,
  metricsPort: number,
  {
    sharedLimits = true,
    readyWithinMs = 30_000,
    extraEnv = {},
  }: {
    sharedLimits?: boolean;
    readyWithinMs?: number;
    extraEnv?: Record<string, string>;
  } = {},
) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...replicaEnv,
    ...extraEnv,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    // Three replicas of one process each: the fleet is about replicas, tests/cluster about workers.
    WEB_CONCURRENCY: "1",
  };
  if (!sharedLimits) delete env.RATE_LIMIT_REDIS_URL;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
  // Stopped in afterAll whatever happens next, so a run that fails never leaves a replica behind.
  spawned.push(child);
  const replica = { port, metricsPort, child };
  try {
    await waitUntil(
      async () => child.exitCode === null && (await readiness(replica)) === 200,
      `replica on ${port} ready`,
      readyWithinMs,
    );
  } catch (error) {
    // One that never became ready is killed now: it may not answer SIGTERM the way a ready one does.
    child.kill("SIGKILL");
    throw error;
  }
  return replica;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** nginx in front of the given replica ports; its address. */
async function startNginx(ports: number[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "fleet-suite-"));
  const port = await freePort();
  const config = writeNginxConfig(
    dir,
    `  upstream site {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      # A connection refused or closed before an answer goes to the next replica, posts too: every form
      # carries an idempotency key, so a post a stopping replica did take is not done twice (decision 0034).
      proxy_next_upstream error timeout non_idempotent;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`,
  );
  balancers.push(
    spawn(nginxPath()!, ["-p", dir, "-c", config, "-e", `${dir}/error.log`], {
      stdio: "ignore",
    }),
  );
  const url = `http://localhost:${port}`;
  await waitUntil(async () => (await fetch(`${url}/health`)).ok, "nginx");
  return url;
}

function ask(marker: string, through = site, from = "10.9.9.9") {
  return fetch(`${through}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": from,
    },
    body: new URLSearchParams(contactQuestion(marker)),
  });
}

/** The reference upstream's outbox, each mail as its JSON text. */
async function mailbox(): Promise<string[]> {
  const answer: unknown = await (
    await fetch(`${upstream.url}/dev/mailbox.json`)
  ).json();
  const list = Array.isArray(answer)
    ? answer
    : (Object.values(answer as object).find(Array.isArray) ?? []);
  return (list as unknown[]).map((mail) => JSON.stringify(mail));
}

const skip = !nginxPath() || !REDIS_SERVER;
if (skip)
  console.log("nginx or redis-server is not installed: fleet suite SKIPPED");

describe.skipIf(skip)("three replicas behind nginx", () => {
  beforeAll(async () => {
    redis = await startRedis();
    upstream = await startUpstream({ port: await freePort() });
    upstreamDb = upstream.db;
    replicaEnv = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      UPSTREAM_URL: upstream.url,
      UPSTREAM_API_KEY: "demo-api-key",
      SESSION_SECRET: "fleet-suite-session-secret-0123456789",
      MAINTENANCE: "false",
      // nginx and, before it, a network that tells its visitors apart (the load's many addresses).
      TRUST_PROXY: "2",
      RATE_LIMIT_MESSAGES: String(QUESTIONS_PER_MINUTE),
      RATE_LIMIT_POSTS: "0",
      RATE_LIMIT_REDIS_URL: redis.url,
      SHUTDOWN_DRAIN_SECONDS: "1",
    };
    const ports = await Promise.all(
      [0, 1, 2].map(async () => [await freePort(), await freePort()] as const),
    );
    replicas.push(
      ...(await Promise.all(
        ports.map(([app, metrics]) => startReplica(app, metrics)),
      )),
    );
    site = await startNginx(replicas.map((replica) => replica.port));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(balancers.map(stop));
    await Promise.all(spawned.map(stop));
    await upstream?.stop();
    await redis?.stop();
  });

  it("keeps a visitor's session whichever replica answers: day, school, registration, a workshop in the cart", async () => {
    // Round robin: each of these requests reaches another replica than the one before.
    const visitor = await flowVisitor(site);
    const added = await fetch(`${site}/workshop/${visitor.slug}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: visitor.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ round: "1" }),
    });
    expect(added.status).toBe(302);
    const cookie = mergeCookies(visitor.cookie, added.headers.getSetCookie());
    for (let i = 0; i < replicas.length; i++) {
      const form = await fetch(`${site}/inschrijving-afronden`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(form.status).toBe(200);
      expect(await form.text()).toContain(
        decodeURIComponent(visitor.slug).slice(0, 3),
      );
    }
  }, 60_000);

  it("brings an open workshop page a seat taken through another replica, through nginx, within seconds", async () => {
    // Visitor A follows the workshop's seats as its open page does; visitor B takes one. Round robin: A's reads
    // and B's post reach different replicas, each with its own shared read.
    const a = await flowVisitor(site);
    const b = await flowVisitor(site);
    const places = `${site}/workshop/${a.slug}/plaatsen`;
    const read = async () => {
      const answer = await fetch(places, { headers: { cookie: a.cookie } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.getSetCookie()).toEqual([]);
      const body = (await answer.json()) as {
        availability: { round: number; seatsLeft?: number | null }[];
      };
      return body.availability;
    };
    const open = (await read()).find((entry) => (entry.seatsLeft ?? 0) > 0);
    expect(open, "a round with a free seat").toBeDefined();
    const taken = await fetch(`${site}/workshop/${b.slug}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: b.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ round: String(open!.round) }),
    });
    expect(taken.status).toBe(302);
    await waitUntil(async () => {
      const entry = (await read()).find((e) => e.round === open!.round);
      return entry?.seatsLeft === open!.seatsLeft! - 1;
    }, "the taken seat through nginx");
  }, 60_000);

  it("takes registrations sent step by step across the replicas, each stored once", async () => {
    // Each student's requests go round the replicas: Home, day, school, workshop pages, cart, final form, send.
    const rush = await runRush({
      appUrl: site,
      students: 3,
      concurrency: 3,
      runId: "fleet",
    });
    expect(rush.failed).toEqual([]);
    expect(rush.serverErrors).toBe(0);
    expect(rush.completed.length + rush.noSeat).toBe(3);
    expect(rush.completed.length).toBeGreaterThan(0);
    const stored = checkUpstream(upstreamDb, rush.completed);
    expect(stored.lost).toEqual([]);
    expect(stored.duplicated).toEqual([]);
  }, 60_000);

  it(`refuses the question after ${QUESTIONS_PER_MINUTE} from one address in a minute, whichever replica answers`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= QUESTIONS_PER_MINUTE; i++)
      statuses.push((await ask(`limit-${i}`)).status);
    expect(statuses).toEqual([...Array(QUESTIONS_PER_MINUTE).fill(302), 429]);
  }, 60_000);

  it(`without RATE_LIMIT_REDIS_URL, counts per replica: ${QUESTIONS_PER_MINUTE} questions a minute at each`, async () => {
    const own = await Promise.all(
      [0, 1, 2].map(async () =>
        startReplica(await freePort(), await freePort(), {
          sharedLimits: false,
        }),
      ),
    );
    try {
      const through = await startNginx(own.map((replica) => replica.port));
      const statuses: number[] = [];
      // Round robin: each replica sees a third of them, so the limit is reached at each only after three times it.
      for (let i = 0; i <= own.length * QUESTIONS_PER_MINUTE; i++)
        statuses.push((await ask(`apart-${i}`, through, "10.8.8.8")).status);
      expect(statuses).toEqual([
        ...Array(own.length * QUESTIONS_PER_MINUTE).fill(302),
        429,
      ]);
    } finally {
      await Promise.all(own.map((replica) => stop(replica.child)));
    }
  }, 60_000);

  it("leaves no replica running when one never becomes ready", async () => {
    // An upstream nobody listens at: the replica serves, but its readiness stays 503.
    const before = spawned.length;
    await expect(
      startReplica(await freePort(), await freePort(), {
        readyWithinMs: 3_000,
        extraEnv: { UPSTREAM_URL: `http://127.0.0.1:${await freePort()}` },
      }),
    ).rejects.toThrow(/not within 3 s/);
    const child = spawned[before]!;
    await expect
      .poll(() => child.exitCode !== null || child.signalCode !== null)
      .toBe(true);
  }, 30_000);

  it("counts every request in the replicas' metrics, which parse as Prometheus text", async () => {
    const scrape = async () =>
      Promise.all(
        replicas.map(async (replica) =>
          parseMetrics(
            await (
              await fetch(`http://127.0.0.1:${replica.metricsPort}/metrics`)
            ).text(),
          ),
        ),
      );
    const total = (all: Awaited<ReturnType<typeof scrape>>) =>
      all.reduce(
        (sum, metrics) =>
          sum +
          counterSum(metrics, "http_requests_total", { route: "/contact" }),
        0,
      );
    const before = await scrape();
    const sent = 12;
    for (let i = 0; i < sent; i++)
      expect((await fetch(`${site}/contact`)).status).toBe(200);
    // A replica counts a request once its answer is sent, which can be just after the client has read it: wait
    // for the count rather than read it at once.
    await expect
      .poll(async () => total(await scrape()) - total(before), {
        timeout: 10_000,
      })
      .toBe(sent);
    const after = await scrape();
    // Spread over all three.
    for (let i = 0; i < replicas.length; i++)
      expect(
        counterSum(after[i]!, "http_requests_total", { route: "/contact" }) -
          counterSum(before[i]!, "http_requests_total", { route: "/contact" }),
      ).toBeGreaterThan(0);
  }, 60_000);

  it("restarts each replica in turn under steady load with no 5xx, no connection error, and every question stored once", async () => {
    // Questions from many addresses, as visitors behind their own networks (the proxy appends the real one).
    let running = true;
    const statuses: number[] = [];
    const errors: unknown[] = [];
    const markers: string[] = [];
    const load = async (lane: number) => {
      for (let i = 0; running; i++) {
        const marker = `roll-${lane}-${i}`;
        try {
          const page = await fetch(`${site}/`);
          statuses.push(page.status);
          await page.arrayBuffer();
          const answer = await fetch(`${site}/contact`, {
            method: "POST",
            redirect: "manual",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "x-forwarded-for": `10.0.${lane}.${i % 250}`,
            },
            body: new URLSearchParams({
              ...contactQuestion(marker),
              // As the contact form sends it (decision 0018).
              idempotencyKey: randomUUID(),
            }),
          });
          statuses.push(answer.status);
          if (answer.status === 302) markers.push(marker);
        } catch (error) {
          errors.push(error);
        }
      }
    };
    const started = Date.now();
    const lanes = [0, 1, 2, 3].map(load);
    for (let i = 0; i < replicas.length; i++) {
      const old = replicas[i]!;
      const exited = stop(old.child);
      await waitUntil(
        async () => (await readiness(old)) === 503,
        "503 while draining",
      ).catch(
        // It may have drained and stopped between two looks.
        () => {},
      );
      await exited;
      replicas[i] = await startReplica(old.port, old.metricsPort);
    }
    // The load lasts at least 30 s, the restarts within it.
    while (Date.now() - started < 30_000)
      await new Promise((done) => setTimeout(done, 200));
    running = false;
    await Promise.all(lanes);

    expect(errors).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(markers.length).toBeGreaterThan(0);
    // Each question the site accepted reached the organisers in exactly one mail (once the last has been written).
    await expect
      .poll(
        async () => {
          const written = await mailbox();
          return markers.every((marker) =>
            written.some((mail) => mail.includes(`Vraag ${marker}:`)),
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const mails = await mailbox();
    for (const marker of markers)
      expect(
        mails.filter((mail) => mail.includes(`Vraag ${marker}:`)).length,
        marker,
      ).toBe(1);
  }, 120_000);
});
