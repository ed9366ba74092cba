/**
 * A registration rush: simulated students each take the whole flow through the real site, as a browser without
 * JavaScript would (plain form posts, following each redirect), while the reference upstream keeps the seats. Used by `npm run bench:rush`
 * (figures) and by tests/rush (the oversell and exactly-once checks, small). Each student: Home, choose the day
 * (to the school list), choose a school (to /workshops), then per round a workshop page and 'Toevoegen' (most aim
 * at the same few popular workshops; a full round means another try), the final form, and submit (to Home with
 * the success dialog). With `follow`, each student's open workshop page also follows its seats as the page does with
 * JavaScript (decision 0053): from the first workshop page to the end of the student's flow, reading the current
 * workshop's `/plaatsen` every `follow` ms.
 */
import { Agent, request } from "undici";
import { DatabaseSync } from "node:sqlite";
import {
  DAY_BUTTON,
  SCHOOL_BUTTON,
  WORKSHOP_LINK,
  mergeCookies,
} from "./flow-visitor";

/** What a student waits for; a post counts with the page its redirect leads to. */
export const STEPS = [
  "Home",
  "choose day",
  "choose school",
  "workshop page",
  "add to round",
  "final form",
  "submit",
] as const;
export type Step = (typeof STEPS)[number];

export interface RushOptions {
  appUrl: string;
  students: number;
  /** Students in the flow at the same time. */
  concurrency: number;
  /** Share of students who aim at the popular workshops first. */
  popularShare?: number;
  /** The popular workshops' slugs; by default the first three of the demo's on /workshops. */
  popular?: string[];
  /** Tag in every e-mail address, so runs against one upstream do not collide. */
  runId?: string;
  random?: () => number;
  /** Each student's workshop page follows its seats, reading every this many ms. */
  follow?: number;
  /** Share of students who fill their cart and leave without sending it (default none). */
  abandonShare?: number;
}

export interface RushResult {
  students: number;
  /** Registrations sent and answered with the success dialog. */
  completed: string[];
  /** Students who got no seat in any round, so had nothing to send. */
  noSeat: number;
  /** Students who left their filled cart unsent (`abandonShare`). */
  abandoned: number;
  /** Students whose flow failed otherwise (an unexpected answer); with the reason. */
  failed: { student: number; step: Step; reason: string }[];
  /** Times a student was told by the site, after 'Toevoegen', that the round had just filled up. */
  toldFull: number;
  /** Workshop pages a student left because the round was shown full or not offered there. */
  shownFull: number;
  serverErrors: number;
  /** Answers 429 (a rate limit, the site's or the upstream's), and the posts sent, all from this one address. */
  tooManyRequests: number;
  posts: number;
  /** Reads of followed seats (with `follow`), and those not answered 200. */
  followReads: number;
  followFailures: number;
  /** HTTP requests sent, redirects followed included. */
  requests: number;
  latencies: Record<Step, number[]>;
  elapsedMs: number;
}

const SCHOOL_BUTTONS = new RegExp(SCHOOL_BUTTON.source, "g");
const WORKSHOP_LINKS = new RegExp(WORKSHOP_LINK.source, "g");
const KEY_FIELD = /name="idempotencyKey" value="([^"]+)"/;
const ROUND_INPUT = /<input[^>]*name="round"[^>]*>/g;
const SUCCESS = "Succesvol aangemeld!";
/** How many workshop pages a student looks at before sending what they have. */
const MAX_PAGES_PER_STUDENT = 8;
/** How many times a student tries one workshop's rounds after being told a round just filled up. */
const MAX_TRIES_PER_WORKSHOP = 4;

/** The first toast the server rendered into a page (a flashed message, before scripts take it over). */
const TOAST = /<div role="(?:alert|status)"[^>]*>.*?<p>([^<]*)<\/p>/s;

