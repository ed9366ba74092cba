/**
 * The README's `npm run dev`, as a developer meets it (issue 29, decision 0054): it starts without a future-flag
 * or deprecation warning, serves the site, and a changed route module updates the open page in place (hot module
 * replacement, no reload). It runs on a copy of the project in a temporary folder, so the edit never touches the
 * work tree other suites (and the image build) read.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { javaScriptEnabled } from "../support/e2e/flow";
import { freePort } from "../support/e2e/servers";

/** What a developer's checkout holds that the dev server reads; node_modules is linked, not copied. */
const PROJECT_FILES = [
  "app",
  "contract",
  "public",
  "reference-upstream",
  "scripts",
  "package.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

/** Lines no developer should meet when starting the dev server. */
const WARNING =
  /future flag|deprecat|experimental|\bwarn(ing)?\b|⚠|react-router\.com\/.*upgrading/i;

const ROUTE_MODULE = join("app", "routes", "accessibility.tsx");
const HEADING = `<h1 className="text-3xl font-bold">{ACCESSIBILITY.title}</h1>`;
const CHANGED_HEADING = `<h1 className="text-3xl font-bold">{ACCESSIBILITY.title} (bijgewerkt)</h1>`;

test.describe("npm run dev", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  test.skip(
    () => !javaScriptEnabled(),
    "hot module replacement is JavaScript; the no-JavaScript project has nothing to add here",
  );

  let project: string;
  let dev: ChildProcess;
  let output = "";
  /** The browser's console, shown when a test fails. */
  const browser: string[] = [];
  let url: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    project = mkdtempSync(join(tmpdir(), "dev-server-"));
    for (const file of PROJECT_FILES)
      cpSync(file, join(project, file), { recursive: true });
    // The packages linked one by one, so that Vite's cache (node_modules/.vite) is the copy's own.
    mkdirSync(join(project, "node_modules"));
    for (const entry of readdirSync("node_modules"))
      if (entry !== ".vite")
        symlinkSync(
          join(process.cwd(), "node_modules", entry),
          join(project, "node_modules", entry),
        );
    const [port, upstreamPort] = [await freePort(), await freePort()];
    url = `http://localhost:${port}`;
    dev = spawn("npm", ["run", "dev", "--silent"], {
      cwd: project,
      env: {
        ...process.env,
        PORT: String(port),
        UPSTREAM_PORT: String(upstreamPort),
        UPSTREAM_DB: join(project, "upstream.sqlite"),
        // The README's command as typed: no CI, no test settings of the production suites.
        CI: "",
        NODE_ENV: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    dev.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (dev.exitCode !== null)
        throw new Error(`npm run dev exited with ${dev.exitCode}:\n${output}`);
      try {
        if ((await fetch(`${url}/toegankelijkheid`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`npm run dev did not serve within 120 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  // Playwright reads the fixtures a hook uses from its first argument's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach("npm run dev output", {
        body: `${output}\n\nBrowser console:\n${browser.join("\n")}`,
      });
  });

  test.afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      // The whole group: npm, the start script, the dev server and the demo upstream.
      process.kill(-dev.pid, "SIGTERM");
      await new Promise((resolve) => dev.once("exit", resolve));
    }
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test("a changed route module updates the open page without a reload", async ({
    page,
  }) => {
    page.on(
      "console",
      (message) => (output += `[browser] ${message.text()}\n`),
    );
    await page.goto(`${url}/toegankelijkheid`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Toegankelijkheidsverklaring");
    // On a fresh start Vite bundles the dependencies it meets on the first visit, then reloads the page once
    // ("optimized dependencies changed. reloading"). The edit is made on the page that stays: one that keeps a
    // mark for 2 s.
    await expect
      .poll(
        async () => {
          try {
            await page.evaluate(() => {
              (window as { notReloaded?: boolean }).notReloaded = true;
            });
            await page.waitForTimeout(2_000);
            return await page.evaluate(
              () => (window as { notReloaded?: boolean }).notReloaded === true,
            );
          } catch {
            // The page navigated while being asked.
            return false;
          }
        },
        { timeout: 60_000, intervals: [0] },
      )
      .toBe(true);

    const file = join(project, ROUTE_MODULE);
    const source = readFileSync(file, "utf8");
    expect(source).toContain(HEADING);
    writeFileSync(file, source.replace(HEADING, CHANGED_HEADING));

    await expect(heading).toHaveText(
      "Toegankelijkheidsverklaring (bijgewerkt)",
      {
        timeout: 30_000,
      },
    );
    expect(
      await page.evaluate(
        () => (window as { notReloaded?: boolean }).notReloaded,
      ),
    ).toBe(true);
  });

  test("has started, served and reloaded the site without a future-flag or deprecation warning", async ({
    page,
  }) => {
    await page.goto(`${url}/`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto(`${url}/toegankelijkheid`);
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Toegankelijkheidsverklaring",
      }),
    ).toBeVisible();
    const warnings = output.split("\n").filter((line) => WARNING.test(line));
    expect(warnings, output).toEqual([]);
  });
});
