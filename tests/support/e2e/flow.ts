/**
 * Steps of the registration flow as a visitor takes them, through the screens' own controls (roles and Dutch
 * text), for the specs that walk the whole path.
 */
import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";

/**
 * Home: 'Inschrijven' on a day: the n-th in the list (Home lists them by date; 0 is the spring day, with five
 * schools), or the first whose card shows this text (the card names the hosting school).
 */
export async function chooseDay(
  page: Page,
  day: number | string = 0,
): Promise<void> {
  await page.goto("/");
  const days = page
    .getByRole("region", { name: "Evenementen" })
    .getByRole("listitem");
  await (
    typeof day === "number"
      ? days.nth(day)
      : days.filter({ hasText: day }).first()
  )
    .getByRole("button", { name: /^Inschrijven/ })
    .click();
  // Choosing a day calls the upstream, which is slow on a busy machine.
  await expect(page).toHaveURL(/\/inschrijven$/, { timeout: 15_000 });
}

/** /inschrijven: the school's button (its accessible name is the school's display name). */
export async function chooseSchool(page: Page, display: string): Promise<void> {
  await page.getByRole("button", { name: display, exact: true }).click();
  await expect(page).toHaveURL(/\/workshops$/);
}

/** Home, hydrated when JavaScript is on. */
export async function openHome(page: Page): Promise<void> {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
  await untilHydrated(page);
}

/** Whether the running project has JavaScript on (js-on) or off (js-off): the one way the specs ask. */
export function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** The main menu: top tabs on a wide screen, the bottom tab bar on a phone. */
export function mainMenu(page: Page): Locator {
  return page.getByRole("navigation", { name: "Hoofdmenu" });
}

/**
 * For a test of what the server alone decides (a guard's redirect, a refused forged value, a header): it runs
 * once, in the project without JavaScript, since the browser's scripts play no part in it.
 */
export function serverSideOnly(): void {
  test.skip(
    javaScriptEnabled(),
    "decided by the server alone: the same with and without JavaScript",
  );
}

/**
 * The cart's toggle: 'Inschrijving ({n})'. Before hydration (and without JavaScript) the <summary> of a
 * disclosure: browsers expose it as a button, but Playwright gives a summary no role, and HTML allows it none.
 */
export function cartToggle(page: Page, count?: number): Locator {
  const name =
    count === undefined
      ? /^Inschrijving \(\d+\)$/
      : new RegExp(`^Inschrijving \\(${count}\\)$`);
  return page
    .getByRole("button", { name })
    .or(page.locator("summary").filter({ hasText: name }));
}

/**
 * With JavaScript, waits until the page has hydrated (the root marks <html> with `data-hydrated`). The scripts
 * start only after the page has loaded: until then a click is a plain page load or form post, and a field's
 * script-driven behaviour does not run yet.
 */
export async function untilHydrated(page: Page): Promise<void> {
  if (javaScriptEnabled())
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
}

/**
 * The open cart panel: a dialog with JavaScript, the disclosure's content without. Either way it holds the
 * heading 'Inschrijving'.
 */
export function cartPanel(page: Page): Locator {
  return javaScriptEnabled()
    ? page.getByRole("dialog", { name: "Inschrijving" })
    : page.locator("details[open]").filter({
        has: page.getByRole("heading", { name: "Inschrijving", exact: true }),
      });
}

/** Opens the cart unless it is already open. */
export async function openCart(page: Page): Promise<Locator> {
  await untilHydrated(page);
  const panel = cartPanel(page);
  if (!(await panel.isVisible())) await cartToggle(page).click();
  await expect(panel).toBeVisible();
  return panel;
}

/** Closes the cart when it is a dialog (without JavaScript the open disclosure does not cover the page). */
export async function closeCart(page: Page): Promise<void> {
  if (!javaScriptEnabled()) return;
  const panel = cartPanel(page);
  if (await panel.isVisible()) {
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  }
}

/**
 * The workshop page's 'Inschrijven' panel: picks the round and presses the submit button. With JavaScript its
 * label follows the chosen round; without, it says what pressing does: 'Aanpassen' for a workshop in the cart,
 * 'Toevoegen' otherwise.
 */
export async function addToRound(
  page: Page,
  round: number,
  buttonLabel: "Toevoegen" | "Aanpassen" = "Toevoegen",
): Promise<void> {
  const panel = page.getByRole("region", { name: "Inschrijven" });
  await panel
    .getByRole("radio", { name: new RegExp(`^Ronde ${round}\\b`) })
    .check();
  const submit = javaScriptEnabled()
    ? panel.getByRole("button", { name: buttonLabel, exact: true })
    : panel.getByRole("button", { name: /^(Toevoegen|Aanpassen)$/ });
  await submit.click();
  await expect(cartPanel(page)).toBeVisible();
  // Without JavaScript the cart is open because the redirect's address says so.
  if (!javaScriptEnabled())
    await expect(page).toHaveURL(/[?&]inschrijving=open/);
}

/** The final form's required fields, filled as a student in a hurry would: the least that can be sent. */
export async function fillRequiredDetails(
  page: Page,
  email: string,
): Promise<void> {
  await page.getByRole("radio", { name: "Vrouw", exact: true }).check();
  await page.getByLabel("Roepnaam").fill("Noor");
  await page.getByLabel("Achternaam").fill("Visser");
  await page.getByLabel("Klas").fill("4H");
  await page.getByLabel("E-mailadres", { exact: true }).fill(email);
  await page.getByLabel("Bevestig E-mailadres").fill(email);
}
