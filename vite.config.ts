import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The dev server bundles every dependency the browser can reach before the first page is served. Left to find
  // them on that page, it bundled them again halfway through and answered the modules it had already sent with
  // "504 Outdated Optimize Dep": the page never hydrated and hot reload never connected.
  optimizeDeps: {
    entries: ["app/entry.client.tsx", "app/root.tsx", "app/routes/**/*.tsx"],
  },
  environments: {
    // The server build starts at our HTTP server (server/main.ts), which imports the app's build: one bundle,
    // build/server/index.js, run with plain `node` (decision 0013).
    ssr: { build: { rollupOptions: { input: "./server/main.ts" } } },
    // React and React Router in one chunk, as React Router 7's single file came out: 8 publishes its modules one by
    // one, and left to itself the bundler spread them over three chunks every page loads, 1.7 kB more after gzip
    // (`npm run bench:bundle`, docs/benchmarks.md).
    client: {
      build: {
        rolldownOptions: {
          // The messages are plain data, one file per screen: a page that imports one screen's texts through
          // "~/messages" gets that file alone, not every file the folder's index re-exports (decision 0069).
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]app[\\/]messages[\\/]/, sideEffects: false },
            ],
          },
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "react-router",
                  test: /[\\/]node_modules[\\/](react|react-router|scheduler)[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
