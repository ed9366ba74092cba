/**
 * The upstream contract: base path, header names, every call and a Zod schema for every payload and answer.
 * The web app's client (client.server.ts) and the reference upstream (reference-upstream/) both import this module,
 * so they cannot drift. `npm run openapi` publishes it as docs/openapi.json.
 *
 * Decisions on what the product specification leaves open: docs/decisions/0002-upstream-contract.md.
 */
import { z } from "zod";
import { GESLACHT, QUESTION_TOPICS } from "./values";

export { GESLACHT, QUESTION_TOPICS };

export const API_BASE_PATH = "/v1";

/** Request headers. The registration id travels in a header, never in a path or body. */
export const HEADERS = {
  siteHost: "x-site-host",
  apiKey: "x-api-key",
  anonymousUserId: "x-anonymous-user-id",
  registrationId: "x-registration-id",
  attempt: "x-retry-attempt",
  /**
   * On the calls that change state (`idempotencyKey: true` below): the same request sent again with the same key
   * is answered with the first answer, without doing the work again (decision 0018).
   */
  idempotencyKey: "idempotency-key",
  /** The visitor's request's id (the web app's X-Request-Id), so both sides' logs can be joined. */
  requestId: "x-request-id",
} as const;

/** Answer headers. */
export const ANSWER_HEADERS = {
  /**
   * "true" on an answer given again for a repeated idempotency key (decision 0018): it tells the registration as it
   * stood then, so the web app reads it again instead of showing it (decision 0072).
   */
  idempotentReplayed: "idempotent-replayed",
} as const;

/** An idempotency key: 1 to 255 visible ASCII characters. The web app sends `{form's UUID}:{call name}`. */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/** How long the upstream keeps the first answer to a key (at least). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/**
 * Paths of the web app that the upstream's mails link to, with `?token=…`. The routes and the mails both take
 * them from here, so they cannot drift apart.
 */
export const MAIL_LINK_PATHS = {
  login: "/login",
  confirm: "/inschrijving-bevestigen",
} as const;

export const SITE_NAMES = [
  "localhost",
  "venlo",
  "studiekeuze-event-040",
  "studiemarkt013",
] as const;

// ─── Building blocks ─────────────────────────────────────────────────────────

const id = z.number().int().positive();
/** A real calendar date, YYYY-MM-DD: no month 13, no 31 February (the site could not show or place it). */
const isoDate = z.iso.date();
/** A real time of day, HH:MM from 00:00 to 23:59. */
const clockTime = z.iso.time({ precision: -1 });
/** A hex colour without '#', as the spec stores label colours. */
const hexColor = z.string().regex(/^[0-9a-fA-F]{6}$/, "hex colour without #");
/**
 * A picture: an absolute https URL, or a path starting with /media/ on the upstream. The web app serves
 * upstream paths through its own /media route, so the browser never talks to the upstream.
 */
const imageRef = z
  .string()
  .regex(/^(https:\/\/|\/media\/)/, "https URL or /media/ path");
const optionalText = z.string().nullable();

