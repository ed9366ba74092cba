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

const server = await createUpstreamServer({
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

console.log(
  `Reference upstream on ${server.url} (API ${server.url}/v1, mailbox ${server.url}/dev/mailbox, database ${env.UPSTREAM_DB})`,
);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
