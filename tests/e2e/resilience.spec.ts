import { expect, test } from "@playwright/test";
import { MESSAGES } from "../../app/messages";
import { buildDemoData } from "../../reference-upstream/demo/data";
import {
  addToRound,
  closeCart,
  javaScriptEnabled,
  openCart,
} from "../support/e2e/flow";
import { chooseFirstSchool } from "../support/e2e/registration";
import { startAppServer, startUpstream } from "../support/e2e/servers";
import type { RunningServer, RunningUpstream } from "../support/e2e/servers";

const WORKSHOP = buildDemoData()
  .find((site) => site.name === "localhost")!
  .workshops.find(
    (workshop) => workshop.slug === "financiele-dienstverlening",
  )!;

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

test.describe("a cart removal the upstream does not take", () => {
  test.describe.configure({ mode: "serial" });
  let upstream: RunningUpstream;
  let app: RunningServer;

  test.beforeAll(async () => {
    upstream = await startUpstream();
    app = await startAppServer({ UPSTREAM_URL: upstream.url });
  });
  test.afterAll(async () => {
    await app?.stop();
    await upstream?.stop();
  });

  test("is said at once, once, and the workshop stays in the cart", async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({
      baseURL: app.url,
      javaScriptEnabled: javaScriptEnabled(),
    });
    const page = await context.newPage();
    await chooseFirstSchool(page);
    await page.goto(`/workshop/${WORKSHOP.slug}`);
    await addToRound(page, 1);
    const cart = await openCart(page);
    const address = page.url();

    // The upstream is down while the removal is sent and back before its answer reaches the browser, so the
    // page that follows (a redirect without JavaScript, the data read again with it) is whole.
    await upstream.stop();
    let answered = () => {};
    const answer = new Promise<void>((resolve) => {
      answered = resolve;
    });
    await page.route("**/winkelwagen*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      upstream = await startUpstream({ port: upstream.port, db: upstream.db });
      await route.fulfill({ response });
      answered();
    });
    await cart
      .getByRole("button", { name: `Verwijder ${WORKSHOP.display}` })
      .click();
    // Starting the upstream again takes a while on a busy machine; what counts is what follows the answer.
    await answer;
    if (javaScriptEnabled()) {
      // In the open cart, beside the round, announced; the page stays where it was.
      await expect(cart.getByRole("alert")).toHaveText(MESSAGES.genericError);
      expect(page.url()).toBe(address);
    } else {
      // Back on the page with the cart open, where the flash message says it.
      await expect(page).toHaveURL(/[?&]inschrijving=open/);
      await expect(
        page.getByRole("alert").filter({ hasText: MESSAGES.genericError }),
      ).toBeVisible();
    }
    await expect(page.getByText(MESSAGES.genericError)).toHaveCount(1);
    await expect(
      (await openCart(page)).getByRole("link", { name: WORKSHOP.display }),
    ).toBeVisible();
    if (javaScriptEnabled()) {
      // The next opening starts afresh: the refusal belonged to the last one.
      await closeCart(page);
      await expect((await openCart(page)).getByRole("alert")).toHaveCount(0);
    }
    await context.close();
  });
});
