import { defineConfig } from "vitest/config";

// The image suite (tests/image): the image scripts/image.mjs built, run with buildah. `npm test` builds it first.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/image/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
