/**
 * The production build (`npm run build` first) as a child process on loopback, for the fault and fuzz suites:
 * the same `node build/server/index.js` the Docker image runs, so what these suites prove holds for production.
 * Requests go through node:http rather than fetch, so a test can send any header and any bytes it likes.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { sendRequest } from "../fixtures/http";
import type { Answer, Outgoing } from "../fixtures/http";
import { freePort, root, serverArgs } from "../../scripts/processes.mjs";
import { holdMailToken } from "~/request/mail-token.server";
import type { MailLinkPurpose } from "~/request/mail-token.server";
import { SESSION_COOKIE_NAME } from "~/session/session-cookie.server";
import { VisitorSession } from "~/session/session.server";

export type { Answer, Outgoing };

export const SESSION_SECRET = "robustness-suites-session-secret";
/** A desktop browser: mailed links treat other user agents as scanners. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export interface Site {
  /** The host visitors use, "localhost:<port>" (the "localhost" site). */
  host: string;
  port: number;
  child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Everything the server wrote to stdout so far (its request log among it). */
  stdout(): string;
  stop(): Promise<void>;
}

/** Starts the production server with the given configuration and resolves once it answers. */
export async function startSite(env: Record<string, string>): Promise<Site> {
  if (!existsSync(join(root, "build/server/index.js")))
    throw new Error("no production build: run `npm run build` first");
  const port = await freePort();
  const inherited = { ...process.env };
  // Whatever the shell says, these suites decide about error reporting and the environment themselves.
  delete inherited.SENTRY_DSN;
  delete inherited.VITEST;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SESSION_SECRET,
      // The reference upstream's key; each suite sets UPSTREAM_URL (production refuses to start without either).
      UPSTREAM_API_KEY: "demo-api-key",
      MAINTENANCE: "false",
      RATE_LIMIT_MESSAGES: "0",
      RATE_LIMIT_POSTS: "0",
      RATE_LIMIT_VISITOR_MESSAGES: "0",
      RATE_LIMIT_VISITOR_POSTS: "0",
      RATE_LIMIT_LOOKUPS: "0",
      RATE_LIMIT_REPORTS: "0",
      // One process: these suites test the app, not the workers (tests/cluster does).
      WEB_CONCURRENCY: "1",
      ...env,
    },
  });
  let stderr = "";
  let stdout = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => (stderr += chunk));
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => (stdout += chunk));
  const site: Site = {
    host: `localhost:${port}`,
    port,
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    try {
      if ((await send(site, { path: "/health" })).status === 200) return site;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One request to the site; the Host is the site's unless the test sets its own. */
export function send(site: Site, outgoing: Outgoing): Promise<Answer> {
  return sendRequest(site.port, {
    ...outgoing,
    headers: {
      host: site.host,
      "user-agent": BROWSER_USER_AGENT,
      ...outgoing.headers,
    },
  });
}

/** What a signed session cookie should hold. */
export interface SessionState {
  anonymousUserId?: string;
  orientationDayId?: number;
  schoolId?: number;
  /** The registration id; the upstream is taken to hold a registration for it (it was created). */
  registrationId?: string;
  /** A confirmation link followed in this browser, for the thank-you page. */
  confirmed?: boolean;
}

/** "session=…", signed with the suites' secret by the app's own session code. */
export async function sessionCookie(state: SessionState): Promise<string> {
  const session = await VisitorSession.load(null, {
    secrets: [SESSION_SECRET],
    secure: false,
    newId: () => state.anonymousUserId ?? "robustness-visitor",
  });
  // Reading the id makes it (the session's getter creates one when missing).
  void session.anonymousUserId;
  if (state.orientationDayId !== undefined)
    session.setOrientationDay(state.orientationDayId);
  if (state.schoolId !== undefined) session.setSchool(state.schoolId);
  if (state.registrationId !== undefined) {
    session.setRegistrationId(state.registrationId);
    session.markRegistrationStarted();
  }
  if (state.confirmed)
    session.setConfirmation({
      ok: true,
      dayId: state.orientationDayId ?? 1,
      rounds: [{ round: 1, title: "Robots bouwen" }],
    });
  return (await session.commit())
    .map(nameValue)
    .filter((pair) => pair.startsWith(`${SESSION_COOKIE_NAME}=`))
    .join("; ");
}

/** "<purpose>-token=…": a mailed link's token as the link's first response holds it. */
export async function mailTokenCookie(
  purpose: MailLinkPurpose,
  token: string,
): Promise<string> {
  return nameValue(
    await holdMailToken(purpose, token, {
      secrets: [SESSION_SECRET],
      secure: false,
    }),
  );
}

/** The "name=value" part of a Set-Cookie header. */
export function nameValue(setCookie: string): string {
  return setCookie.split(";")[0]!.trim();
}

/** A Cookie header with each name once, later values replacing earlier ones, and emptied cookies dropped. */
export function mergeCookies(
  cookieHeader: string,
  setCookies: string[] = [],
): string {
  const jar = new Map<string, string>();
  for (const pair of cookieHeader.split(";").map((part) => part.trim()))
    if (pair) jar.set(pair.split("=")[0]!, pair);
  for (const setCookie of setCookies) {
    const pair = nameValue(setCookie);
    const name = pair.split("=")[0]!;
    if (/max-age=0\b/i.test(setCookie) || pair === `${name}=`) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** The messages a response flashed for the next page (its toast cookies). */
export async function flashedMessages(
  setCookies: string[] = [],
): Promise<string[]> {
  const header = mergeCookies("", setCookies);
  const visitor = await VisitorSession.load(header || null, {
    secrets: [SESSION_SECRET],
    secure: false,
  });
  return visitor.takeToasts().map((toast) => toast.message);
}
