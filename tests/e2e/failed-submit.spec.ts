/**
 * After a failed submit, focus goes to what is wrong (the error summary or the first invalid field), never stays
 * on the button, and the page title starts with 'Fout: ' while the errors show (GOV.UK's pattern). With and
 * without JavaScript, on the second failed submit too, and when 'Versturen' is pressed before the scripts run
 * (they start after load: a slow phone's student can press it first).
 */
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { javaScriptEnabled, untilHydrated } from "../support/e2e/flow";
import { APP_URL } from "../../playwright.config";
import { startRegistration, visitorForDay } from "../support/e2e/registration";

interface FormCase {
  name: string;
  /** Opens the page with the form (the visitor set up where it needs one). */
  open: (page: Page) => Promise<void>;
  title: string;
  button: string;
  /** What the visitor types that the form refuses (none: the form is sent empty). */
  fill?: (page: Page) => Promise<void>;
}

const FORMS: FormCase[] = [
  {
    name: "Contact",
    open: async (page) => {
      await page.goto("/contact");
    },
    title: "Stel een vraag",
    button: "Versturen",
  },
  {
    name: "the login box",
    open: async (page) => {
      await visitorForDay(page);
    },
    title: "Inschrijven",
    button: "Inloggen",
    // An empty address does nothing (spec section 5); a wrong one is refused.
    fill: (page) => page.getByLabel("E-mailadres").fill("geen-adres"),
  },
];

/** Where focus is: on an invalid field, on the error summary, or elsewhere (then the element's tag). */
function focusPlace(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (element?.getAttribute("aria-invalid") === "true")
      return "invalid field";
    if (element?.textContent?.includes("Controleer de volgende velden"))
      return "error summary";
    return element?.tagName ?? "nothing";
  });
}

/** The errors show: 'Fout: ' in the title, and focus on what is wrong (the first invalid field or the summary). */
async function expectErrorsTold(page: Page, title: string) {
  await expect(page).toHaveTitle(new RegExp(`^Fout: ${title}`));
  await expect
    .poll(() => focusPlace(page))
    .toMatch(/^(invalid field|error summary)$/);
}

/**
 * Presses the button by keyboard, as the visitor would: focus on it, then Enter. Without the scripts running the
 * form posts and the server's page replaces this one: then it waits for that page.
 */
async function pressSubmit(page: Page, form: FormCase, scripts = true) {
  await form.fill?.(page);
  await page.getByRole("button", { name: form.button, exact: true }).focus();
  if (scripts && javaScriptEnabled()) {
    await page.keyboard.press("Enter");
    return;
  }
  const loaded = page.waitForEvent("load");
  await page.keyboard.press("Enter");
  await loaded;
}

for (const form of FORMS) {
  test(`${form.name}: a failed submit, and a second, put focus on the errors and 'Fout: ' in the title`, async ({
    page,
  }) => {
    await form.open(page);
    await untilHydrated(page);
    await expect(page).toHaveTitle(new RegExp(`^${form.title}`));

    await pressSubmit(page, form);
    await expectErrorsTold(page, form.title);

    await pressSubmit(page, form);
    await expectErrorsTold(page, form.title);
  });

  test(`${form.name}: pressed before the scripts run, focus still goes to the errors, and stays there once they run`, async ({
    page,
  }) => {
    test.skip(!javaScriptEnabled(), "about the moment the scripts take over");
    await form.open(page);
    await untilHydrated(page);
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.reload();
    await pressSubmit(page, form, false);
    await expectErrorsTold(page, form.title);

    releaseScripts();
    await untilHydrated(page);
    await expectErrorsTold(page, form.title);

    await pressSubmit(page, form);
    await expectErrorsTold(page, form.title);
  });
}

/**
 * The hurried student on the final form: every field filled, a mistyped address in both e-mail fields, and
 * 'Versturen' pressed straight from 'Bevestig E-mailadres', with no blur or wait before. Nothing may appear as that
 * field is left, or the button moves between the press and the release and the press is lost.
 */
async function fillWithMistypedEmail(page: Page) {
  await page.getByLabel("X", { exact: true }).check();
  await page.getByLabel("Roepnaam").fill("Sam");
  await page.getByLabel("Voornaam").fill("Sam");
  await page.getByLabel("Achternaam").fill("Tester");
  await page.getByLabel("Klas").fill("3B");
  await page.getByLabel("E-mailadres", { exact: true }).fill("sam@voorbeeld");
  await page.getByLabel("Bevestig E-mailadres").fill("sam@voorbeeld");
}

async function expectEmailRefused(page: Page) {
  await expect(page).toHaveTitle(/^Fout: Inschrijving afronden/);
  await expect(page.getByLabel("E-mailadres", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect
    .poll(() =>
      page.evaluate(() => {
        const element = document.activeElement;
        const email = document.querySelector('[name="emailadres"]');
        if (!element || !email) return "nothing";
        if (element === email) return "emailadres";
        // An error summary that links to the field (or its link), not a part of the form around the field.
        const link = `a[href="#${email.id}"]`;
        if (
          element.matches(link) ||
          (element.querySelector(link) && !element.contains(email))
        )
          return "summary";
        return element.tagName;
      }),
    )
    .toMatch(/^(emailadres|summary)$/);
}

test("the final form: 'Versturen' clicked straight from 'Bevestig E-mailadres' with a mistyped address lists the errors at once", async ({
  page,
  request,
}) => {
  await startRegistration(page, request);
  await fillWithMistypedEmail(page);
  const loaded = javaScriptEnabled() ? null : page.waitForEvent("load");
  await page.getByRole("button", { name: "Versturen" }).click();
  await loaded;
  await expectEmailRefused(page);
});

test("the final form: 'Versturen' tapped on a touch phone straight from 'Bevestig E-mailadres' with a mistyped address lists the errors at once", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    baseURL: APP_URL,
    javaScriptEnabled: javaScriptEnabled(),
    hasTouch: true,
    isMobile: true,
    viewport: { width: 360, height: 740 },
  });
  try {
    const page = await context.newPage();
    await startRegistration(page, request);
    await fillWithMistypedEmail(page);
    const loaded = javaScriptEnabled() ? null : page.waitForEvent("load");
    await page.getByRole("button", { name: "Versturen" }).tap();
    await loaded;
    await expectEmailRefused(page);
  } finally {
    await context.close();
  }
});
