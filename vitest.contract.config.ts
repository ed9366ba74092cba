import { defineConfig } from "vitest/config";

// The contract suite checks a running upstream (UPSTREAM_URL) against contract/contract.ts.
// Read-only by default; CONTRACT_WRITE=true also runs the flow that creates and deletes a registration.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/contract/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file at a time keeps the load on a production upstream small and the failures readable.
    fileParallelism: false,
  },
});
