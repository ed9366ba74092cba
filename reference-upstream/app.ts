/**
 * The reference upstream's HTTP layer (Hono): every call of the contract's ENDPOINTS table, with the API key,
 * site and payload checks in one place, plus the unauthenticated dev routes (health, media, mailbox).
 */
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { Transporter } from "nodemailer";
import {
  API_BASE_PATH,
  ENDPOINTS,
  ANSWER_HEADERS,
  HEADERS,
  HashAnswerSchema,
  IdempotencyKeySchema,
} from "#contract";
import type { EndpointName } from "#contract";
import { addTestWorkshop } from "./db";
import type { Db } from "./db";
import { createReplays, fingerprint } from "./idempotency";
import type { Answer as SentAnswer } from "./idempotency";
import { listMailbox, Mailer, renderMailboxPage } from "./mail";
import { createService, HttpError, NO_CONTENT } from "./service/index";
import type { NoContent, Service, SiteRow } from "./service/index";

export type MediaRenderer = (
  path: string,
) => { contentType: string; body: string | Buffer } | null;

export interface AppOptions {
  apiKey?: string;
  draftTtlMinutes?: number;
  tokenTtlMinutes?: number;
  /** Web app URL of a site for links in mail: `{host}` is "localhost" or "{name}.localhost", `{name}` the site name. */
  siteUrlTemplate?: string;
  /** The clock; tests move it to expire drafts and tokens. */
  now?: () => Date;
  /** Artificial delay before every API answer, for testing slow upstreams. */
  latencyMs?: number;
  /** Test only: see ServiceConfig.seatCheckDelayMs. */
  seatCheckDelayMs?: number;
  /** Offers the waiting list (ServiceConfig.waitlist); on unless false. */
  waitlist?: boolean;
  renderMedia?: MediaRenderer;
  /**
   * Test only: serves POST /dev/test/workshop, which adds a workshop with the given seats to a day (end-to-end
   * tests that need seats of their own). Off unless UPSTREAM_TEST_HOOKS=1.
   */
  testHooks?: boolean;
  rateLimit?: { max: number; windowMinutes: number };
  mailFrom?: string;
  /** Sends mail besides writing it to the outbox (nodemailer SMTP transport in main.ts). */
  mailTransport?: Transporter;
  log?: (line: string) => void;
}

export function siteUrlFrom(template: string) {
  return (name: string) =>
    template
      .replaceAll(
        "{host}",
        name === "localhost" ? "localhost" : `${name}.localhost`,
      )
      .replaceAll("{name}", name);
}

type Endpoints = typeof ENDPOINTS;
type Answer<N extends EndpointName> = z.infer<Endpoints[N]["answer"]>;
type Body<N extends EndpointName> = Endpoints[N] extends {
  body: infer B extends z.ZodType;
}
  ? z.infer<B>
  : undefined;
type Query<N extends EndpointName> = Endpoints[N] extends {
  query: infer Q extends z.ZodType;
}
  ? z.infer<Q>
  : undefined;

interface Call<N extends EndpointName> {
  site: SiteRow;
  body: Body<N>;
  query: Query<N>;
  params: Record<string, string>;
  /** The x-registration-id header, or null. */
  registrationId: string | null;
  anonymousId: string | null;
}

type Handlers = {
  [N in EndpointName]: (call: Call<N>) => Answer<N> | NoContent;
};

