/**
 * The proxy suite's servers: a reference upstream, the production build three times behind nginx with
 * TRUST_PROXY=true (the site with maintenance off; maintenance on with the bypass for the browser's address
 * 127.0.0.1; maintenance on with the bypass for an address a visitor could only claim in X-Forwarded-For).
 * Their public URLs reach the tests through the environment.
 */
import { startAppServer, startUpstream } from "../support/e2e/servers";
import { nginxPath, startNginx } from "../support/nginx";

export const SPOOFED_ADDRESS = "10.9.8.7";

export default async function globalSetup() {
  if (!nginxPath()) return;
  const upstream = await startUpstream();
  const common = { UPSTREAM_URL: upstream.url, TRUST_PROXY: "true" };
  const maintenance = {
    MAINTENANCE: "true",
    MAINTENANCE_END: "2099-10-01T00:00",
  };
  const apps = await Promise.all([
    startAppServer(common),
    startAppServer({
      ...common,
      ...maintenance,
      MAINTENANCE_BYPASS_IP: "127.0.0.1",
    }),
    startAppServer({
      ...common,
      ...maintenance,
      MAINTENANCE_BYPASS_IP: SPOOFED_ADDRESS,
    }),
  ]);
  const nginx = await startNginx(apps.map((app) => app.port));
  [
    process.env.PROXY_SITE_URL,
    process.env.PROXY_BYPASS_URL,
    process.env.PROXY_SPOOF_URL,
  ] = nginx.urls;
  return async () => {
    await nginx.stop();
    await Promise.all(apps.map((app) => app.stop()));
    await upstream.stop();
  };
}
