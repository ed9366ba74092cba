import { defineConfig } from "vitest/config";

// Unit tests live next to the code they test; end-to-end tests (tests/e2e) run under Playwright.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "contract/**/*.test.ts",
      "reference-upstream/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
  },
});
