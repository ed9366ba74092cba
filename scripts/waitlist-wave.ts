/**
 * A waiting-list wave (decision 0023), after a rush: scarce workshops are filled, students join their lists, and
 * then a wave of cancellations, changes and cart removals frees seats, all at once. The seats are filled and given
 * up through the reference upstream's API; with `appUrl`, the students who only wait join through the site, as a
 * browser without JavaScript does ('Op de wachtlijst voor ronde {n}' on the workshop page), and their outcome is
 * read from that page too. Afterwards it checks that every freed seat went to the first registration in line.
 *
 * Three kinds of registration: leavers hold a scarce seat and give it up in the wave; cascaders hold a scarce seat
 * and wait for another scarce workshop in the same round (their promotion frees their seat for the next list);
 * waiters only wait (through the API with a seat elsewhere and an address; through the site as a bare draft).
 * Cascaders and waiters do nothing during the wave, so the outcome is checkable: on each list, the registrations
 * moved up are exactly the first ones in order of joining, and the rest still wait in that order, at places 1, 2,
 * 3…; a list with someone still waiting has no free seat.
 */
import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { request } from "undici";
import type { z } from "zod";
import { API_BASE_PATH, ENDPOINTS, HEADERS, fillPath } from "#contract";
import type { EndpointName } from "#contract";
import { SCHOOL_BUTTON, mergeCookies } from "./flow-visitor";
import { addWorkshop } from "./rush";

export interface WaveOptions {
  upstreamUrl: string;
  /** The site: the waiters join through its workshop pages. Without it they join through the API. */
  appUrl?: string;
  day: number;
  /** How many scarce workshops to add, each with `seats` seats in rounds 1–4. */
  workshops: number;
  seats: number;
  /** Registrations that only wait (besides the cascaders). */
  waiters: number;
  concurrency: number;
  apiKey?: string;
  random?: () => number;
}

export interface WaveResult {
  lists: number;
  /** Registrations on a list before the wave. */
  waiting: number;
  cancellations: number;
  changes: number;
  removals: number;
  promotions: number;
  /** Promotions of registrations with an e-mail address (all but those made through the site), each mailed. */
  promotionsWithAddress: number;
  /** Promotions of cascaders: each released a scarce seat in turn. */
  cascades: number;
  stillWaiting: number;
  /** Registrations moved up out of their list's order, or placed wrongly among those still waiting. */
  outOfOrder: string[];
  /** Registrations of the wave that neither moved up, nor still wait, nor exist. */
  lost: string[];
  /** Lists with someone waiting while their round has a free seat. */
  seatLeftFree: string[];
  failed: string[];
  elapsedMs: number;
}

type Answer<N extends EndpointName> = z.infer<(typeof ENDPOINTS)[N]["answer"]>;

/** Where a registration stands on its list after the wave: moved up, waiting at a place, or neither. */
type Outcome = "promoted" | { position: number } | null;

interface Joiner {
  /** The registration id, or for a student of the site a name for the reports. */
  id: string;
  list: Seat;
  /** Has an e-mail address, so a promotion is mailed. */
  address: boolean;
  join(): Promise<number>;
  outcome(): Promise<Outcome>;
}

const KEY_FIELD = /name="idempotencyKey" value="([^"]+)"/;
const WAITING = /Op de wachtlijst, plek (\d+)/;
const ADDED = "Toegevoegd aan inschrijving";

interface Seat {
  workshop: number;
  round: number;
}
const key = (seat: Seat) => `${seat.workshop}/${seat.round}`;

