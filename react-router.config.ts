import type { Config } from "@react-router/dev/config";

// React Router 8's behaviour, adopted on 7 one flag at a time (decision 0054).
export default {
  ssr: true,
  future: {
    // Root middleware runs the host guard, maintenance and session before every loader and action.
    v8_middleware: true,
    // Loaders and actions get the request as it came; they read the page's address from `url`.
    v8_passThroughRequests: true,
    // `/x/` asks its data at `/x/_.data`, and the home page at `/_.data` (no longer `/_root.data`).
    v8_trailingSlashAwareDataRequests: true,
    // The build and the dev server run on Vite's Environment API (vite.config.ts: `environments.ssr`).
    v8_viteEnvironmentApi: true,
    // A route's client-only exports load as chunks of their own (this app has none yet: no change to its chunks).
    v8_splitRouteModules: true,
  },
} satisfies Config;
