import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./tests/support/chromium";

// The suite runs against the production build (`npm run build` first) and a freshly seeded reference upstream.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? 3101);
export const APP_URL = `http://localhost:${APP_PORT}`;
export const UPSTREAM_URL = `http://127.0.0.1:${UPSTREAM_PORT}`;

export const E2E_SESSION_SECRET = "end-to-end-tests-session-secret";
/** The suite posts far more from 127.0.0.1 than any visitor would: no rate limits. */
export const E2E_SERVER_ENV = {
  // The reference upstream's key (production refuses to start without one).
  UPSTREAM_API_KEY: "demo-api-key",
  RATE_LIMIT_MESSAGES: "0",
  RATE_LIMIT_POSTS: "0",
  RATE_LIMIT_VISITOR_MESSAGES: "0",
  RATE_LIMIT_VISITOR_POSTS: "0",
  RATE_LIMIT_LOOKUPS: "0",
  RATE_LIMIT_REPORTS: "0",
  // One server process: the suite's browsers need the cores more than a second worker would.
  WEB_CONCURRENCY: "1",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL: APP_URL,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    // Recording a trace of every test costs a quarter of the suite's time; in CI only the retry of a failure has one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "js-on",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions,
        javaScriptEnabled: true,
      },
    },
    {
      name: "js-off",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions,
        javaScriptEnabled: false,
      },
    },
  ],
  webServer: [
    {
      command: "npx tsx reference-upstream/main.ts --reset",
      url: `${UPSTREAM_URL}/health`,
      reuseExistingServer: false,
      env: {
        UPSTREAM_PORT: String(UPSTREAM_PORT),
        // In memory: a fresh database every run, and nothing left in the temp folder after it.
        UPSTREAM_DB: ":memory:",
        SITE_URL_TEMPLATE: `http://{host}:${APP_PORT}`,
        // Lets a test add a workshop with seats of its own (the race for a last seat).
        UPSTREAM_TEST_HOOKS: "1",
      },
    },
    {
      command: "node ./build/server/index.js",
      url: `${APP_URL}/health`,
      reuseExistingServer: false,
      env: {
        NODE_ENV: "production",
        PORT: String(APP_PORT),
        UPSTREAM_URL,
        SESSION_SECRET: E2E_SESSION_SECRET,
        MAINTENANCE: "false",
        ...E2E_SERVER_ENV,
      },
    },
  ],
});
