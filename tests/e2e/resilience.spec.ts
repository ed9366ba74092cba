import { expect, test } from "@playwright/test";
import { startAppServer, startUpstream } from "./support/servers";
import type { RunningServer, RunningUpstream } from "./support/servers";

test.describe("an upstream that goes away and comes back", () => {
  test.describe.configure({ mode: "serial" });
  let upstream: RunningUpstream;
  let app: RunningServer;

  test.beforeAll(async () => {
    upstream = await startUpstream();
    // Without the site data cache, so Home asks the upstream on every view (the cache keeps showing the last
    // answer for a while during an outage; site-data.server.test.ts covers that).
    app = await startAppServer({
      UPSTREAM_URL: upstream.url,
      SITE_CACHE_SECONDS: "0",
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await upstream?.stop();
  });

  test("Home shows the error message while the upstream is down, and the events once it is back", async ({
    page,
    request,
  }) => {
    test.slow();
    await page.goto(`${app.url}/`);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Inschrijven" }).first(),
    ).toBeVisible();

    await upstream.stop();
    // The message, with a status that tells proxies, logs and metrics the page could not get its data.
    const response = await page.goto(`${app.url}/`);
    expect(response?.status()).toBe(503);
    await expect(
      page.getByText("Er is iets fout gegaan. Probeer het later opnieuw"),
    ).toBeVisible();
    // The server keeps serving.
    expect((await request.get(`${app.url}/health`)).status()).toBe(200);
    expect((await page.goto(`${app.url}/contact`))?.status()).toBe(503);

    upstream = await startUpstream({ port: upstream.port, db: upstream.db });
    await page.goto(`${app.url}/`);
    await expect(
      page.getByRole("heading", { name: "Evenementen" }),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Inschrijven" }).first(),
    ).toBeVisible();
  });
});
