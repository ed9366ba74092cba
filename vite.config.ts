import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server build starts at our HTTP server (server/main.ts), which imports the app's build: one bundle,
  // build/server/index.js, run with plain `node` (decision 0013).
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" } } : {},
}));
