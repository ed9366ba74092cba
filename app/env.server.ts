/**
 * The web app's configuration, read once from the environment and validated.
 * A bad value stops the server at start-up with a message naming the variable.
 * README.md lists every variable with its default.
 */
import { z } from "zod";
import { parseMaintenanceEnd } from "~/middleware/maintenance.server";
import { SITE_NAMES } from "~/upstream/contract";

const list = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const flag = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((value) => ["true", "1", "on", "yes"].includes(value));

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
  /** Host sub-names (first label of the host) the site answers for. */
  ALLOWED_HOSTS: list
    .pipe(z.array(z.string().min(1)).min(1))
    .default([...SITE_NAMES]),
  /** Where visitors of any other host are sent. */
  PROVIDER_SITE_URL: z.url().default("https://www.example.com/"),
  /** Trust X-Forwarded-Host / -Proto / -For from the reverse proxy in front of the app. */
  TRUST_PROXY: flag.default(false),
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
});

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string[] };

const DEV_SESSION_SECRET = "development-only-session-secret-not-for-production";

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
  if (!env.SESSION_SECRET) {
    if (
      env.NODE_ENV === "production" &&
      source.ALLOW_DEV_SESSION_SECRET !== "true"
    ) {
      throw new Error(
        "Invalid configuration:\n  SESSION_SECRET: required in production (16 characters or more)",
      );
    }
    return { ...env, SESSION_SECRET: [DEV_SESSION_SECRET] };
  }
  return { ...env, SESSION_SECRET: env.SESSION_SECRET };
}

let cached: Env | undefined;

/** The validated configuration of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
