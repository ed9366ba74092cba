/**
 * The web app's configuration, read once from the environment and validated.
 * A bad value stops the server at start-up with a message naming the variable.
 * docs/configuration.md lists every variable with its default.
 */
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { parseMaintenanceEnd } from "~/lib/maintenance.server";
import { SITE_NAMES } from "#contract";

const list = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const flag = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((value) => ["true", "1", "on", "yes"].includes(value));

/** Express's own names for address ranges in `trust proxy`. */
const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];

function isAddressOrRange(value: string): boolean {
  if (NAMED_RANGES.includes(value)) return true;
  const [address = "", bits, ...rest] = value.split("/");
  if (rest.length > 0 || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY with the meaning of Express's `trust proxy`, except that "true" means one proxy in front of the app
 * (Express's `true` would trust every hop, so a client could choose its own address): false, a number of hops, or
 * a comma list of the proxies' addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim().toLowerCase();
    if (["false", "no", "off", "0"].includes(text)) return false;
    if (["true", "yes", "on"].includes(text)) return 1;
    if (/^\d+$/.test(text)) return Number(text);
    const proxies = text
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (proxies.length === 0 || !proxies.every(isAddressOrRange)) {
      ctx.addIssue({
        code: "custom",
        message:
          "true, false, a number of proxy hops, or a comma list of proxy addresses / CIDR ranges",
      });
      return z.NEVER;
    }
    return proxies;
  });

const count = z.coerce.number().int().min(0);

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"])
    .default("development"),
  /** Base URL of the upstream API, without the /v1 version path. */
  UPSTREAM_URL: z.url().default("http://127.0.0.1:3001"),
  UPSTREAM_API_KEY: z.string().min(1).default("demo-api-key"),
  /** Secrets signing the session cookie, comma-separated; the first signs, all verify (rotation). */
  SESSION_SECRET: list
    .pipe(
      z
        .array(
          z.string().min(16, "each session secret needs 16 characters or more"),
        )
        .min(1),
    )
    .optional(),
  /**
   * The hosts the site answers for: sub-names under SITE_DOMAIN ("venlo" → venlo.SITE_DOMAIN), or full host
   * names. The first label of the host names the site.
   */
  ALLOWED_HOSTS: list
    .pipe(z.array(z.string().min(1)).min(1))
    .default([...SITE_NAMES]),
  /** The domain the sub-names of ALLOWED_HOSTS live under, e.g. "opendagen.nl". */
  SITE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, "a domain name, e.g. opendagen.nl")
    .default("localhost"),
  /** Where visitors of any other host are sent. */
  PROVIDER_SITE_URL: z.url().default("https://www.example.com/"),
  /** Address and port the server listens on (server/main.ts). */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Server processes (node:cluster workers sharing PORT) per instance; default: the cores this process may use.
   * 1 serves from a single process.
   */
  WEB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => availableParallelism()),
  /** Port of the metrics listener (GET /metrics, Prometheus text format); not set: no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * Address of the metrics listener, which has no authentication: loopback unless set, so only this machine can
   * scrape it. The Docker image sets 0.0.0.0: inside a container loopback is out of every scraper's reach, and
   * only the ports the container publishes are reachable from outside (decision 0051).
   */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Which reverse proxies may set X-Forwarded-Host / -Proto / -For (see trustProxy). */
  TRUST_PROXY: trustProxy.default(false),
  /** Largest request body accepted, in KiB (forms are small; anything bigger is refused with 413). */
  BODY_LIMIT_KB: count.default(64),
  /**
   * The rate limits (server/rate-limits.ts, decision 0075); 0 = no limit. Per client address per minute, a ceiling
   * sized for several classes registering at once from one computer room: posts that send mail or reach people
   * ('Versturen', login requests, questions, the resend), and all other posts.
   */
  RATE_LIMIT_MESSAGES: count.default(240),
  RATE_LIMIT_POSTS: count.default(1200),
  /** The same per visitor (the session's anonymous id) per minute: one person's budget. */
  RATE_LIMIT_VISITOR_MESSAGES: count.default(10),
  RATE_LIMIT_VISITOR_POSTS: count.default(60),
  /** The browser's error reports (POST /fouten) per client address per minute. */
  RATE_LIMIT_REPORTS: count.default(30),
  /** 'Versturen' answered "already registered" (409) per client address per hour; beyond it, every 'Versturen' waits. */
  RATE_LIMIT_LOOKUPS: count.default(10),
  /** Redis (redis://…) where every replica counts the rate limits; not set: each counts its own. */
  RATE_LIMIT_REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "a redis:// or rediss:// URL" })
    .optional(),
  /**
   * Every request's deadline for its upstream calls, retries included (ms): reverse proxies give up at about
   * 60 s, so a page says the spec's message well before that however the upstream misbehaves.
   */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Each upstream call's own timeout (ms), the spec's 20 s; retries of a call that got no answer follow it. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /**
   * How long what every visitor of a site sees alike (settings, page texts, logos, locations, the day list) is
   * kept before it is asked again; it may then be shown up to twice as long again while it refreshes. 0 = always ask.
   */
  SITE_CACHE_SECONDS: count.default(30),
  /**
   * How long a day's workshops, with their seats, are shared by every visitor of the day and school before they are
   * asked again (decision 0072): the seats another student took or freed show within this. 0 = always ask.
   */
  SEATS_CACHE_SECONDS: count.default(5),
  /**
   * How long a stopping server waits for requests in progress: below the 10 s container runtimes give between
   * SIGTERM and SIGKILL (docker stop, Kubernetes), so the server cuts what is left itself, and logs it.
   */
  SHUTDOWN_TIMEOUT_SECONDS: count.default(8),
  /**
   * After SIGTERM, how long the server keeps taking requests while /health/ready says 503, so a balancer that
   * polls it stops sending visitors first; part of SHUTDOWN_TIMEOUT_SECONDS, not added to it.
   */
  SHUTDOWN_DRAIN_SECONDS: count.default(2),
  MAINTENANCE: flag.default(true),
  /** End of maintenance, local time in Europe/Amsterdam (or an ISO date-time with offset). */
  MAINTENANCE_END: z
    .string()
    .default("2025-10-01T00:00")
    .refine((value) => {
      try {
        parseMaintenanceEnd(value);
        return true;
      } catch {
        return false;
      }
    }, "a date-time like 2025-10-01T00:00 (Europe/Amsterdam) or an ISO date-time with offset"),
  /** The one IP address that may pass the maintenance page. */
  MAINTENANCE_BYPASS_IP: z.string().optional(),
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  /** The browser's error reports sent on to Sentry per minute, by the whole server (all its workers); 0 = no cap. */
  ERROR_REPORTS_PER_MINUTE: count.default(60),
});

