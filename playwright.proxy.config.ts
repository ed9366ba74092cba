import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// The proxy suite: the production build behind a real nginx terminating TLS (tests/proxy). `npm run build`
// first; needs nginx (Debian's package), and is skipped without it.
export default defineConfig({
  ...base,
  testDir: "tests/proxy",
  globalSetup: "./tests/proxy/setup.ts",
  webServer: undefined,
  use: { ...base.use, baseURL: undefined, ignoreHTTPSErrors: true },
  projects: base.projects?.map((project) => ({
    ...project,
    use: { ...project.use, ignoreHTTPSErrors: true },
  })),
});
