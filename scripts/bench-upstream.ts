/**
 * `npm run bench:upstream`: the upstream calls and the sequential round trips to the upstream of one complete
 * registration, per step, without JavaScript (plain form posts following each redirect, as bench:rush's students
 * do) and with it (Chromium clicking through by role and Dutch text, where 'Toevoegen' and removal are fetcher
 * posts followed by React Router's revalidation). Between the production build and the reference upstream sits a
 * small proxy that counts the API calls (by their contract name) and can hold every answer back by a latency.
 *
 * Each path is walked first by a warm-up student, who fills the site's shared caches as any earlier visitor of the
 * day would, then by the measured students (UPSTREAM_BENCH_RUNS, default 3). The whole is done at latency 0 and at
 * UPSTREAM_LATENCY_MS (default 200): a step's sequential trips are (its time at L − its time at 0) / L, rounded,
 * each time the fastest of the measured students'; beside them, the chain: the most calls the proxy saw one after
 * the other in the step, which the machine's load does not move. With JavaScript a
 * step's time ends with the last document or data request it made; the page's own places polls (every 5 s) are
 * answered in the browser so that counts stay deterministic, and one poll (GET /workshop/{slug}/plaatsen) is
 * measured on its own, as the first of its workshop: what a poll costs when it fills the shared answer. The site
 * keeps its shared data, and a day's shared workshops, for an hour in this run (SITE_CACHE_SECONDS,
 * SEATS_CACHE_SECONDS): a refresh of either is paid once for all of a day's visitors (the workshops at most one read
 * per 5 s, decision 0072), not by the student, and must not land in a step by chance.
 *
 * The walk per path: Home, choose the day, choose a school, then per round of the day a workshop page (a workshop
 * added for the run, with seats in every round, so no round is ever full) and 'Toevoegen', with /workshops in
 * between; one places poll; two extra steps (removing the last round from the cart and adding it again, not in the
 * registration's total); the final form and 'Versturen'.
 *
 * `--check` (CI, `npm test`): latency 0 only, prints the calls, and exits 1 naming every step over its budget in
 * CALL_BUDGETS and every path whose total is over TOTAL_BUDGET. Call counts do not depend on the machine.
 */
import { chromium } from "@playwright/test";
import type { Browser } from "@playwright/test";
import { API_BASE_PATH, HEADERS } from "#contract";
import { CART, TOASTS, WORKSHOP_PAGE } from "../app/messages";
import { launchOptions } from "../tests/support/chromium";
import { fillRequiredDetails } from "../tests/support/e2e/flow";
import { BROWSER_USER_AGENT, startSite } from "../tests/support/site";
import { startProxy } from "./counting-proxy";
import type { CountingProxy } from "./counting-proxy";
import { freePort, startUpstream } from "./processes.mjs";
import { DAY_BUTTON, SCHOOL_BUTTON, mergeCookies } from "./flow-visitor";
import { addWorkshop } from "./rush";

type Path = "plain" | "scripted";
const PATHS: Path[] = ["plain", "scripted"];
const PATH_NAMES: Record<Path, string> = {
  plain: "without JavaScript",
  scripted: "with JavaScript",
};

/**
 * The most upstream calls each step may make, per path: what the code makes since issue 42 (decision 0072; one
 * registration made 48 before). A step that repeats per round ('Toevoegen', a workshop page, /workshops in
 * between) has one budget for every round. Over a budget, `--check` fails CI: a change that adds a call raises
 * the budget in the same commit, and says why.
 */
const CALL_BUDGETS = {
  Home: { plain: 0, scripted: 0 },
  "choose the day": { plain: 1, scripted: 1 },
  "choose a school": { plain: 2, scripted: 2 },
  "workshop page": { plain: 1, scripted: 1 },
  "'Toevoegen'": { plain: 1, scripted: 1 },
  "/workshops": { plain: 1, scripted: 1 },
  "places poll": { plain: 2, scripted: 2 },
  "remove from the cart": { plain: 1, scripted: 1 },
  "final form": { plain: 1, scripted: 1 },
  "'Versturen'": { plain: 2, scripted: 2 },
} satisfies Record<string, Record<Path, number>>;
type StepKind = keyof typeof CALL_BUDGETS;