const UPSTREAM_SETTINGS = ["UPSTREAM_URL", "UPSTREAM_API_KEY"] as const;

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string[] };

export const DEV_SESSION_SECRET =
  "development-only-session-secret-not-for-production";

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty variables as unset, as docker-compose and shells often pass them.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(
      ([, value]) => value !== undefined && value !== "",
    ),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = result.data;
  // The defaults are the demo's own upstream and key: a production server without them would talk to nothing,
  // or to whatever listens on the default port, while looking healthy. The demo (`npm start`) sets both itself.
  if (env.NODE_ENV === "production") {
    const missing = UPSTREAM_SETTINGS.filter((name) => !(name in cleaned));
    if (missing.length > 0)
      throw new Error(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required in production`).join("\n")}`,
      );
  }
  // The development secret is public (it is in this file): a production build uses it only when told to, as the
  // demo (`npm start` without UPSTREAM_URL) does.
  const devSecretAllowed =
    env.NODE_ENV !== "production" || source.ALLOW_DEV_SESSION_SECRET === "true";
  if (!env.SESSION_SECRET) {
    if (!devSecretAllowed) {
      throw new Error(
        "Invalid configuration:\n  SESSION_SECRET: required in production (16 characters or more)",
      );
    }
    return { ...env, SESSION_SECRET: [DEV_SESSION_SECRET] };
  }
  if (env.SESSION_SECRET.includes(DEV_SESSION_SECRET) && !devSecretAllowed) {
    throw new Error(
      "Invalid configuration:\n  SESSION_SECRET: the public development secret cannot be used in production",
    );
  }
  return { ...env, SESSION_SECRET: env.SESSION_SECRET };
}

let cached: Env | undefined;

/** The validated configuration of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
