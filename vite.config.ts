import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    tsconfigPaths: true,
    // On the server the app only reports errors (no tracing): Sentry's light Node SDK does that without the
    // OpenTelemetry and build-plugin packages @sentry/react-router brings, which keeps them out of the
    // production image. instrument.server.mjs initialises the same SDK. The browser keeps @sentry/react-router.
    alias: isSsrBuild
      ? [
          {
            find: /^@sentry\/react-router$/,
            replacement: "@sentry/node-core/light",
          },
        ]
      : [],
  },
  // The server build starts at our HTTP server (server/main.ts), which imports the app's build: one bundle,
  // build/server/index.js, run with plain `node` (decision 0013).
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" } } : {},
}));