class FlowError extends Error {
  constructor(
    readonly step: Step,
    message: string,
  ) {
    super(message);
  }
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The site's first day, as Home offers it (every student of a rush chooses it). */
export async function firstDayId(appUrl: string): Promise<number> {
  const home = await request(`${appUrl}/`);
  const day = DAY_BUTTON.exec(await home.body.text())?.[1];
  if (!day) throw new Error("no orientation day on Home");
  return Number(day);
}

/** Slugs of the workshops added by addOverflowWorkshops; never counted among the popular ones. */
export const OVERFLOW_SLUG = "vrije-keuze-";

/**
 * Adds `count` workshops with `seats` seats in each of rounds 1–4 to the day, through the reference upstream's
 * test hook (UPSTREAM_TEST_HOOKS=1): room for every student of a large rush, so the figures measure completed
 * registrations while the demo's own workshops still fill up and refuse.
 */
export async function addOverflowWorkshops(
  upstreamUrl: string,
  day: number,
  count: number,
  seats: number,
): Promise<void> {
  for (let n = 1; n <= count; n++)
    await addWorkshop(upstreamUrl, day, `${OVERFLOW_SLUG}${n}`, seats);
}

/** Adds a workshop with `seats` seats in each of rounds 1–4 to the day (the upstream's test hook). */
export async function addWorkshop(
  upstreamUrl: string,
  day: number,
  slug: string,
  seats: number,
  display = slug,
): Promise<void> {
  const answer = await request(`${upstreamUrl}/dev/test/workshop`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      orientationDay: day,
      slug,
      display,
      seats: { "1": seats, "2": seats, "3": seats, "4": seats },
    }),
  });
  if (answer.statusCode !== 200)
    throw new Error(
      `test hook: ${answer.statusCode} ${await answer.body.text()}`,
    );
  await answer.body.dump();
}

