import { defineConfig } from "vitest/config";

// The fault, fuzz, rush and cluster suites (tests/fault, tests/fuzz, tests/rush, tests/cluster): the production build (`npm run build` first) started as a
// child process on loopback, against a misbehaving upstream and the reference upstream. No browser.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "tests/fault/**/*.test.ts",
      "tests/fuzz/**/*.test.ts",
      "tests/rush/**/*.test.ts",
      "tests/cluster/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The cases of one fault mode run side by side: many of them wait for the deadline.
    maxConcurrency: 8,
    // One suite at a time: the fault suite measures answer times, which the fuzz suite's load would stretch.
    fileParallelism: false,
  },
});
