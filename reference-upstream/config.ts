/**
 * The reference upstream's configuration from the environment, validated; a bad value stops the start
 * with a message naming the variable.
 */
import { z } from "zod";

const minutes = z.coerce.number().int().positive();

const EnvSchema = z.object({
  UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  UPSTREAM_HOST: z.string().min(1).default("127.0.0.1"),
  UPSTREAM_API_KEY: z.string().min(1).default("demo-api-key"),
  UPSTREAM_DB: z.string().min(1).default("data/upstream.sqlite"),
  /** How long an unconfirmed registration holds its seats after its last change (decision 0065). */
  DRAFT_TTL_MINUTES: minutes.default(30),
  TOKEN_TTL_MINUTES: minutes.default(60),
  /** e.g. smtp://user:pass@mail.example.nl:587; unset means mail only goes to the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(1).default("Open dag <no-reply@localhost>"),
  SITE_URL_TEMPLATE: z
    .string()
    .includes("{", { message: "needs a {host} or {name} placeholder" })
    .default("http://{host}:3000"),
  UPSTREAM_LATENCY_MS: z.coerce.number().int().min(0).default(0),
  /** Test only: widens the race window when taking a seat (see the concurrency tests). */
  UPSTREAM_SEAT_CHECK_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(0),
  /** "0" answers as an upstream without a waiting list does (404 on its calls, no seat counts): decision 0023. */
  UPSTREAM_WAITLIST: z.enum(["0", "1"]).default("1"),
  /** Test only: "1" serves the dev route that adds workshops (app.ts, testHooks). Never set in a deployment. */
  UPSTREAM_TEST_HOOKS: z.enum(["0", "1"]).default("0"),
});

export type UpstreamEnv = z.infer<typeof EnvSchema>;

export function parseUpstreamEnv(
  source: Record<string, string | undefined>,
): UpstreamEnv {
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
    throw new Error(`Invalid upstream configuration:\n${problems}`);
  }
  return result.data;
}