/** Runs `tasks` with at most `concurrency` at a time. */
async function pool<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export async function runWaitlistWave(
  options: WaveOptions,
): Promise<WaveResult> {
  const random = options.random ?? Math.random;
  const apiKey = options.apiKey ?? "demo-api-key";

  /** One contract call; answers other than 200 and 204 throw. */
  async function api<N extends EndpointName>(
    name: N,
    registrationId: string | null,
    input: { body?: unknown; query?: Record<string, string> } = {},
  ): Promise<Answer<N> | null> {
    const endpoint: (typeof ENDPOINTS)[EndpointName] = ENDPOINTS[name];
    const query = input.query ? `?${new URLSearchParams(input.query)}` : "";
    const answer = await request(
      `${options.upstreamUrl}${API_BASE_PATH}${fillPath(endpoint.path)}${query}`,
      {
        method: endpoint.method,
        headers: {
          [HEADERS.siteHost]: "localhost",
          [HEADERS.apiKey]: apiKey,
          [HEADERS.anonymousUserId]: "waitlist-wave",
          ...(registrationId
            ? { [HEADERS.registrationId]: registrationId }
            : {}),
          ...("idempotencyKey" in endpoint
            ? { [HEADERS.idempotencyKey]: randomUUID() }
            : {}),
          ...(input.body ? { "content-type": "application/json" } : {}),
        },
        body: input.body ? JSON.stringify(input.body) : undefined,
      },
    );
    const text = await answer.body.text();
    if (answer.statusCode === 204) return null;
    if (answer.statusCode !== 200)
      throw new Error(`${name}: ${answer.statusCode} ${text}`);
    return endpoint.answer.parse(JSON.parse(text)) as Answer<N>;
  }

  const started = performance.now();
  const schools = await api("schools", null, {
    query: { orientationDay: String(options.day) },
  });
  const school = schools?.[0]?.id;
  if (school === undefined) throw new Error("the day has no school");

  /** A registration for the day (submit gives it a confirmed address, so a promotion is mailed). */
  async function register(): Promise<string> {
    const { hash } = (await api("registrationHash", null))!;
    await api("create", hash, {
      body: { school, orientationDay: options.day },
    });
    return hash;
  }
  /** The token of the first link to `path` mailed to the address. */
  async function mailedToken(email: string, path: string): Promise<string> {
    const mailbox = await request(
      `${options.upstreamUrl}/dev/mailbox.json?${new URLSearchParams({ to: email })}`,
    );
    const mails = (await mailbox.body.json()) as { links: string[] }[];
    const link = mails
      .flatMap((mail) => mail.links)
      .find((candidate) => candidate.includes(path));
    if (!link) throw new Error(`no ${path} link mailed to ${email}`);
    return new URL(link).searchParams.get("token")!;
  }

  /**
   * The registration's details, confirmed by the mailed link as a student would: promotion mail goes to a
   * confirmed address only (decision 0023). Then logged into by the mailed login link, as a student who changes it
   * afterwards must be (decision 0076): the id the login answers, for every later change.
   */
  async function submit(id: string): Promise<string> {
    const email = `wave-${id.slice(0, 12)}@example.org`;
    await api("pendingConfirmation", id, {
      body: {
        geslacht: "x",
        voornaam: "Wachtende",
        tussenvoegsel: null,
        achternaam: "Student",
        klas: "3b",
        telefoonnummer: null,
        emailadres: email,
        aantalPersonen: 1,
        marketingOptin: false,
        display: "Wachtende",
      },
    });
    await api("confirm", null, {
      body: { token: await mailedToken(email, "/inschrijving-bevestigen") },
    });
    await api("requestLogin", null, {
      body: { email, orientationDayId: options.day },
    });
    const login = await api("login", null, {
      body: { token: await mailedToken(email, "/login") },
    });
    return login!.registrationId;
  }
  const choose = (id: string, round: number, workshop: number | null) =>
    api("update", id, { body: { choices: [{ round, workshop }] } });

  // The scarce workshops, and a roomy one (the rush's overflow) for changes and for the waiters' own seats.
  const runTag = Date.now().toString(36);
  for (let n = 1; n <= options.workshops; n++)
    await addWorkshop(
      options.upstreamUrl,
      options.day,
      `wachtlijst-${runTag}-${n}`,
      options.seats,
    );
  await addWorkshop(
    options.upstreamUrl,
    options.day,
    `ruimte-${runTag}`,
    options.workshops * options.seats * 4 + options.waiters,
  );
  const probe = await register();
  const catalogue = (await api("workshops", probe))!;
  const rounds = (await api("registration", probe))!.orientationDay.rondes
    .map((r) => r.number)
    .filter((n) => n <= 4);
  await api("delete", probe);
  const scarce = catalogue
    .filter((w) => w.slug.startsWith(`wachtlijst-${runTag}-`))
    .map((w) => w.id);
  const roomy = catalogue.find((w) => w.slug === `ruimte-${runTag}`)!.id;
  const slugs = new Map(catalogue.map((w) => [w.id, w.slug]));
  const lists: Seat[] = scarce.flatMap((workshop) =>
    rounds.map((round) => ({ workshop, round })),
  );
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

  /** A registration made here that joins through the API; it has an address. */
  function apiJoiner(id: string, list: Seat): Joiner {
    return {
      id,
      list,
      address: true,
      async join() {
        const answer = await api("waitlistJoin", id, { body: list });
        const entry = answer?.waitlist?.find((e) => e.round === list.round);
        if (!entry) throw new Error("no entry after joining");
        return entry.position;
      },
      async outcome() {
        const registration = await api("registration", id);
        const entry = registration?.waitlist?.find(
          (e) => e.round === list.round,
        );
        if (entry?.workshop.id === list.workshop)
          return { position: entry.position };
        const chosen = registration?.choices[String(list.round)]?.workshop.id;
        return chosen === list.workshop && !entry ? "promoted" : null;
      },
    };
  }

  /**
   * A student of the site, as a browser without JavaScript: the first day, a school, then the workshop page's
   * 'Op de wachtlijst voor ronde {n}' (form wachtlijst-ronde-{n}, intent join-waitlist). Its place and later its
   * outcome are read from the workshop page: 'Op de wachtlijst, plek {p}', or the round's 'Toegevoegd aan
   * inschrijving'. It has no address (a draft), so nothing is mailed to it.
   */
  async function siteJoiner(
    appUrl: string,
    n: number,
    list: Seat,
  ): Promise<Joiner> {
    const slug = slugs.get(list.workshop)!;
    let cookies = "";
    async function send(
      path: string,
      form?: Record<string, string>,
    ): Promise<{ status: number; html: string }> {
      const answer = await request(`${appUrl}${path}`, {
        method: form ? "POST" : "GET",
        headers: {
          cookie: cookies,
          "user-agent": "Mozilla/5.0 (waiting-list wave student)",
          ...(form
            ? { "content-type": "application/x-www-form-urlencoded" }
            : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      cookies = mergeCookies(
        cookies,
        [answer.headers["set-cookie"] ?? []].flat(),
      );
      const location = answer.headers.location;
      if (answer.statusCode >= 300 && typeof location === "string") {
        await answer.body.dump();
        return send(location);
      }
      return { status: answer.statusCode, html: await answer.body.text() };
    }
    await send("/");
    const schoolList = await send("/?index", {
      orientationDayId: String(options.day),
    });
    const school = SCHOOL_BUTTON.exec(schoolList.html)?.[1];
    if (!school) throw new Error("no school to choose on the site");
    await send("/inschrijven", { intent: "school", school });
    return {
      id: `site student ${n}`,
      list,
      address: false,
      async join() {
        const page = await send(`/workshop/${slug}`);
        const key = KEY_FIELD.exec(page.html)?.[1];
        if (!key) throw new Error("no form key on the workshop page");
        const joined = await send(`/workshop/${slug}`, {
          intent: "join-waitlist",
          round: String(list.round),
          idempotencyKey: key,
        });
        const place = WAITING.exec(joined.html)?.[1];
        if (!place)
          throw new Error(`answer ${joined.status} shows no place on the list`);
        return Number(place);
      },
      async outcome() {
        const page = await send(`/workshop/${slug}`);
        const place = WAITING.exec(page.html)?.[1];
        if (place) return { position: Number(place) };
        return page.html.includes(ADDED) ? "promoted" : null;
      },
    };
  }

  // Fill every scarce seat: half the holders will leave in the wave, half wait for another scarce workshop.
  const leavers: { id: string; seat: Seat }[] = [];
  const joiners: Joiner[] = [];
  const failed: string[] = [];
  const seats = lists.flatMap((seat) =>
    Array.from({ length: options.seats }, () => seat),
  );
  await pool(seats, options.concurrency, async (seat) => {
    const id = await register();
    await choose(id, seat.round, seat.workshop);
    const others = scarce.filter((w) => w !== seat.workshop);
    if (random() < 0.5 || others.length === 0) leavers.push({ id, seat });
    else {
      joiners.push(
        apiJoiner(await submit(id), {
          workshop: pick(others),
          round: seat.round,
        }),
      );
    }
  });
  const cascaders = new Set(joiners.map((j) => j.id));
  await pool(
    Array.from({ length: options.waiters }, (_, n) => n),
    options.concurrency,
    async (n) => {
      const list = pick(lists);
      try {
        if (options.appUrl)
          joiners.push(await siteJoiner(options.appUrl, n, list));
        else {
          const id = await register();
          await choose(id, list.round, roomy);
          joiners.push(apiJoiner(await submit(id), list));
        }
      } catch (error) {
        failed.push(`waiter ${n}: ${String(error)}`);
      }
    },
  );

  // Everyone joins at once; with nobody leaving meanwhile, the place a join answers is the final order.
  const order = new Map<string, { joiner: Joiner; position: number }[]>();
  await pool(joiners, options.concurrency, async (joiner) => {
    try {
      const position = await joiner.join();
      const line = order.get(key(joiner.list)) ?? [];
      line.push({ joiner, position });
      order.set(key(joiner.list), line);
    } catch (error) {
      failed.push(`join ${joiner.id}: ${String(error)}`);
    }
  });
  for (const line of order.values())
    line.sort((a, b) => a.position - b.position);

  // The wave: every leaver at once cancels, changes the round to the roomy workshop, or removes it from the cart.
  let cancellations = 0;
  let changes = 0;
  let removals = 0;
  await pool(leavers, options.concurrency, async ({ id, seat }) => {
    const what = random();
    try {
      if (what < 1 / 3) {
        await api("delete", id);
        cancellations += 1;
      } else if (what < 2 / 3) {
        await choose(id, seat.round, roomy);
        changes += 1;
      } else {
        await choose(id, seat.round, null);
        removals += 1;
      }
    } catch (error) {
      failed.push(`leave ${id}: ${String(error)}`);
    }
  });

  // The check, per list: the first ones in line moved up, the rest wait in order at places 1, 2, 3…
  const outOfOrder: string[] = [];
  const lost: string[] = [];
  const seatLeftFree: string[] = [];
  let promotions = 0;
  let cascades = 0;
  let stillWaiting = 0;
  const availability = new Map<string, number | null | undefined>();
  const reader = await register();
  for (const w of (await api("workshops", reader)) ?? [])
    for (const entry of w.availability)
      availability.set(
        key({ workshop: w.id, round: entry.round }),
        entry.seatsLeft,
      );
  let promotionsWithAddress = 0;
  for (const list of lists) {
    const line = order.get(key(list)) ?? [];
    let waitingFrom = -1;
    for (const [index, { joiner }] of line.entries()) {
      const outcome = await joiner.outcome();
      if (outcome === "promoted") {
        promotions += 1;
        if (joiner.address) promotionsWithAddress += 1;
        if (cascaders.has(joiner.id)) cascades += 1;
        if (waitingFrom !== -1)
          outOfOrder.push(
            `${joiner.id} moved up past ${line[waitingFrom]!.joiner.id}`,
          );
      } else if (outcome) {
        if (waitingFrom === -1) waitingFrom = index;
        stillWaiting += 1;
        if (outcome.position !== index - waitingFrom + 1)
          outOfOrder.push(
            `${joiner.id} waits at ${outcome.position}, not ${index - waitingFrom + 1}`,
          );
      } else lost.push(joiner.id);
    }
    if (waitingFrom !== -1 && availability.get(key(list)) !== 0)
      seatLeftFree.push(key(list));
  }
  return {
    lists: lists.length,
    waiting: joiners.length,
    cancellations,
    changes,
    removals,
    promotions,
    promotionsWithAddress,
    cascades,
    stillWaiting,
    outOfOrder,
    lost,
    seatLeftFree,
    failed,
    elapsedMs: performance.now() - started,
  };
}

/** 'Er is een plek vrijgekomen' mails in the reference upstream's outbox (every registration of the wave has an address). */
export function promotionMails(dbFile: string): number {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return (
      db
        .prepare(
          "SELECT COUNT(*) AS n FROM outbox WHERE subject = 'Er is een plek vrijgekomen'",
        )
        .get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}