function handlers(service: Service): Handlers {
  return {
    settings: ({ site }) => service.settings(site),
    page: ({ site, params }) => service.page(site, params.slug!),
    registrationHash: () => ({ hash: service.newRegistrationId() }),
    registration: ({ site, registrationId }) =>
      service.registration(site, registrationId),
    orientationDays: ({ site }) => service.availableDays(site),
    schoolLogos: ({ site }) => service.schoolLogos(site),
    schools: ({ site, query }) => service.schools(site, query.orientationDay),
    requestLogin: ({ site, body, anonymousId }) =>
      service.requestLogin(site, body, anonymousId),
    login: ({ site, body }) => service.login(site, body.token),
    confirm: ({ site, body }) => service.confirm(site, body.token),
    create: ({ site, body, registrationId, anonymousId }) => {
      // The id is the client's secret; refuse anything shorter than the ids this service hands out.
      const id = HashAnswerSchema.shape.hash.safeParse(registrationId);
      if (!id.success)
        throw new HttpError(
          400,
          "invalid registration id",
          `send the id from /registration/hash in ${HEADERS.registrationId}`,
        );
      return service.create(site, id.data, anonymousId, body);
    },
    addSchool: ({ site, body, registrationId }) =>
      service.addSchool(site, registrationId, body.school),
    removeSchool: ({ site, registrationId }) =>
      service.removeSchool(site, registrationId),
    update: ({ site, body, registrationId }) =>
      service.update(site, registrationId, body.choices),
    pendingConfirmation: ({ site, body, registrationId }) =>
      service.pendingConfirmation(site, registrationId, body),
    resendConfirmation: ({ site, registrationId }) =>
      service.resendConfirmation(site, registrationId),
    delete: ({ site, registrationId }) => service.remove(site, registrationId),
    waitlistJoin: ({ site, body, registrationId }) =>
      service.waitlistJoin(site, registrationId, body),
    waitlistLeave: ({ site, body, registrationId }) =>
      service.waitlistLeave(site, registrationId, body),
    workshops: ({ site, registrationId }) =>
      service.workshops(site, registrationId),
    workshop: ({ site, params, registrationId }) =>
      service.workshop(site, registrationId, params.slug!),
    availability: ({ site, params, registrationId }) =>
      service.workshopAvailability(site, registrationId, params.slug!),
    workshopImages: ({ site, body }) =>
      service.workshopImages(site, body.workshop),
    supportCreate: ({ site, body }) => service.supportCreate(site, body),
    locations: ({ site }) => service.locations(site),
  };
}

const TestWorkshopSchema = z.object({
  orientationDay: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/),
  display: z.string().min(1).max(100),
  /** Seats per round number. */
  seats: z.record(z.string().regex(/^\d+$/), z.number().int().min(0)),
});

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** "venlo.localhost:3000" → "venlo"; "localhost:3000" → "localhost". */
export function siteNameOf(host: string): string {
  return host.trim().toLowerCase().split(":")[0]!.split(".")[0]!;
}

function errorBody(error: string, detail?: string) {
  return detail === undefined ? { error } : { error, detail };
}

