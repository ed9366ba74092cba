import { defineConfig } from "vitest/config";

// The fleet suite (tests/fleet): three replicas of the production build behind nginx, with Redis and the
// reference upstream. `npm run build` first.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/fleet/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
