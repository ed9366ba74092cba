import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";

// Every Vitest suite, one project each; `vitest run --project <name>` runs one (docs/testing.md). End-to-end and
// proxy tests (tests/e2e, tests/proxy) run under Playwright.
const unit: TestProjectInlineConfiguration = {
  test: {
    name: "unit",
    // Unit tests live next to the code they test.
    include: [
      "app/**/*.test.{ts,tsx}",
      "contract/**/*.test.ts",
      "reference-upstream/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
    ],
    testTimeout: 20_000,
    // A worker runs file after file instead of one worker per file: a quarter of the time. A test that depends on
    // module state (env() reads the environment once) loads a fresh copy of what it tests (vi.resetModules).
    isolate: false,
  },
};

const suites: TestProjectInlineConfiguration[] = [
  {
    // A running upstream (UPSTREAM_URL) checked against contract/contract.ts. Read-only by default;
    // CONTRACT_WRITE=true also runs the flow that creates and deletes a registration.
    test: {
      name: "contract",
      include: ["tests/contract/**/*.test.ts"],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // One file at a time keeps the load on a production upstream small and the failures readable.
      fileParallelism: false,
    },
  },
  {
    // The fault, fuzz, rush and cluster suites: the production build (`npm run build` first) started as a child
    // process on loopback, against a misbehaving upstream and the reference upstream. No browser.
    test: {
      name: "robustness",
      include: [
        "tests/fault/**/*.test.ts",
        "tests/fuzz/**/*.test.ts",
        "tests/rush/**/*.test.ts",
        "tests/cluster/**/*.test.ts",
      ],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // The cases of one fault mode run side by side: many of them wait for the deadline.
      maxConcurrency: 8,
      // One suite at a time: the fault suite measures answer times, which the fuzz suite's load would stretch.
      fileParallelism: false,
    },
  },
  {
    // Three replicas of the production build behind nginx, with Redis and the reference upstream.
    // `npm run build` first.
    test: {
      name: "fleet",
      include: ["tests/fleet/**/*.test.ts"],
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  },
  {
    // The image scripts/image.mjs built, run with buildah (`node scripts/image.mjs --test` builds it first).
    test: {
      name: "image",
      include: ["tests/image/**/*.test.ts"],
      // It runs at a lower priority beside the other suites (scripts/test.mjs): generous limits.
      testTimeout: 120_000,
      hookTimeout: 240_000,
    },
  },
];

// `vitest run` alone runs the unit tests only: the other suites need a build, a running upstream, nginx or buildah.
// Vitest has no setting for a project that runs only when named, so the config reads its own command line: with a
// --project (-p) filter every project is there for the filter to choose from; without one, only the unit tests.
const filtered = process.argv.some((arg) => /^(--project|-p)(=|$)/.test(arg));

export default defineConfig({
  // Inherited by every project.
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    projects: filtered ? [unit, ...suites] : [unit],
  },
});