/** The most calls one registration may make (its steps and one places poll, the extra steps not counted): issue 42's aim. */
const TOTAL_BUDGET: Record<Path, number> = { plain: 20, scripted: 20 };
/** Where the total should get to (issue 42). */
const TOTAL_AIM = 20;

const CHECK = process.argv.includes("--check");
const LATENCY_MS = Number(process.env.UPSTREAM_LATENCY_MS ?? 200);
/**
 * Measured students per path and latency: a step's time is the fastest of theirs, the one the machine's load
 * disturbed least (load only ever adds time).
 */
const RUNS = CHECK ? 1 : Number(process.env.UPSTREAM_BENCH_RUNS ?? 3);
const STEP_TIMEOUT_MS = 30_000;

interface StepResult {
  label: string;
  kind: StepKind;
  /** Not part of the registration's total (removing and adding again). */
  extra: boolean;
  /** The API calls, by contract name, in the order they reached the proxy. */
  calls: string[];
  /** The longest run of those calls made one after the other (each started after the one before had its answer). */
  chain: number;
  ms: number;
}

/** The most calls that ran one after the other: each starting after the one before it had been answered. */
function longestChain(spans: { start: number; end: number }[]): number {
  const chain: number[] = [];
  spans.forEach((span, index) => {
    const before = spans
      .slice(0, index)
      .map((earlier, at) => (earlier.end <= span.start ? chain[at]! : 0));
    chain.push(1 + Math.max(0, ...before));
  });
  return Math.max(0, ...chain);
}

/** Resolves once `idle()` has held on two checks in a row, 20 ms apart; fails after STEP_TIMEOUT_MS. */
async function until(idle: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() > deadline) throw new Error(`${what} did not settle`);
    await new Promise((done) => setTimeout(done, 20));
    quiet = idle() ? quiet + 1 : 0;
  }
}

// ─── One student's walk ─────────────────────────────────────────────────────

/** The workshops one walk takes, one per round (added for the run, with seats in every round). */
interface WalkWorkshop {
  slug: string;
  display: string;
}

interface Walk {
  appUrl: string;
  proxy: CountingProxy;
  workshops: WalkWorkshop[];
  /**
   * The workshop whose places a measured student polls once: one nobody polled before, so the poll fills the
   * shared answer and costs what a poll costs at most. The warm-up student polls nothing.
   */
  poll: string | null;
  student: string;
}

/** Records one step: its calls and, by `timed`, its time. */
class Recorder {
  readonly steps: StepResult[] = [];
  constructor(private readonly proxy: CountingProxy) {}

  /**
   * Runs `act`, which answers the step's time in ms, then waits until no call is in flight, and keeps the calls
   * made meanwhile.
   */
  async step(
    label: string,
    kind: StepKind,
    act: () => Promise<number>,
    extra = false,
  ): Promise<void> {
    await until(() => this.proxy.inFlight() === 0, "the upstream calls");
    const from = this.proxy.calls.length;
    const ms = await act();
    await until(() => this.proxy.inFlight() === 0, `${label}'s calls`);
    this.steps.push({
      label,
      kind,
      extra,
      calls: this.proxy.calls.slice(from),
      chain: longestChain(this.proxy.spans.slice(from)),
      ms,
    });
  }
}

const KEY_FIELD = /name="idempotencyKey" value="([^"]+)"/;
const ROUND_RADIO = /<input type="radio"[^>]*name="round"[^>]*>/g;