export async function runRush(options: RushOptions): Promise<RushResult> {
  const random = options.random ?? Math.random;
  const popularShare = options.popularShare ?? 0.8;
  const runId = options.runId ?? Date.now().toString(36);
  // The students' browsers: keep-alive connections, so the driver spends little of the machine's CPU.
  const dispatcher = new Agent({ connections: options.concurrency });
  const latencies = Object.fromEntries(
    STEPS.map((step) => [step, [] as number[]]),
  ) as Record<Step, number[]>;
  const result: RushResult = {
    students: options.students,
    completed: [],
    noSeat: 0,
    abandoned: 0,
    failed: [],
    toldFull: 0,
    shownFull: 0,
    serverErrors: 0,
    tooManyRequests: 0,
    posts: 0,
    followReads: 0,
    followFailures: 0,
    requests: 0,
    latencies,
    elapsedMs: 0,
  };

  async function student(index: number): Promise<void> {
    let cookies = "";

    /** One request; `form` makes it a POST. Counts server errors and keeps the cookies. */
    async function send(
      step: Step,
      path: string,
      form?: Record<string, string>,
    ) {
      const answer = await request(`${options.appUrl}${path}`, {
        dispatcher,
        method: form ? "POST" : "GET",
        headers: {
          cookie: cookies,
          "user-agent": "Mozilla/5.0 (rush benchmark student)",
          ...(form
            ? { "content-type": "application/x-www-form-urlencoded" }
            : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      const html = await answer.body.text();
      result.requests += 1;
      if (form) result.posts += 1;
      if (answer.statusCode === 429) result.tooManyRequests += 1;
      cookies = mergeCookies(
        cookies,
        [answer.headers["set-cookie"] ?? []].flat(),
      );
      if (answer.statusCode >= 500) {
        result.serverErrors += 1;
        throw new FlowError(step, `status ${answer.statusCode}`);
      }
      const location = answer.headers.location;
      const id = answer.headers["x-request-id"];
      return {
        status: answer.statusCode,
        location: typeof location === "string" ? location : null,
        html,
        id: typeof id === "string" ? id : null,
      };
    }

    /**
     * What the student waits for at one step: the page, or the form post and the page its redirect leads to, as
     * a browser without JavaScript follows it. `expected` is where a successful post leads (a path prefix).
     */
    async function step(
      name: Step,
      path: string,
      form?: Record<string, string>,
      expected?: string,
    ): Promise<{ status: number; html: string }> {
      const started = performance.now();
      let answer = await send(name, path, form);
      if (form && answer.status >= 300 && answer.status < 400) {
        const to = answer.location ?? "";
        if (expected !== undefined && !to.startsWith(expected)) {
          // Said why, as the student reads it on the page they land on (the toast), with the post's request id:
          // the site's log has that request's failed upstream calls (call, outcome, status, duration).
          const landed = await send(name, to);
          const told = TOAST.exec(landed.html)?.[1] ?? "no message";
          throw new FlowError(
            name,
            `redirected to ${to}, not ${expected}: "${told}" (request ${answer.id ?? "?"})`,
          );
        }
        answer = await send(name, to);
      }
      latencies[name].push(performance.now() - started);
      return answer;
    }

    const home = await step("Home", "/");
    const day = DAY_BUTTON.exec(home.html)?.[1];
    if (!day) throw new FlowError("Home", "no day to choose");
    const schoolList = await step(
      "choose day",
      "/?index",
      { orientationDayId: day },
      "/inschrijven",
    );
    const schools = [...schoolList.html.matchAll(SCHOOL_BUTTONS)].map(
      (match) => match[1]!,
    );
    if (schools.length === 0) throw new FlowError("choose day", "no school");
    const school = schools[Math.floor(random() * schools.length)]!;
    const list = await step(
      "choose school",
      "/inschrijven",
      { intent: "school", school },
      "/workshops",
    );
    const slugs = [
      ...new Set([...list.html.matchAll(WORKSHOP_LINKS)].map((m) => m[1]!)),
    ];
    if (slugs.length === 0) throw new FlowError("choose school", "no workshop");
    const popular =
      options.popular ??
      slugs.filter((slug) => !slug.startsWith(OVERFLOW_SLUG)).slice(0, 3);
    const others = slugs.filter((slug) => !popular.includes(slug));

    // Most students go for the popular workshops first. A student takes a workshop in a round it is offered in
    // and they have nothing yet; a round shown or told full means the next workshop on their list.
    const wishes = (
      random() < popularShare
        ? [...shuffled(popular, random), ...shuffled(others, random)]
        : [...shuffled(others, random), ...shuffled(popular, random)]
    ).slice(0, MAX_PAGES_PER_STUDENT);
    const filled = new Set<number>();
    let rounds = Infinity;
    const following = follow();
    try {
      await choose();
    } finally {
      await following.stop();
    }
    if (filled.size === 0) {
      result.noSeat += 1;
      return;
    }
    if (random() < (options.abandonShare ?? 0)) {
      result.abandoned += 1;
      return;
    }

    /** The open page's reads of its workshop's seats, until the student's flow ends. */
    function follow() {
      let slug: string | null = null;
      let stopped = false;
      let wake = () => {};
      async function read(current: string) {
        try {
          const answer = await request(
            `${options.appUrl}/workshop/${current}/plaatsen`,
            {
              dispatcher,
              headers: {
                cookie: cookies,
                accept: "application/json",
                "user-agent": "Mozilla/5.0 (rush benchmark student)",
              },
            },
          );
          await answer.body.dump();
          if (answer.statusCode !== 200) result.followFailures += 1;
          if (answer.statusCode >= 500) result.serverErrors += 1;
        } catch {
          result.followFailures += 1;
        }
        result.followReads += 1;
        result.requests += 1;
      }
      const loop = (async () => {
        if (options.follow === undefined) return;
        let waited = false;
        while (!stopped) {
          if (slug !== null && waited) await read(slug);
          waited = slug !== null;
          await new Promise<void>((done) => {
            const timer =
              slug === null ? undefined : setTimeout(done, options.follow);
            wake = () => {
              clearTimeout(timer);
              done();
            };
          });
        }
      })();
      return {
        /** A new workshop page: as the page does, it reads after one interval, then every interval. */
        open(next: string) {
          const first = slug === null;
          slug = next;
          if (first) wake();
        },
        stop(): Promise<void> {
          stopped = true;
          wake();
          return loop;
        },
      };
    }

    async function choose() {
      for (const slug of wishes) {
        if (filled.size >= rounds) break;
        // Told full after 'Toevoegen', a student reloads the page and takes the workshop's next free round, as a
        // person would; a page that shows no free round for them sends them to the next workshop.
        for (let attempt = 0; attempt < MAX_TRIES_PER_WORKSHOP; attempt += 1) {
          const page = await step("workshop page", `/workshop/${slug}`);
          following.open(slug);
          // Only the round picker's radios: the waiting list's forms carry hidden `round` fields too.
          const radios = (page.html.match(ROUND_INPUT) ?? []).filter((tag) =>
            tag.includes('type="radio"'),
          );
          rounds = radios.length;
          const key = KEY_FIELD.exec(page.html)?.[1];
          const free = radios
            .filter((tag) => !tag.includes("disabled"))
            .map((tag) => Number(/value="(\d+)"/.exec(tag)?.[1]))
            .filter((round) => !filled.has(round));
          if (free.length === 0 || !key) {
            result.shownFull += 1;
            break;
          }
          const round = free[0]!;
          const added = await step(
            "add to round",
            `/workshop/${slug}`,
            { round: String(round), idempotencyKey: key },
            `/workshop/${slug}`,
          );
          if (added.status === 409) {
            result.toldFull += 1;
            continue;
          }
          if (added.status !== 200)
            throw new FlowError("add to round", `status ${added.status}`);
          filled.add(round);
          break;
        }
      }
    }

    const form = await step("final form", "/inschrijving-afronden");
    const key = KEY_FIELD.exec(form.html)?.[1];
    if (!key) throw new FlowError("final form", "no form key");
    const email = `rush-${runId}-${index}@example.org`;
    const home2 = await step(
      "submit",
      "/inschrijving-afronden",
      {
        geslacht: "x",
        display: `Student ${index}`,
        voornaam: "Student",
        achternaam: `Nummer ${index}`,
        klas: "3b",
        aantalPersonen: "1",
        emailadres: email,
        repeatEmail: email,
        idempotencyKey: key,
      },
      "/",
    );
    if (!home2.html.includes(SUCCESS))
      throw new FlowError("submit", "no success dialog on Home");
    result.completed.push(email);
  }

  const started = performance.now();
  let next = 0;
  async function worker(): Promise<void> {
    while (next < options.students) {
      const index = next++;
      try {
        await student(index);
      } catch (error) {
        result.failed.push({
          student: index,
          step: error instanceof FlowError ? error.step : "Home",
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  await Promise.all(
    Array.from(
      { length: Math.min(options.concurrency, options.students) },
      worker,
    ),
  );
  result.elapsedMs = performance.now() - started;
  await dispatcher.close();
  return result;
}

interface RoundSeats {
  workshop: string;
  round: number;
  seats: number;
  taken: number;
}

export interface UpstreamCheck {
  /** Every workshop round: its seats and how many are taken. */
  rounds: RoundSeats[];
  /** Workshop rounds with more seats taken than it has. */
  oversold: RoundSeats[];
  /** Completed registrations not stored as sent (pending confirmation). */
  lost: string[];
  /** Addresses stored more than once. */
  duplicated: string[];
  seatsTaken: number;
  seatsOffered: number;
}

/** Reads the reference upstream's database after a rush. */
export function checkUpstream(
  dbFile: string,
  completed: string[],
): UpstreamCheck {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const rounds = db
      .prepare(
        `SELECT w.slug AS workshop, wr.round_number AS round, wr.seats AS seats,
                (SELECT COUNT(*) FROM choices c
                  WHERE c.workshop_id = wr.workshop_id AND c.round_number = wr.round_number) AS taken
           FROM workshop_rounds wr JOIN workshops w ON w.id = wr.workshop_id`,
      )
      .all() as unknown as RoundSeats[];
    const stored = new Map<string, number>();
    const rows = db
      .prepare(
        `SELECT emailadres AS email, COUNT(*) AS count FROM registrations
          WHERE emailadres LIKE 'rush-%' AND status = 'pending' GROUP BY emailadres`,
      )
      .all() as { email: string; count: number }[];
    for (const row of rows) stored.set(row.email, row.count);
    return {
      rounds,
      oversold: rounds.filter((r) => r.taken > r.seats),
      lost: completed.filter((email) => !stored.has(email)),
      duplicated: rows.filter((row) => row.count > 1).map((row) => row.email),
      seatsTaken: rounds.reduce((sum, r) => sum + r.taken, 0),
      seatsOffered: rounds.reduce((sum, r) => sum + r.seats, 0),
    };
  } finally {
    db.close();
  }
}

/**
 * The seats that carts nobody sent (drafts) hold now, and in how many minutes the upstream lets them go if nothing
 * changes: the first and the last of them.
 */
export function heldByUnfinished(dbFile: string): {
  seats: number;
  releasedInMinutes: { first: number; last: number } | null;
} {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const row = db
      .prepare(
        `SELECT COUNT(*) AS seats, MIN(r.expires_at) AS first, MAX(r.expires_at) AS last
           FROM choices c JOIN registrations r ON r.id = c.registration_id WHERE r.status = 'draft'`,
      )
      .get() as { seats: number; first: number | null; last: number | null };
    const inMinutes = (at: number) => Math.round((at - Date.now()) / 60_000);
    return {
      seats: row.seats,
      releasedInMinutes:
        row.first === null || row.last === null
          ? null
          : { first: inMinutes(row.first), last: inMinutes(row.last) },
    };
  } finally {
    db.close();
  }
}

/** The value below which `share` of the sorted values lie. */
export function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.floor(share * sorted.length))
  ]!;
}
