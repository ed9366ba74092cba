/**
 * `npm run bench:contact`: the contact form under load (BENCH_CONNECTIONS, default 200), and proof that the
 * upstream stores each question exactly once. Each of BENCH_VISITORS visitors (default 1000) opens /contact for
 * the idempotency key the page renders (and a session cookie, when the page sets one), then posts its question twice, the two
 * copies side by side, as a double click or a resubmit after a timeout would. The app runs without its per-address
 * rate limit (every post comes from 127.0.0.1). Record the figures in docs/benchmarks.md.
 */
import autocannon from "autocannon";
import { DatabaseSync } from "node:sqlite";
import { startBenchServers } from "./bench-servers";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const visitorCount = Number(process.env.BENCH_VISITORS ?? 1000);
const COPIES = 2;
const PREPARE_IN_PARALLEL = 20;
const KEY_FIELD = /name="idempotencyKey" value="([0-9a-f-]{36})"/;

interface Visitor {
  cookie: string;
  message: string;
  body: string;
}

/** A visitor opens the contact page: the key in the form, its session cookie if any, a question of its own. */
async function openContactPage(
  appUrl: string,
  index: number,
  run: string,
): Promise<Visitor> {
  const page = await fetch(`${appUrl}/contact`);
  const key = KEY_FIELD.exec(await page.text())?.[1];
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // A first view sets no cookie when the page comes from the site cache; the post then starts the session.
  if (!page.ok || !key)
    throw new Error(`GET /contact: ${page.status}, no key in the form`);
  const message = `Benchvraag ${index} van run ${run}`;
  const body = new URLSearchParams({
    name: `Bezoeker ${index}`,
    email: `bezoeker-${index}-${run}@example.nl`,
    school: "",
    klas: "",
    questionAbout: "Overig",
    message,
    website: "",
    idempotencyKey: key,
  }).toString();
  return { cookie, message, body };
}

const servers = await startBenchServers({
  RATE_LIMIT_MESSAGES: "0",
  RATE_LIMIT_VISITOR_MESSAGES: "0",
});
let failed = false;
try {
  const run = Date.now().toString(36);
  const visitors: Visitor[] = [];
  for (let start = 0; start < visitorCount; start += PREPARE_IN_PARALLEL) {
    const batch = Array.from(
      { length: Math.min(PREPARE_IN_PARALLEL, visitorCount - start) },
      (_, i) => openContactPage(servers.appUrl, start + i, run),
    );
    visitors.push(...(await Promise.all(batch)));
  }

  const rssBefore = servers.rssMb();
  let sent = 0;
  const result = await autocannon({
    url: `${servers.appUrl}/contact`,
    connections,
    amount: visitorCount * COPIES,
    timeout: 60,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          // Request n is copy n % 2 of visitor n / 2: both copies of a question are in flight together.
          const visitor = visitors[Math.floor(sent++ / COPIES) % visitorCount]!;
          return {
            ...request,
            headers: {
              ...request.headers,
              cookie: visitor.cookie,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: visitor.body,
          };
        },
      },
    ],
  });
  const rssAfter = servers.rssMb();

  const db = new DatabaseSync(servers.upstreamDb, { readOnly: true });
  const stored = new Map(
    (
      db
        .prepare(
          "SELECT message, COUNT(*) AS n FROM support_questions GROUP BY message",
        )
        .all() as { message: string; n: number }[]
    ).map((row) => [row.message, row.n]),
  );
  db.close();
  const counts = visitors.map((visitor) => stored.get(visitor.message) ?? 0);
  const once = counts.filter((n) => n === 1).length;
  const twice = counts.filter((n) => n > 1).length;
  const missing = counts.filter((n) => n === 0).length;

  const answered = result["2xx"] + result["3xx"];
  const otherStatuses = result["1xx"] + result["4xx"] + result["5xx"];
  const errors = result.errors + result.timeouts;
  console.log(
    `\nContact form: ${visitorCount} visitors × ${COPIES} posts, ${connections} connections, Node ${process.version}`,
  );
  console.table([
    {
      posts: result.requests.total,
      seconds: result.duration,
      "req/s": Math.round(result.requests.total / result.duration),
      "p50 ms": result.latency.p50,
      "p97.5 ms": result.latency.p97_5,
      "p99 ms": result.latency.p99,
      "2xx/3xx": answered,
      "non-2xx/3xx": otherStatuses,
      errors,
      "RSS before MB": rssBefore,
      "RSS after MB": rssAfter,
    },
  ]);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status} × ${count ?? 0}`)
    .join(", ");
  console.log(`Answers: ${statuses}.`);
  console.log(
    `Questions stored once: ${once}, more than once: ${twice}, not at all: ${missing} (of ${visitorCount}).`,
  );
  // A question may be missing only if none of its posts got an answer; none may be stored twice.
  failed = twice > 0 || (missing > 0 && otherStatuses + errors === 0);
  if (failed) console.error("FAILED: a question was not stored exactly once.");
} finally {
  servers.stop();
}
process.exit(failed ? 1 : 0);
