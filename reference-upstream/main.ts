/**
 * `npm run upstream`: the reference upstream with the demo data. `--reset` wipes the database and seeds it
 * again (the demo's dates count from the seeding day). Environment: see config.ts.
 */
import { parseUpstreamEnv } from "./config";
import { buildDemoData } from "./demo/data";
import { renderMedia } from "./demo/media";
import { createSmtpTransport } from "./mail";
import { createUpstreamServer } from "./server";

const env = parseUpstreamEnv(process.env);

/**
 * One JSON line, as the site's server writes them: `npm start` shows this process's output among the site's, and
 * a log collector reads both alike.
 */
function log(message: string, fields: Record<string, unknown> = {}) {
  console.log(
    JSON.stringify({ time: new Date().toISOString(), message, ...fields }),
  );
}

/** Starts the server; a port it cannot take ends the process with one line that says what to do. */
async function start(options: Parameters<typeof createUpstreamServer>[0]) {
  try {
    return await createUpstreamServer(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EADDRINUSE" && code !== "EACCES") throw error;
    log("cannot listen", {
      level: "error",
      error: (error as Error).message,
      port: options?.port,
      hint:
        code === "EADDRINUSE"
          ? `Another program is listening on port ${options?.port}: stop it, or choose another port with UPSTREAM_PORT.`
          : `Port ${options?.port} needs privileges this process does not have: choose one above 1023 with UPSTREAM_PORT.`,
    });
    process.exit(1);
  }
}

const server = await start({
  log: (line) => log(line, { level: "error" }),
  port: env.UPSTREAM_PORT,
  host: env.UPSTREAM_HOST,
  db: env.UPSTREAM_DB,
  reset: process.argv.includes("--reset"),
  data: buildDemoData,
  apiKey: env.UPSTREAM_API_KEY,
  draftTtlMinutes: env.DRAFT_TTL_MINUTES,
  tokenTtlMinutes: env.TOKEN_TTL_MINUTES,
  siteUrlTemplate: env.SITE_URL_TEMPLATE,
  latencyMs: env.UPSTREAM_LATENCY_MS,
  seatCheckDelayMs: env.UPSTREAM_SEAT_CHECK_DELAY_MS,
  mailFrom: env.MAIL_FROM,
  mailTransport: env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : undefined,
  renderMedia,
  testHooks: env.UPSTREAM_TEST_HOOKS === "1",
  waitlist: env.UPSTREAM_WAITLIST === "1",
});

log(`Reference upstream on ${server.url}`, {
  url: server.url,
  api: `${server.url}/v1`,
  mailbox: `${server.url}/dev/mailbox`,
  database: env.UPSTREAM_DB,
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log("the reference upstream did not stop cleanly", {
          level: "error",
          error: error instanceof Error ? error.message : String(error),
        });
        process.exit(1);
      },
    );
  });
}
