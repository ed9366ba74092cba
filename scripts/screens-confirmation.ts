/**
 * `npm run screens:confirmation`: what a student sees from a filled cart to a confirmed registration (decision
 * 0065), on a 320 px touch phone, light and dark, JavaScript on, written to docs/screens/confirmation/: the cart
 * with its hold, Home after 'Versturen' (once the success dialog has gone), after 'Stuur de e-mail opnieuw', and
 * once the registration was let go unconfirmed. Runs the production build as it is (`npm run build` first)
 * against a freshly seeded reference upstream.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import type { Page } from "@playwright/test";
import { launchOptions } from "../tests/support/chromium";
import { AWAITING_COOKIE_NAME } from "../app/session/awaiting-cookie.server";
import { API_BASE_PATH, HEADERS } from "#contract";
import { startBenchServers } from "./bench-servers";
import { browserCookies, flowVisitor } from "./flow-visitor";
import { root } from "./processes.mjs";

const OUT = join(root, "docs/screens/confirmation");

async function shot(page: Page, name: string, theme: string) {
  await page.screenshot({
    path: join(OUT, `${name}-320-${theme}.png`),
    fullPage: true,
  });
}

/** The registration id the awaiting-confirmation cookie holds (its value is base64 JSON, then the signature). */
async function awaitingId(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find(
    ({ name }) => name === AWAITING_COOKIE_NAME,
  );
  if (!cookie) throw new Error("no awaiting-confirmation cookie");
  const encoded = decodeURIComponent(cookie.value).split(".")[0]!;
  return (
    JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as {
      id: string;
    }
  ).id;
}

const servers = await startBenchServers();
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch(launchOptions);
try {
  for (const theme of ["light", "dark"] as const) {
    const visitor = await flowVisitor(servers.appUrl);
    const context = await browser.newContext({
      viewport: { width: 320, height: 700 },
      hasTouch: true,
      isMobile: true,
      colorScheme: theme,
      locale: "nl-NL",
      timezoneId: "Europe/Amsterdam",
      reducedMotion: "reduce",
    });
    await context.addCookies(browserCookies(visitor.cookie, servers.appUrl));
    const page = await context.newPage();

    // A workshop in its first free round, then the final form with the cart open.
    await page.goto(`${servers.appUrl}/workshop/${visitor.slug}`, {
      waitUntil: "networkidle",
    });
    await page
      .locator('input[name="round"][type="radio"]:enabled')
      .first()
      .check();
    await page.getByRole("button", { name: "Toevoegen", exact: true }).click();
    await page.getByText("Toegevoegd aan inschrijving").first().waitFor();
    await page.goto(`${servers.appUrl}/inschrijving-afronden`, {
      waitUntil: "networkidle",
    });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: /^Inschrijving \(\d+\)$/ }).click();
    await page.getByText(/^Je plekken blijven tot/).waitFor();
    await page.screenshot({
      path: join(OUT, `cart-hold-320-${theme}.png`),
    });
    await page.keyboard.press("Escape");

    const email = `sam.${theme}@voorbeeld.nl`;
    await page.getByLabel("X", { exact: true }).check();
    await page.getByLabel("Roepnaam", { exact: true }).fill("Sam");
    await page.getByLabel("Achternaam", { exact: true }).fill("de Vries");
    await page.getByLabel("Klas", { exact: true }).fill("3 havo");
    await page.getByLabel("E-mailadres", { exact: true }).fill(email);
    await page.getByLabel("Bevestig E-mailadres").fill(email);
    await page.getByRole("button", { name: "Versturen", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await shot(page, "home-success-dialog", theme);
    await dialog.waitFor({ state: "hidden", timeout: 10_000 });
    await shot(page, "home-waiting", theme);

    await page.getByRole("button", { name: "Stuur de e-mail opnieuw" }).click();
    await page
      .getByText(/opnieuw gestuurd/)
      .first()
      .waitFor();
    await shot(page, "home-resent", theme);

    // Let go unconfirmed, as when its link's time runs out.
    const id = await awaitingId(page);
    const gone = await fetch(
      `${servers.upstreamUrl}${API_BASE_PATH}/registration/delete`,
      {
        method: "POST",
        headers: {
          [HEADERS.apiKey]: "demo-api-key",
          [HEADERS.siteHost]: new URL(servers.appUrl).host,
          [HEADERS.anonymousUserId]: "screens",
          [HEADERS.registrationId]: id,
        },
      },
    );
    if (gone.status !== 200) throw new Error(`delete: ${gone.status}`);
    await page.goto(`${servers.appUrl}/`, { waitUntil: "networkidle" });
    await page
      .getByRole("heading", { name: "Je inschrijving is verlopen" })
      .waitFor();
    await shot(page, "home-expired", theme);
    await context.close();
  }
  console.log(`pictures in ${OUT}`);
} finally {
  await browser.close();
  await servers.stop();
}