function problem(
  c: Context,
  status: HttpError["status"] | 500,
  error: string,
  detail?: string,
) {
  return c.json(errorBody(error, detail), status);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

export interface UpstreamApp {
  app: Hono;
  service: Service;
  mailer: Mailer;
}

export function createApp(db: Db, options: AppOptions = {}): UpstreamApp {
  const apiKey = options.apiKey ?? "demo-api-key";
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  const mailer = new Mailer(db, {
    from: options.mailFrom ?? "Open dag <no-reply@localhost>",
    transport: options.mailTransport,
    now,
    log,
  });
  const service = createService(db, {
    draftTtlMinutes: options.draftTtlMinutes ?? 30,
    tokenTtlMinutes: options.tokenTtlMinutes ?? 60,
    siteUrl: siteUrlFrom(options.siteUrlTemplate ?? "http://{host}:3000"),
    now,
    rateLimit: options.rateLimit ?? { max: 5, windowMinutes: 15 },
    mailer,
    seatCheckDelayMs: options.seatCheckDelayMs,
    waitlist: options.waitlist ?? true,
  });
  const handle = handlers(service);
  const once = createReplays(db, now);
  const app = new Hono();

  app.get("/health", (c) => c.json({ ok: true }));

  app.get("/media/*", (c) => {
    const media = options.renderMedia?.(c.req.path) ?? null;
    if (!media) return problem(c, 404, "not found");
    const body =
      typeof media.body === "string" ? media.body : new Uint8Array(media.body);
    return c.body(body, 200, {
      "content-type": media.contentType,
      "cache-control": "public, max-age=86400",
    });
  });

  app.get("/dev/mailbox", (c) =>
    c.html(renderMailboxPage(listMailbox(db, c.req.query("to")))),
  );
  app.get("/dev/mailbox.json", (c) =>
    c.json(listMailbox(db, c.req.query("to"))),
  );

  if (options.testHooks) {
    app.post("/dev/test/workshop", async (c) => {
      const parsed = TestWorkshopSchema.safeParse(
        await c.req.json().catch(() => null),
      );
      if (!parsed.success)
        return problem(c, 400, "invalid body", describeIssues(parsed.error));
      const { orientationDay, slug, display, seats } = parsed.data;
      const id = addTestWorkshop(db, orientationDay, { slug, display, seats });
      if (id === null)
        return problem(
          c,
          404,
          "unknown orientation day",
          `no day ${orientationDay}`,
        );
      return c.json({ id, slug }, 200);
    });
    // Lets a registration go as its link's time running out would (a sent one changes through no call of the client's).
    app.post("/dev/test/expire", async (c) => {
      const body = z
        .object({ registrationId: z.string().min(1) })
        .safeParse(await c.req.json().catch(() => null));
      if (!body.success)
        return problem(c, 400, "invalid body", describeIssues(body.error));
      db.prepare("UPDATE registrations SET expires_at = ? WHERE id = ?").run(
        now().getTime(),
        body.data.registrationId,
      );
      return c.body(null, 204);
    });
  }

  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const endpoint: (typeof ENDPOINTS)[EndpointName] = ENDPOINTS[name];
    const route = API_BASE_PATH + endpoint.path.replace(/\{(\w+)\}/g, ":$1");
    app.on(endpoint.method, route, async (c) => {
      if (options.latencyMs)
        await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (!sameSecret(c.req.header(HEADERS.apiKey), apiKey))
        return problem(
          c,
          401,
          "unauthorized",
          `missing or wrong ${HEADERS.apiKey}`,
        );
      const host = c.req.header(HEADERS.siteHost);
      if (!host)
        return problem(
          c,
          400,
          "missing site",
          `send the visitor's host in ${HEADERS.siteHost}`,
        );
      const site = service.site(siteNameOf(host));
      if (!site)
        return problem(c, 404, "unknown site", `no site for host ${host}`);

      let body: unknown;
      if ("body" in endpoint) {
        let json: unknown;
        try {
          json = JSON.parse(await c.req.text());
        } catch {
          return problem(
            c,
            400,
            "malformed JSON",
            "the body must be a JSON document",
          );
        }
        const parsed = endpoint.body.safeParse(json);
        if (!parsed.success)
          return problem(c, 400, "invalid body", describeIssues(parsed.error));
        body = parsed.data;
      }
      let query: unknown;
      if ("query" in endpoint) {
        const parsed = endpoint.query.safeParse(c.req.query());
        if (!parsed.success)
          return problem(c, 400, "invalid query", describeIssues(parsed.error));
        query = parsed.data;
      }
      // Other calls change nothing, so a key means nothing to them.
      const key =
        "idempotencyKey" in endpoint
          ? c.req.header(HEADERS.idempotencyKey)
          : undefined;
      if (key !== undefined && !IdempotencyKeySchema.safeParse(key).success)
        return problem(
          c,
          400,
          "invalid idempotency key",
          `${HEADERS.idempotencyKey}: 1 to 255 visible ASCII characters`,
        );

      const registrationId = c.req.header(HEADERS.registrationId) || null;
      const work = (): SentAnswer => {
        let result: unknown;
        try {
          const handler = handle[name] as (call: Call<EndpointName>) => unknown;
          result = handler({
            site,
            body: body as never,
            query: query as never,
            params: c.req.param() as Record<string, string>,
            registrationId,
            anonymousId: c.req.header(HEADERS.anonymousUserId) || null,
          });
        } catch (error) {
          if (error instanceof HttpError)
            return {
              status: error.status,
              body: errorBody(error.error, error.detail),
            };
          throw error;
        }
        if (result === NO_CONTENT) return { status: 204 };
        // The contract is the promise: an answer that breaks it is a bug here, not something to send.
        const checked = endpoint.answer.safeParse(result);
        if (!checked.success) {
          log(
            `answer of ${name} breaks the contract: ${describeIssues(checked.error)}`,
          );
          return { status: 500, body: errorBody("internal error") };
        }
        return { status: 200, body: checked.data };
      };

      const answer =
        key === undefined
          ? work()
          : once(
              {
                siteId: site.id,
                call: name,
                key,
                // The visitor is part of the request: another browser sending the same key and token (a
                // login link's page kept by a cache or a shared computer) is never given this one's answer.
                fingerprint: fingerprint([
                  c.req.header(HEADERS.anonymousUserId) || null,
                  registrationId,
                  c.req.path,
                  query ?? null,
                  body ?? null,
                ]),
              },
              work,
            );
      // Any call may have moved someone up the waiting list (a swept draft's seats), which sends mail.
      mailer.deliver();
      if (answer.replayed) c.header(ANSWER_HEADERS.idempotentReplayed, "true");
      if (answer.status === 204) return c.body(null, 204);
      return c.json(
        answer.body as object,
        answer.status as ContentfulStatusCode,
      );
    });
  }

  app.notFound((c) =>
    problem(c, 404, "not found", `no route ${c.req.method} ${c.req.path}`),
  );
  app.onError((error, c) => {
    log(
      `error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return problem(c, 500, "internal error");
  });

  return { app, service, mailer };
}