export const ErrorBodySchema = z.object({
  error: z.string(),
  /** Free text; a second registration for one e-mail address and day contains "already registered". */
  detail: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageSchema = z.object({ message: z.string() });

// ─── Entities (spec section 3) ───────────────────────────────────────────────

export const WorkshopRefSchema = z.object({
  id,
  slug: z.string().min(1),
  display: z.string(),
});
export type WorkshopRef = z.infer<typeof WorkshopRefSchema>;

export const RondeSchema = z.object({
  number: z.number().int().positive(),
  startTime: clockTime,
  endTime: clockTime,
  selection: z.object({ workshop: WorkshopRefSchema }).nullable(),
});
export type Ronde = z.infer<typeof RondeSchema>;

export const OrientationDaySchema = z.object({
  id,
  date: isoDate,
  start_time: clockTime,
  end_time: clockTime,
  schoolDisplay: z.string(),
  address: optionalText,
  postalCode: optionalText,
  city: optionalText,
  display: z.string(),
  readonly: z.boolean(),
  rondes: z.array(RondeSchema),
});
export type OrientationDay = z.infer<typeof OrientationDaySchema>;

export const SchoolSchema = z.object({
  id,
  display: z.string(),
  logo: imageRef.nullable(),
  website: z.url().nullable(),
});
export type School = z.infer<typeof SchoolSchema>;

export const SchoolLogoSchema = SchoolSchema;
export type SchoolLogo = z.infer<typeof SchoolLogoSchema>;

export const AvailabilityEntrySchema = z.object({
  round: z.number().int().positive(),
  available: z.boolean(),
  /**
   * Optional (waiting list, decision 0023): seats still free in this round, whoever asks; 0 means full. An upstream
   * that does not count seats leaves it out (or sends null), as it does for a round the workshop is not held in; the
   * site then shows no 'Nog n plekken' hint.
   */
  seatsLeft: z.number().int().nonnegative().nullable().optional(),
});
export type AvailabilityEntry = z.infer<typeof AvailabilityEntrySchema>;

export const ProviderSchema = z.object({
  display: z.string(),
  image: imageRef.nullable(),
});

export const DomeinSchema = z.object({
  display: z.string(),
  labelColor: hexColor,
});
export type Domein = z.infer<typeof DomeinSchema>;

export const WorkshopSchema = z.object({
  id,
  slug: z.string().min(1),
  display: z.string(),
  /** HTML from the upstream; the web app sanitises it before rendering. */
  intro: z.string(),
  /** HTML from the upstream; the web app sanitises it before rendering. */
  description: z.string(),
  image: imageRef.nullable(),
  availability: z.array(AvailabilityEntrySchema),
  provider: ProviderSchema.nullable(),
  domeinen: z.array(DomeinSchema),
});
export type Workshop = z.infer<typeof WorkshopSchema>;

export const WorkshopImageSchema = z.object({ fileName: imageRef });
export type WorkshopImage = z.infer<typeof WorkshopImageSchema>;

/**
 * One entry of a registration on a waiting list (decision 0023): it waits for `workshop` in `round`, and is number
 * `position` (from 1, in order of joining) in that round's list of that workshop. At most one entry per round.
 */
export const WaitlistEntrySchema = z.object({
  round: z.number().int().positive(),
  workshop: WorkshopRefSchema,
  position: z.number().int().positive(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const AANTAL_PERSONEN = [1, 2] as const;

export const RegistrationSchema = z.object({
  /** ISO date-time when the registration was confirmed; null while it is a draft. */
  created: z.iso.datetime({ offset: true }).nullable(),
  school: z.object({ id, display: z.string() }).nullable(),
  orientationDay: z.object({ id, rondes: z.array(RondeSchema) }),
  /** Keyed by round number ("1", "2", …); null when the round has no choice. */
  choices: z.record(
    z.string().regex(/^\d+$/),
    z.object({ workshop: WorkshopRefSchema }).nullable(),
  ),
  geslacht: z.enum(GESLACHT).nullable(),
  voornaam: optionalText,
  tussenvoegsel: optionalText,
  achternaam: optionalText,
  klas: optionalText,
  telefoonnummer: optionalText,
  emailadres: optionalText,
  aantalPersonen: z.union([z.literal(1), z.literal(2)]).nullable(),
  marketingOptin: z.boolean(),
  /** Calling name; only present once the registration is created. */
  display: optionalText,
  /**
   * Optional: the registration's waiting-list entries, one per round at most. An upstream that offers the waiting
   * list always sends the array (empty when it waits for nothing); one that leaves the field out has no waiting list,
   * and the site offers none (decision 0023).
   */
  waitlist: z.array(WaitlistEntrySchema).optional(),
  /**
   * Optional: when the upstream lets this unconfirmed registration (a draft, or one waiting for its mailed link) go
   * and releases its seats, unless it changes or is confirmed first; null once confirmed. The cart says until when
   * it holds the seats (decision 0065).
   */
  expires: z.iso.datetime({ offset: true }).nullable().optional(),
  /**
   * Optional: set while the registration waits for its mailed confirmation link (after pending-confirmation, before
   * confirm), null otherwise. `linkExpires`: until when the newest link confirms. An upstream that sends the field
   * offers `resendConfirmation`; one that leaves it out offers no resend, and the site shows no button for it.
   */
  confirmation: z
    .object({ linkExpires: z.iso.datetime({ offset: true }) })
    .nullable()
    .optional(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const SettingsSchema = z.object({
  logo: imageRef.nullable(),
  /** Brand colour (hex without '#'); the spec does not name this field. Default 663366 when null. */
  primaryColor: hexColor.nullable(),
  fullLocationName: optionalText,
  websiteUrl: z.url().nullable(),
  address: optionalText,
  postalCode: optionalText,
  city: optionalText,
  googleMapsUrl: z.url().nullable(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const LocationSchema = z.object({
  display: z.string(),
  afbeelding: imageRef.nullable(),
  adres: optionalText,
  postcode: optionalText,
  plaats: optionalText,
  externeLocatieUrl: z.url().nullable(),
});
export type Location = z.infer<typeof LocationSchema>;

export const PageSchema = z.object({
  title: optionalText,
  intro: optionalText,
  /** HTML from the upstream; the web app sanitises it before rendering. */
  text: optionalText,
});
export type Page = z.infer<typeof PageSchema>;

export const SupportQuestionSchema = z.object({
  name: z.string().min(1).max(200),
  email: z.email().max(254),
  school: z.string().max(200).nullable(),
  klas: z.string().max(50).nullable(),
  questionAbout: z.enum(QUESTION_TOPICS),
  message: z.string().min(1).max(5000),
});
export type SupportQuestion = z.infer<typeof SupportQuestionSchema>;

// ─── Payloads ────────────────────────────────────────────────────────────────

export const RequestLoginBodySchema = z.object({
  email: z.email().max(254),
  orientationDayId: id,
});
export const TokenBodySchema = z.object({ token: z.string().min(16).max(200) });
export const LoginAnswerSchema = z.object({
  registrationId: z.string().min(16),
  registration: RegistrationSchema,
});
export const HashAnswerSchema = z.object({ hash: z.string().min(16).max(200) });
export const CreateRegistrationBodySchema = z.object({
  school: id,
  orientationDay: id,
});
export const AddSchoolBodySchema = z.object({ school: id });
export const UpdateChoicesBodySchema = z.object({
  choices: z
    .array(
      z.object({ round: z.number().int().positive(), workshop: id.nullable() }),
    )
    .min(1),
});
export const PendingConfirmationBodySchema = z.object({
  geslacht: z.enum(GESLACHT),
  voornaam: z.string().min(1).max(100),
  tussenvoegsel: z.string().max(30).nullable(),
  achternaam: z.string().min(1).max(100),
  klas: z.string().min(1).max(50),
  telefoonnummer: z.string().max(30).nullable(),
  emailadres: z.email().max(254),
  aantalPersonen: z.union([z.literal(1), z.literal(2)]),
  marketingOptin: z.boolean(),
  display: z.string().min(1).max(100),
});
export type PendingConfirmationBody = z.infer<
  typeof PendingConfirmationBodySchema
>;
export const WaitlistJoinBodySchema = z.object({
  round: z.number().int().positive(),
  workshop: id,
});
export const WaitlistLeaveBodySchema = z.object({
  round: z.number().int().positive(),
});
export const WorkshopImagesBodySchema = z.object({ workshop: id });

// ─── The calls (spec section 7) ──────────────────────────────────────────────

type Method = "GET" | "POST";

export interface Endpoint {
  method: Method;
  /** Path below API_BASE_PATH; `{name}` marks a path parameter. */
  path: string;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Schema of a 200 answer. */
  answer: z.ZodType;
  /** 204 is a meaningful answer (nothing available, or registration expired). */
  noContent?: string;
  /** Other statuses the call answers on purpose, with their meaning. */
  errors?: Record<number, string>;
  /** Needs the registration id header. */
  registration?: boolean;
  /** Changes state and takes the idempotency-key header: a repeated request gets the first answer again. */
  idempotencyKey?: boolean;
}

function endpoint<E extends Endpoint>(e: E): E {
  return e;
}

/** The refusal of a change through the id a registration was drafted with, once it is sent (decision 0076). */
const SENT =
  "the registration was sent (pending or confirmed) and the id is the draft's own: a change needs the id a login answers";

export const ENDPOINTS = {
  settings: endpoint({
    method: "GET",
    path: "/settings",
    summary: "Site settings",
    answer: SettingsSchema,
  }),
  page: endpoint({
    method: "GET",
    path: "/pages/{slug}",
    summary: "A content page (home, inschrijfformulier_bedankt)",
    answer: PageSchema,
    errors: { 404: "unknown page" },
  }),
  registrationHash: endpoint({
    method: "GET",
    path: "/registration/hash",
    summary: "A fresh registration id",
    answer: HashAnswerSchema,
  }),
  registration: endpoint({
    method: "GET",
    path: "/registration",
    summary: "The registration of the registration id",
    answer: RegistrationSchema,
    noContent: "no registration, or it expired",
    registration: true,
  }),
  orientationDays: endpoint({
    method: "GET",
    path: "/orientation-days/available",
    summary: "Orientation days open for registration",
    answer: z.array(OrientationDaySchema),
  }),
  schoolLogos: endpoint({
    method: "GET",
    path: "/schools/logos",
    summary: "Logos of all schools of the site",
    answer: z.array(SchoolLogoSchema),
  }),
  schools: endpoint({
    method: "GET",
    path: "/schools",
    summary: "Schools taking part in an orientation day",
    query: z.object({ orientationDay: z.coerce.number().int().positive() }),
    answer: z.array(SchoolSchema),
    noContent: "no events",
  }),
  requestLogin: endpoint({
    method: "POST",
    path: "/registration/request-login",
    summary:
      "Mail a login link if the address has a registration. Limit the mail per address and requester (the anonymous id), so a stranger cannot use up the owner's requests, and answer a limited request like any other (200, the same message, no mail): the answer must not tell whether the address is known or limited",
    body: RequestLoginBodySchema,
    answer: MessageSchema,
    errors: {
      429: "too many requests (the site shows its usual neutral answer)",
    },
    idempotencyKey: true,
  }),
  login: endpoint({
    method: "POST",
    path: "/registration/login",
    summary:
      "Exchange a login token for the registration and an id to change it with: once sent, a registration changes only through such an id, never through the draft's own",
    body: TokenBodySchema,
    answer: LoginAnswerSchema,
    errors: { 401: "unknown, used or expired token" },
    idempotencyKey: true,
  }),
  confirm: endpoint({
    method: "POST",
    path: "/registration/confirm",
    summary: "Confirm a registration with the mailed token",
    body: TokenBodySchema,
    answer: RegistrationSchema,
    errors: {
      401: "unknown, used or expired token",
      409: "already registered",
    },
    idempotencyKey: true,
  }),
  create: endpoint({
    method: "POST",
    path: "/registration/create",
    summary: "Create a draft registration for the registration id",
    body: CreateRegistrationBodySchema,
    answer: RegistrationSchema,
    registration: true,
    errors: { 404: "unknown school or day" },
    idempotencyKey: true,
  }),
  addSchool: endpoint({
    method: "POST",
    path: "/registration/add-school",
    summary: "Set the school of the registration",
    body: AddSchoolBodySchema,
    answer: RegistrationSchema,
    noContent: "registration expired",
    registration: true,
    errors: { 403: SENT },
    idempotencyKey: true,
  }),
  removeSchool: endpoint({
    method: "GET",
    path: "/registration/remove-school",
    summary: "Clear the school (and choices) of the registration",
    answer: RegistrationSchema,
    noContent: "registration expired",
    registration: true,
    errors: { 403: SENT },
    idempotencyKey: true,
  }),
  update: endpoint({
    method: "POST",
    path: "/registration/update",
    summary:
      "Set or clear (workshop null) the workshop of rounds: the cart add and remove",
    body: UpdateChoicesBodySchema,
    answer: RegistrationSchema,
    noContent: "registration expired",
    registration: true,
    errors: {
      403: SENT,
      404: "workshop or round not found",
      409: "round full, or day read-only",
    },
    idempotencyKey: true,
  }),
  pendingConfirmation: endpoint({
    method: "POST",
    path: "/registration/pending-confirmation",
    summary:
      "Store personal data and mail a confirmation link (a confirmed registration, changed through a login's id: a summary of the change). Limit the mail per registration and per recipient address, the resend's included, to as many as the resend allows (429, nothing changed). A draft answered 'already registered' a few times may be cancelled (the next call answers 204), so that a draft is no tool for testing addresses",
    body: PendingConfirmationBodySchema,
    answer: MessageSchema,
    noContent: "registration expired",
    registration: true,
    errors: {
      403: SENT,
      409: "already registered, no choices, or day read-only",
      429: "too many mails for this registration or address: try again later",
    },
    idempotencyKey: true,
  }),
  resendConfirmation: endpoint({
    method: "POST",
    path: "/registration/resend-confirmation",
    summary:
      "Mail the confirmation link again, to the address the registration waits with; only the newest link confirms from then on. Limit the mail per registration and per address, pending-confirmation's included (429). The draft's own id may ask for it once sent. Optional: an upstream that sends no `confirmation` on a registration does not offer it",
    answer: RegistrationSchema,
    noContent: "registration expired",
    registration: true,
    errors: {
      404: "not offered",
      409: "the registration is not waiting for confirmation (a draft, or already confirmed)",
      429: "too many mails for this registration: try again later",
      501: "not offered",
    },
    idempotencyKey: true,
  }),
  delete: endpoint({
    method: "POST",
    path: "/registration/delete",
    summary: "Cancel the registration and release its seats",
    answer: MessageSchema,
    noContent: "registration expired",
    registration: true,
    errors: { 403: SENT },
    idempotencyKey: true,
  }),
  waitlistJoin: endpoint({
    method: "POST",
    path: "/registration/waitlist/join",
    summary:
      "Put the registration on the waiting list of a full workshop in a round; replaces its entry for that round. Moved up when a seat frees (mailed 'Er is een plek vrijgekomen' only at a confirmed address)",
    body: WaitlistJoinBodySchema,
    answer: RegistrationSchema,
    noContent: "registration expired",
    registration: true,
    errors: {
      403: SENT,
      404: "workshop or round not found, or no waiting list offered",
      409: "round not full, workshop not held in the round, already chosen (in any round), or day read-only",
      501: "no waiting list offered",
    },
    idempotencyKey: true,
  }),
  waitlistLeave: endpoint({
    method: "POST",
    path: "/registration/waitlist/leave",
    summary: "Take the registration off the waiting list of a round",
    body: WaitlistLeaveBodySchema,
    answer: RegistrationSchema,
    noContent: "registration expired",
    registration: true,
    errors: {
      403: SENT,
      404: "round not found, or no waiting list offered",
      501: "no waiting list offered",
    },
    idempotencyKey: true,
  }),
  workshops: endpoint({
    method: "GET",
    path: "/workshops",
    summary: "Workshops of the registration's day and school",
    answer: z.array(WorkshopSchema),
    noContent: "nothing available",
    registration: true,
  }),
  workshop: endpoint({
    method: "GET",
    path: "/workshops/{slug}",
    summary: "One workshop",
    answer: WorkshopSchema,
    noContent: "registration expired",
    registration: true,
    errors: { 404: "unknown workshop" },
  }),
  availability: endpoint({
    method: "GET",
    path: "/workshops/{slug}/availability",
    summary: "Availability per round",
    answer: z.array(AvailabilityEntrySchema),
    registration: true,
    errors: { 404: "unknown workshop" },
  }),
  workshopImages: endpoint({
    method: "POST",
    path: "/workshops/images",
    summary: "Gallery of a workshop",
    body: WorkshopImagesBodySchema,
    answer: z.array(WorkshopImageSchema),
  }),
  supportCreate: endpoint({
    method: "POST",
    path: "/support/create",
    summary: "Send a question",
    body: SupportQuestionSchema,
    answer: MessageSchema,
    errors: { 429: "too many questions from this address" },
    idempotencyKey: true,
  }),
  locations: endpoint({
    method: "GET",
    path: "/locations",
    summary: "Locations of the site",
    answer: z.array(LocationSchema),
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** Fills `{name}` parameters of an endpoint path, URL-encoding each value. */
export function fillPath(
  path: string,
  params: Record<string, string | number> = {},
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
