/**
 * How the end-to-end suites, the pictures for review and the browser benchmarks launch Chromium: one module both
 * playwright.config.ts and the scripts import, so a script does not load the suite's configuration to get them.
 */
import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

// Debian's Chromium where installed (no browser downloads on some machines); Playwright's own otherwise. Its
// headless shell first: it is what Playwright itself runs headless, and it halves the suite's time on two cores
// (decision 0022). For `--headed`, point CHROMIUM_PATH at the full browser (/usr/bin/chromium).
const systemChromium = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
].find((path) => path !== undefined && existsSync(path));

export const launchOptions: LaunchOptions = systemChromium
  ? {
      executablePath: systemChromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    }
  : {};
