import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { compressAssets } from "./scripts/compress-assets";

// React Router 8: its former future flags are how it works now (decision 0054). Middleware always runs (the root's
// host guard, maintenance and session before every loader and action); loaders and actions get the request as it
// came and read the page's address from `url`; `/x/` asks its data at `/x/_.data` and the home page at `/_.data`;
// the build runs on Vite's Environment API (vite.config.ts: `environments.ssr`); and a route's client-only exports
// would load as chunks of their own (`splitRouteModules`, on by default; this app has none).
//
// Every route is in the first page's manifest (`routeDiscovery: initial`, decision 0058): React Router's lazy
// discovery fetched `/__manifest` before following a link or form to a route it had not seen, and when that fetch
// failed ('Failed to fetch manifest patches') the link or form did nothing until it was tried again.
export default {
  ssr: true,
  routeDiscovery: { mode: "initial" },
  // The browser's files are compressed here, once, rather than by the server for every visitor (decision 0080).
  async buildEnd({ reactRouterConfig }) {
    await compressAssets(join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
