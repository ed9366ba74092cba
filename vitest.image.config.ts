import { defineConfig } from "vitest/config";

// The image suite (tests/image): the image scripts/image.mjs built, run with buildah. `npm test` builds it first.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/image/**/*.test.ts"],
    environment: "node",
    // It runs at a lower priority beside the other suites (scripts/test.mjs): generous limits.
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
