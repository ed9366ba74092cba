/**
 * `npm run screens`: pictures of every page for a person to review (not compared anywhere): at 360 and 1280 px,
 * light and dark, JavaScript on and off, written to screens/. Runs the production build as it is (`npm run build`
 * first) against a freshly seeded reference upstream, on free ports, with the browser the end-to-end tests use.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import type { Browser } from "@playwright/test";
import { launchOptions } from "../tests/support/chromium";
import { flowVisitor } from "./flow-visitor";
import {
  bin,
  freePort,
  instrumentArgs,
  root,
  startUpstream,
  waitFor,
} from "./processes.mjs";

const OUT = join(root, "screens");
const WIDTHS = [360, 1280];
const THEMES = ["light", "dark"] as const;

/** How far into the flow the visitor is: nowhere, a day chosen, or a day and a school. */
type Session = "none" | "day" | "school";

async function startApp(
  upstreamUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...instrumentArgs(), bin("react-router-serve"), "./build/server/index.js"],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        UPSTREAM_URL: upstreamUrl,
        UPSTREAM_API_KEY: "demo-api-key",
        SESSION_SECRET: "screens-session-secret-0123456789",
        MAINTENANCE: "false",
        ...env,
      },
    },
  );
  const url = `http://localhost:${port}`;
  await waitFor(`${url}/health`, 30_000, child);
  return { url, child };
}

/** "a=1; b=2" as cookies for the browser. */
function cookiesOf(header: string, url: string) {
  return header
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
}

async function shoot(
  browser: Browser,
  pages: { name: string; url: string; session: Session }[],
  cookies: Record<Session, string>,
): Promise<number> {
  let count = 0;
  for (const javaScript of [true, false])
    for (const theme of THEMES)
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: 800 },
          colorScheme: theme,
          javaScriptEnabled: javaScript,
          locale: "nl-NL",
          timezoneId: "Europe/Amsterdam",
          reducedMotion: "reduce",
        });
        try {
          const page = await context.newPage();
          for (const target of pages) {
            await context.clearCookies();
            const origin = new URL(target.url).origin;
            if (cookies[target.session])
              await context.addCookies(
                cookiesOf(cookies[target.session], origin),
              );
            await page.goto(target.url, { waitUntil: "networkidle" });
            const file = `${target.name}-${width}-${theme}-js-${javaScript ? "on" : "off"}.png`;
            await page.screenshot({ path: join(OUT, file), fullPage: true });
            count += 1;
          }
        } finally {
          await context.close();
        }
      }
  return count;
}

const started: ChildProcess[] = [];
const upstream = await startUpstream({ port: await freePort() });
try {
  const app = await startApp(upstream.url);
  started.push(app.child);
  const maintenance = await startApp(upstream.url, {
    MAINTENANCE: "true",
    MAINTENANCE_END: "2099-10-01T00:00",
  });
  started.push(maintenance.child);

  const visitor = await flowVisitor(app.url);
  const pages: { name: string; url: string; session: Session }[] = [
    { name: "home", url: `${app.url}/`, session: "none" },
    { name: "inschrijven", url: `${app.url}/inschrijven`, session: "day" },
    { name: "workshops", url: `${app.url}/workshops`, session: "school" },
    {
      name: "workshop",
      url: `${app.url}/workshop/${visitor.slug}`,
      session: "school",
    },
    {
      name: "inschrijving-afronden",
      url: `${app.url}/inschrijving-afronden`,
      session: "school",
    },
    { name: "contact", url: `${app.url}/contact`, session: "none" },
    { name: "privacy", url: `${app.url}/privacy`, session: "none" },
    {
      name: "toegankelijkheid",
      url: `${app.url}/toegankelijkheid`,
      session: "none",
    },
    { name: "404", url: `${app.url}/bestaat-niet`, session: "none" },
    {
      name: "maintenance",
      url: `${maintenance.url}/under-construction`,
      session: "none",
    },
  ];

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(launchOptions);
  try {
    const count = await shoot(browser, pages, {
      none: "",
      day: visitor.dayCookie,
      school: visitor.cookie,
    });
    console.log(`${count} pictures in ${OUT}`);
  } finally {
    await browser.close();
  }
} finally {
  for (const child of started.reverse()) child.kill("SIGTERM");
  await upstream.stop();
}