/** The walk as a browser without JavaScript takes it: plain requests, each post's redirect followed. */
async function plainWalk(walk: Walk): Promise<StepResult[]> {
  const record = new Recorder(walk.proxy);
  let cookies = "";
  let html = "";

  async function send(path: string, form?: Record<string, string>) {
    const answer = await fetch(`${walk.appUrl}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: cookies,
        "user-agent": BROWSER_USER_AGENT,
        ...(form
          ? { "content-type": "application/x-www-form-urlencoded" }
          : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    cookies = mergeCookies(cookies, answer.headers.getSetCookie());
    return { answer, text: await answer.text() };
  }

  /** A page, or a post and the page its redirect leads to (which must start with `expected`): the time of both. */
  async function visit(
    path: string,
    form?: Record<string, string>,
    expected?: string,
  ): Promise<number> {
    const started = performance.now();
    let { answer, text } = await send(path, form);
    if (form) {
      const to = answer.headers.get("location") ?? "";
      if (
        answer.status < 300 ||
        answer.status >= 400 ||
        !to.startsWith(expected ?? "")
      )
        throw new Error(
          `POST ${path}: ${answer.status}, to "${to}", not ${expected}`,
        );
      ({ answer, text } = await send(to));
    }
    const ms = performance.now() - started;
    if (answer.status !== 200)
      throw new Error(`${path}: ${answer.status} after the post`);
    html = text;
    return ms;
  }

  const field = (pattern: RegExp, what: string) => {
    const value = pattern.exec(html)?.[1];
    if (!value) throw new Error(`no ${what} on the page`);
    return value;
  };

  await record.step("Home", "Home", () => visit("/"));
  const day = field(DAY_BUTTON, "day");
  await record.step("choose the day", "choose the day", () =>
    visit("/?index", { orientationDayId: day }, "/inschrijven"),
  );
  const school = field(SCHOOL_BUTTON, "school");
  await record.step("choose a school", "choose a school", () =>
    visit("/inschrijven", { intent: "school", school }, "/workshops"),
  );
  const rounds = walk.workshops.length;
  for (const [index, workshop] of walk.workshops.entries()) {
    const round = index + 1;
    const page = `/workshop/${workshop.slug}`;
    if (!html.includes(`href="${page}"`))
      throw new Error(`${workshop.slug} is not on /workshops`);
    await record.step(`workshop page (round ${round})`, "workshop page", () =>
      visit(page),
    );
    const radios = html.match(ROUND_RADIO) ?? [];
    if (radios.length !== rounds)
      throw new Error(`${radios.length} rounds on ${page}, not ${rounds}`);
    const key = field(KEY_FIELD, "form key");
    await record.step(`'Toevoegen' (round ${round})`, "'Toevoegen'", () =>
      visit(page, { round: String(round), idempotencyKey: key }, page),
    );
    if (!html.includes(CART.count(round)))
      throw new Error(`the cart does not hold ${round} after 'Toevoegen'`);
    if (round < rounds)
      await record.step(`/workshops (after round ${round})`, "/workshops", () =>
        visit("/workshops"),
      );
  }
  const last = walk.workshops.at(-1)!;
  const lastPage = `/workshop/${last.slug}`;
  const pollSlug = walk.poll;
  if (pollSlug)
    await record.step("places poll", "places poll", () =>
      pollPlaces(async (path) => {
        const { answer } = await send(path);
        return answer.status;
      }, pollSlug),
    );
  // The cart's remove form for the last round, as the page renders it.
  const removeForm = new RegExp(
    `action="/winkelwagen"[^>]*>(?:<input type="hidden"[^>]*/>)*?<input type="hidden" name="round" value="${rounds}"/>(?:<input type="hidden"[^>]*/>)*`,
  ).exec(html)?.[0];
  if (!removeForm) throw new Error(`no remove form for round ${rounds}`);
  const removeFields = Object.fromEntries(
    [...removeForm.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replaceAll("&amp;", "&"),
    ]),
  );
  await record.step(
    `remove round ${rounds} from the cart`,
    "remove from the cart",
    () => visit("/winkelwagen", removeFields, lastPage),
    true,
  );
  if (!html.includes(CART.count(rounds - 1)))
    throw new Error("the cart still holds the removed round");
  const again = field(KEY_FIELD, "form key");
  await record.step(
    `'Toevoegen' again (round ${rounds})`,
    "'Toevoegen'",
    () =>
      visit(
        lastPage,
        { round: String(rounds), idempotencyKey: again },
        lastPage,
      ),
    true,
  );
  await record.step("final form", "final form", () =>
    visit("/inschrijving-afronden"),
  );
  const formKey = field(KEY_FIELD, "form key");
  const email = `${walk.student}@example.org`;
  await record.step("'Versturen'", "'Versturen'", () =>
    visit(
      "/inschrijving-afronden",
      {
        geslacht: "x",
        display: "Meting",
        voornaam: "Meting",
        achternaam: walk.student,
        klas: "3b",
        aantalPersonen: "1",
        emailadres: email,
        repeatEmail: email,
        idempotencyKey: formKey,
      },
      "/",
    ),
  );
  if (!html.includes(TOASTS.registeredNew.message))
    throw new Error("no success message on Home after 'Versturen'");
  return record.steps;
}

/** One read of the workshop's places, as an open page polls them; its time. */
async function pollPlaces(
  get: (path: string) => Promise<number>,
  slug: string,
): Promise<number> {
  const started = performance.now();
  const status = await get(`/workshop/${slug}/plaatsen`);
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`places poll: ${status}`);
  return ms;
}

/** The site's own requests a step waits for: documents and data, not scripts, styles or pictures. */
function awaited(url: string, appUrl: string): boolean {
  if (!url.startsWith(appUrl)) return false;
  const { pathname } = new URL(url);
  return !pathname.startsWith("/assets/") && !pathname.startsWith("/media/");
}

/** The walk in Chromium with JavaScript, through the pages' own controls. */
async function scriptedWalk(
  walk: Walk,
  browser: Browser,
): Promise<StepResult[]> {
  const record = new Recorder(walk.proxy);
  const context = await browser.newContext({
    baseURL: walk.appUrl,
    locale: "nl-NL",
    userAgent: BROWSER_USER_AGENT,
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  // The page's own polls of its places never reach the site: the counts stay the same however long a step takes.
  // 409 is the site's "cannot say now": the page keeps what it shows.
  await context.route(/\/workshop\/[^/]+\/plaatsen$/, (route) =>
    route.fulfill({ status: 409, json: { availability: null } }),
  );
  const page = await context.newPage();
  let open = 0;
  let lastEnd = 0;
  const ended = (url: string) => {
    if (!awaited(url, walk.appUrl)) return;
    open -= 1;
    lastEnd = performance.now();
  };
  page.on("request", (request) => {
    if (awaited(request.url(), walk.appUrl)) open += 1;
  });
  page.on("requestfinished", (request) => ended(request.url()));
  page.on("requestfailed", (request) => ended(request.url()));

  /** Acts, waits for `done`, then until nothing is loading; the time from the act to the last request's end. */
  function timed(act: () => Promise<unknown>, done: () => Promise<unknown>) {
    return async () => {
      const started = performance.now();
      lastEnd = started;
      await act();
      await done();
      await until(() => open === 0, "the page's requests");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return lastEnd - started;
    };
  }

  const panel = page.getByRole("region", { name: "Inschrijven" });
  const cart = page.getByRole("dialog", { name: CART.title });
  const cartHolds = (count: number) =>
    cart.getByText(CART.count(count), { exact: true }).waitFor();
  async function closeCart() {
    await page.keyboard.press("Escape");
    await cart.waitFor({ state: "hidden" });
  }

  try {
    await record.step(
      "Home",
      "Home",
      timed(
        () => page.goto("/"),
        () => page.getByRole("heading", { name: "Evenementen" }).waitFor(),
      ),
    );
    await record.step(
      "choose the day",
      "choose the day",
      timed(
        () =>
          page
            .getByRole("region", { name: "Evenementen" })
            .getByRole("listitem")
            .first()
            .getByRole("button", { name: /^Inschrijven/ })
            .click(),
        () => page.waitForURL(/\/inschrijven$/),
      ),
    );
    await record.step(
      "choose a school",
      "choose a school",
      timed(
        () =>
          page
            .getByRole("region", {
              name: "Nieuwe inschrijving? Selecteer jouw school:",
            })
            .getByRole("button")
            .first()
            .click(),
        () => page.waitForURL(/\/workshops$/),
      ),
    );
    const rounds = walk.workshops.length;
    for (const [index, workshop] of walk.workshops.entries()) {
      const round = index + 1;
      await record.step(
        `workshop page (round ${round})`,
        "workshop page",
        timed(
          () =>
            page
              .getByRole("link", { name: workshop.display, exact: true })
              .click(),
          () =>
            page
              .getByRole("heading", { name: workshop.display, level: 1 })
              .waitFor(),
        ),
      );
      const radios = await panel.getByRole("radio").count();
      if (radios !== rounds)
        throw new Error(`${radios} rounds on ${workshop.slug}, not ${rounds}`);
      await panel
        .getByRole("radio", { name: new RegExp(`^Ronde ${round}\\b`) })
        .check();
      await record.step(
        `'Toevoegen' (round ${round})`,
        "'Toevoegen'",
        timed(
          () =>
            panel
              .getByRole("button", { name: "Toevoegen", exact: true })
              .click(),
          () => cartHolds(round),
        ),
      );
      if (round < rounds) {
        await closeCart();
        await record.step(
          `/workshops (after round ${round})`,
          "/workshops",
          timed(
            () => page.getByRole("link", { name: WORKSHOP_PAGE.back }).click(),
            () => page.waitForURL(/\/workshops$/),
          ),
        );
      }
    }
    const last = walk.workshops.at(-1)!;
    const pollSlug = walk.poll;
    if (pollSlug)
      await record.step("places poll", "places poll", () =>
        pollPlaces(async (path) => {
          const answer = await page.request.get(path, {
            headers: { accept: "application/json" },
          });
          return answer.status();
        }, pollSlug),
      );
    await record.step(
      `remove round ${rounds} from the cart`,
      "remove from the cart",
      timed(
        () =>
          cart.getByRole("button", { name: CART.remove(last.display) }).click(),
        () => cartHolds(rounds - 1),
      ),
      true,
    );
    await closeCart();
    await panel
      .getByRole("radio", { name: new RegExp(`^Ronde ${rounds}\\b`) })
      .check();
    await record.step(
      `'Toevoegen' again (round ${rounds})`,
      "'Toevoegen'",
      timed(
        () =>
          panel.getByRole("button", { name: "Toevoegen", exact: true }).click(),
        () => cartHolds(rounds),
      ),
      true,
    );
    await record.step(
      "final form",
      "final form",
      timed(
        () => cart.getByRole("link", { name: CART.finish }).click(),
        () =>
          page.getByRole("heading", { name: CART.finish, level: 1 }).waitFor(),
      ),
    );
    await fillRequiredDetails(page, `${walk.student}@example.org`);
    await record.step(
      "'Versturen'",
      "'Versturen'",
      timed(
        () => page.getByRole("button", { name: "Versturen" }).click(),
        () => page.getByText(TOASTS.registeredNew.message).first().waitFor(),
      ),
    );
  } finally {
    await context.close();
  }
  return record.steps;
}

// ─── The run ────────────────────────────────────────────────────────────────

interface PathFigures {
  warmUp: StepResult[];
  /** One walk per run, each of a new student after the warm-up. */
  measured: StepResult[][];
}

const counted = (steps: StepResult[]) =>
  steps
    .filter((step) => !step.extra)
    .reduce((sum, s) => sum + s.calls.length, 0);

const upstream = await startUpstream({
  port: await freePort(),
  // The latency is the proxy's: the upstream's own setting of the same name (inherited) stays off.
  env: { UPSTREAM_TEST_HOOKS: "1", UPSTREAM_LATENCY_MS: "0" },
});
const proxy = await startProxy(upstream.url);
const site = await startSite({
  UPSTREAM_URL: proxy.url,
  // Shared data stays for the run: a refresh is the site's, paid once for every visitor (see above).
  SITE_CACHE_SECONDS: "3600",
  SEATS_CACHE_SECONDS: "3600",
});
const appUrl = `http://${site.host}`;
let browser: Browser | undefined;
let failed = false;
try {
  const home = await (await fetch(`${appUrl}/`)).text();
  const day = Number(DAY_BUTTON.exec(home)?.[1]);
  if (!day) throw new Error("no orientation day on Home");
  const latencies = CHECK ? [0] : [0, LATENCY_MS];
  // Workshops of their own for each walk at each latency, added before any visitor, so the day's list holds
  // them all from the first; the warm-up and the measured student of a walk share them (the gallery is warm).
  // Each measured student polls a workshop of its own (see Walk.poll).
  const sets = new Map<string, { rounds: WalkWorkshop[]; polled: string[] }>();
  const rounds = await roundsOfDay(upstream.url, site.host, day);
  for (const latency of latencies)
    for (const path of PATHS) {
      const set = `${path === "plain" ? "a" : "b"}${latency}`;
      const workshops = Array.from({ length: rounds }, (_, index) => ({
        slug: `meting-${set}-ronde-${index + 1}`,
        display: `Meting ${set} ronde ${index + 1}`,
      }));
      const polled = Array.from(
        { length: RUNS },
        (_, index) => `meting-${set}-peiling-${index + 1}`,
      );
      for (const { slug, display } of workshops)
        await addWorkshop(upstream.url, day, slug, 1_000, display);
      for (const slug of polled)
        await addWorkshop(upstream.url, day, slug, 1_000);
      sets.set(`${path}|${latency}`, { rounds: workshops, polled });
    }

  browser = await chromium.launch(launchOptions);
  const figures = new Map<string, PathFigures>();
  for (const latency of latencies) {
    proxy.latencyMs = latency;
    for (const path of PATHS) {
      const { rounds: workshops, polled } = sets.get(`${path}|${latency}`)!;
      const walkOf = (student: string, poll: string | null) => {
        const walk = { appUrl, proxy, workshops, poll, student };
        return path === "plain"
          ? plainWalk(walk)
          : scriptedWalk(walk, browser!);
      };
      const tag = `${path}-${latency}-${process.pid}`;
      const warmUp = await walkOf(`warm-${tag}`, null);
      const measured: StepResult[][] = [];
      for (const [run, slug] of polled.entries())
        measured.push(await walkOf(`meting-${tag}-${run}`, slug));
      figures.set(`${path}|${latency}`, { warmUp, measured });
    }
  }
  failed = report(figures, latencies, browser.version());
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser?.close();
  await site.stop();
  await proxy.close();
  await upstream.stop();
}
process.exit(failed ? 1 : 0);

/**
 * How many rounds the day has, asked of the upstream itself: a visitor of the site would fill the day's shared
 * workshops (decision 0072) before the run's own workshops are added.
 */
async function roundsOfDay(
  upstreamUrl: string,
  siteHost: string,
  day: number,
): Promise<number> {
  const answer = await fetch(
    `${upstreamUrl}${API_BASE_PATH}/orientation-days/available`,
    {
      headers: {
        [HEADERS.siteHost]: siteHost,
        [HEADERS.apiKey]: "demo-api-key",
        [HEADERS.anonymousUserId]: "bench-upstream",
      },
    },
  );
  const days = (await answer.json()) as { id: number; rondes: unknown[] }[];
  const count = days.find((candidate) => candidate.id === day)?.rondes.length;
  if (!count) throw new Error(`day ${day} has no round`);
  return count;
}

/** Prints the table and the totals; answers whether a step or a total is over its budget. */
function report(
  figures: Map<string, PathFigures>,
  latencies: number[],
  browserVersion: string,
): boolean {
  const latency = latencies.at(-1)!;
  const runs = (path: Path, ms: number) =>
    figures.get(`${path}|${ms}`)!.measured;
  const at = (path: Path, ms: number) => runs(path, ms)[0]!;
  const labels = at("plain", 0).map((step) => step.label);
  const unsteady: string[] = [];
  for (const path of PATHS)
    for (const ms of latencies)
      for (const walk of runs(path, ms)) {
        const other = walk.map((step) => step.label);
        if (other.join() !== labels.join())
          throw new Error(
            `the walks took different steps: ${other.join(", ")}`,
          );
        walk.forEach((step, index) => {
          const calls = at(path, 0)[index]!.calls.toSorted().join(", ");
          if (step.calls.toSorted().join(", ") !== calls)
            unsteady.push(
              `${PATH_NAMES[path]}, ${step.label} at ${ms} ms: ${step.calls.join(", ")}`,
            );
        });
      }
  const fastestMs = (path: Path, ms: number, index: number) =>
    Math.min(...runs(path, ms).map((walk) => walk[index]!.ms));
  const trips = (path: Path, index: number) => {
    const slow = fastestMs(path, latency, index);
    const fast = fastestMs(path, 0, index);
    return Math.max(0, Math.round((slow - fast) / latency));
  };
  const cell = (path: Path, index: number) => {
    const step = at(path, 0)[index]!;
    if (CHECK)
      return `${step.calls.length} (≤ ${CALL_BUDGETS[step.kind][path]})`;
    const { chain } = at(path, latency)[index]!;
    return `${step.calls.length} / ${trips(path, index)} (${chain})`;
  };
  const which = (index: number) => {
    const [plain, scripted] = PATHS.map((path) => at(path, 0)[index]!.calls);
    const same = plain!.toSorted().join() === scripted!.toSorted().join();
    return same
      ? plain!.join(", ")
      : `${plain!.join(", ") || "none"}; with JS: ${scripted!.join(", ") || "none"}`;
  };
  const measure = CHECK ? "calls (budget)" : "calls / trips (chain)";
  const rows = labels.map((label, index) => [
    at("plain", 0)[index]!.extra ? `${label} (extra)` : label,
    cell("plain", index),
    cell("scripted", index),
    which(index),
  ]);
  const total = (path: Path) => {
    const calls = counted(at(path, 0));
    if (CHECK) return `${calls} (≤ ${TOTAL_BUDGET[path]})`;
    const trip = at(path, 0).reduce(
      (sum, step, index) => (step.extra ? sum : sum + trips(path, index)),
      0,
    );
    const chain = at(path, latency).reduce(
      (sum, step) => (step.extra ? sum : sum + step.chain),
      0,
    );
    return `${calls} / ${trip} (${chain})`;
  };
  rows.push([
    "one registration (its steps and the poll, no extra)",
    total("plain"),
    total("scripted"),
    `aim: ${TOTAL_AIM} calls a path`,
  ]);
  console.log(
    `Upstream calls${CHECK ? "" : ` and sequential round trips (latency ${latency} ms)`} of one registration by a student after the warm-up one; Node ${process.version}, Chromium ${browserVersion}`,
  );
  printTable(
    ["step", `without JS: ${measure}`, `with JS: ${measure}`, "which calls"],
    rows,
  );
  if (!CHECK)
    console.log(
      `\ntrips: (the step's time at ${latency} ms − at 0) / ${latency}, rounded, its time the fastest of ${RUNS} students; chain: the most calls the proxy saw one after the other in the step at ${latency} ms. Where they differ, the machine's load moved a step's time.`,
    );
  console.log(
    `\nThe warm-up student (the first, at latency 0): ${PATHS.map((path) => `${counted(figures.get(`${path}|0`)!.warmUp)} calls ${PATH_NAMES[path]}`).join(", ")} (no poll).`,
  );
  if (unsteady.length > 0)
    console.log(
      `\nCalls that differed from the first measured student's:\n${unsteady.join("\n")}`,
    );

  const over: string[] = [];
  for (const path of PATHS) {
    for (const step of at(path, 0)) {
      const budget = CALL_BUDGETS[step.kind][path];
      if (step.calls.length > budget)
        over.push(
          `${PATH_NAMES[path]}: ${step.label} made ${step.calls.length} calls, its budget is ${budget}`,
        );
    }
    if (counted(at(path, 0)) > TOTAL_BUDGET[path])
      over.push(
        `${PATH_NAMES[path]}: one registration made ${counted(at(path, 0))} calls, its budget is ${TOTAL_BUDGET[path]}`,
      );
  }
  if (over.length > 0)
    console.error(
      `\nOver the upstream call budget (CALL_BUDGETS, TOTAL_BUDGET in scripts/bench-upstream.ts):\n${over.join("\n")}`,
    );
  return over.length > 0;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]!.length)),
  );
  for (const row of [header, widths.map((width) => "-".repeat(width)), ...rows])
    console.log(
      `| ${row.map((text, column) => text.padEnd(widths[column]!)).join(" | ")} |`,
    );
}
