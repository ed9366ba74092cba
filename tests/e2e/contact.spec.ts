import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import { MESSAGES, VALIDATION } from "../../app/messages";
import { API_BASE_PATH, HEADERS } from "#contract";
import { buildDemoData } from "../../reference-upstream/demo/data";
import { UPSTREAM_URL } from "../../playwright.config";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { javaScriptEnabled } from "../support/e2e/flow";
import { unique, uniqueEmail } from "../fixtures/unique";

const site = buildDemoData().find((demo) => demo.name === "localhost")!;

async function mailTexts(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`${UPSTREAM_URL}/dev/mailbox.json`);
  const mails = (await response.json()) as { text: string }[];
  return mails.map((mail) => mail.text);
}

function form(page: Page) {
  return page.getByRole("region", { name: "Jouw vraag" });
}

/** The idempotency key the page rendered into the form. */
function keyField(page: Page) {
  return form(page).locator('input[name="idempotencyKey"]');
}

async function fillQuestion(
  page: Page,
  values: { email: string; message: string },
) {
  await page.getByLabel("Naam").fill("Sanne de Vries");
  await page.getByLabel("E-mailadres").fill(values.email);
  await page.getByLabel("School (optioneel)").fill("Domstad Lyceum");
  await page.getByLabel("Klas (optioneel)").fill("4 havo");
  await page.getByLabel("Mijn vraag gaat over").selectOption("Workshop");
  await page.getByLabel("Bericht").fill(values.message);
}

test("shows the locations and the form, and passes axe", async ({ page }) => {
  await page.goto("/contact");
  await expect(
    page.getByRole("heading", { level: 1, name: "Stel een vraag" }),
  ).toBeVisible();
  const locations = page.getByRole("region", { name: "Locaties" });
  for (const location of site.locations) {
    await expect(
      locations.getByRole("heading", { name: location.display }),
    ).toBeVisible();
    if (location.externeLocatieUrl) {
      await expect(
        locations.getByRole("link", { name: `Meer over ${location.display}` }),
      ).toHaveAttribute("href", location.externeLocatieUrl);
    }
  }
  await expect(
    form(page).getByLabel("Mijn vraag gaat over").locator("option"),
  ).toHaveText([
    "Maak een keuze",
    "Evenement",
    "Locatie",
    "Workshop",
    "Overig",
  ]);
  await expectNoA11yViolations(page);
});

test("required fields say so in Dutch, tied to their field", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Versturen" }).click();
  for (const label of [
    "Naam",
    "E-mailadres",
    "Mijn vraag gaat over",
    "Bericht",
  ]) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(VALIDATION.required);
  }
  for (const label of ["School (optioneel)", "Klas (optioneel)"]) {
    await expect(page.getByLabel(label)).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );
  }
  await expectNoA11yViolations(page);
});

test("a name or message of only invisible fillers gets the same 'required' as an empty one, in the browser and on the server", async ({
  page,
}) => {
  await page.goto("/contact");
  const fields = form(page);
  // Hangul fillers, the braille blank, a tag and a variation selector (issue 43).
  await fields.getByLabel("Naam").fill("\u3164\u115F");
  await fields.getByLabel("E-mailadres").fill(uniqueEmail("onzichtbaar"));
  await fields.getByLabel("Mijn vraag gaat over").selectOption("Evenement");
  await fields.getByLabel("Bericht").fill("\u2800\u{E0041}\uFE0F\n\uFFA0");
  const posts: number[] = [];
  page.on("response", (answer) => {
    if (answer.request().method() === "POST") posts.push(answer.status());
  });
  await page.getByRole("button", { name: "Versturen" }).click();
  for (const label of ["Naam", "Bericht"])
    await expect(
      fields.getByLabel(label, { exact: true }),
    ).toHaveAccessibleDescription(VALIDATION.required);
  await expect(fields.getByLabel("E-mailadres")).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
  // Without JavaScript the server refused it (one post, answered 400). With it the browser's own rules did, or the
  // server, when the button was pressed before the scripts had run: never a question sent.
  if (javaScriptEnabled()) expect([[], [400]]).toContainEqual(posts);
  else expect(posts).toEqual([400]);
});

test("a failed send opens at the error summary, whose links lead to each invalid field", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.getByLabel("Naam").fill("Sanne de Vries");
  await page.getByLabel("E-mailadres").fill("sanne@school");
  // Leaving the field first: nothing shows until the form is sent (decision 0042), so nothing moves.
  await page.getByLabel("E-mailadres").blur();
  await expect(
    page.getByRole("region", { name: "Controleer de volgende velden" }),
  ).toHaveCount(0);
  await page.getByRole("button", { name: "Versturen" }).click();

  const summary = page.getByRole("region", {
    name: "Controleer de volgende velden",
  });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link")).toHaveText([
    `E-mailadres: ${VALIDATION.email}`,
    `Mijn vraag gaat over: ${VALIDATION.required}`,
    `Bericht: ${VALIDATION.required}`,
  ]);
  // The first invalid field has the focus: moved there by the form, or rendered with autofocus by the server.
  await expect(page.getByLabel("E-mailadres")).toBeFocused();
  await expect(summary).toBeInViewport();
  await expectNoA11yViolations(page);

  await summary.getByRole("link", { name: /^Bericht/ }).click();
  const message = page.getByLabel("Bericht");
  await expect(message).toBeInViewport();
  if (javaScriptEnabled()) await expect(message).toBeFocused();
  else await expect(page).toHaveURL(/#vraag-.*message$/);
});

test("an invalid e-mail address is refused and the other values stay", async ({
  page,
}) => {
  await page.goto("/contact");
  await fillQuestion(page, {
    email: "sanne@school",
    message: "Mag ik een vriendin meenemen?",
  });
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByLabel("E-mailadres")).toHaveAccessibleDescription(
    VALIDATION.email,
  );
  await expect(page.getByLabel("Naam")).toHaveValue("Sanne de Vries");
  await expect(page.getByLabel("Mijn vraag gaat over")).toHaveValue("Workshop");
  await expect(page.getByLabel("Bericht")).toHaveValue(
    "Mag ik een vriendin meenemen?",
  );
});

test("a sent question shows the success toast and an empty form", async ({
  page,
  request,
}) => {
  const message = unique("Hoe laat begint de eerste ronde?");
  await page.goto("/contact");
  await fillQuestion(page, {
    email: uniqueEmail("sanne", "example.nl"),
    message,
  });
  await page.getByRole("button", { name: "Versturen" }).click();

  await expect(page.getByText(MESSAGES.questionSent)).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel("Naam")).toHaveValue("");
  await expect(page.getByLabel("Bericht")).toHaveValue("");
  expect(
    (await mailTexts(request)).some((text) => text.includes(message)),
  ).toBe(true);
});

test("a question sent again with the same key, as after a timeout, is stored once", async ({
  page,
  request,
}) => {
  const message = unique("Is er een lift in het gebouw?");
  const email = uniqueEmail("nogmaals", "example.nl");
  await page.goto("/contact");
  const key = await keyField(page).inputValue();
  await fillQuestion(page, { email, message });
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByText(MESSAGES.questionSent)).toBeVisible();

  // The same form once more, with this browser's session: a resubmit, or Back and send again.
  const again = await page.request.post("/contact", {
    form: {
      name: "Sanne de Vries",
      email,
      school: "Domstad Lyceum",
      klas: "4 havo",
      questionAbout: "Workshop",
      message,
      website: "",
      idempotencyKey: key,
    },
    maxRedirects: 0,
  });
  expect(again.status(), "the repeat is answered as a success").toBe(302);
  expect(
    (await mailTexts(request)).filter((text) => text.includes(message)),
  ).toHaveLength(1);
  // The next question gets a key of its own.
  await expect(keyField(page)).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(keyField(page)).not.toHaveValue(key);
});

test("a filled honeypot looks like success but sends nothing", async ({
  page,
  request,
}) => {
  const message = unique("Koop nu goedkope horloges");
  await page.goto("/contact");
  await fillQuestion(page, {
    email: uniqueEmail("bot", "example.nl"),
    message,
  });
  await page
    .locator('input[name="website"]')
    .fill("https://spam.example.com", { force: true });
  await page.getByRole("button", { name: "Versturen" }).click();

  await expect(page.getByText(MESSAGES.questionSent)).toBeVisible();
  expect(
    (await mailTexts(request)).some((text) => text.includes(message)),
  ).toBe(false);
});

test("an upstream refusal (too many questions from the address) says so in a toast and keeps every value", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("vaak", "example.nl");
  // Use up this address's allowance at the upstream, so the next question is refused (429).
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await request.post(
      `${UPSTREAM_URL}${API_BASE_PATH}/support/create`,
      {
        headers: {
          [HEADERS.siteHost]: "localhost",
          [HEADERS.apiKey]: "demo-api-key",
          [HEADERS.anonymousUserId]: "e2e",
        },
        data: {
          name: "Test",
          email,
          school: null,
          klas: null,
          questionAbout: "Overig",
          message: "Vraag",
        },
      },
    );
    expect(response.status()).toBe(200);
  }

  await page.goto("/contact");
  const key = await keyField(page).inputValue();
  await fillQuestion(page, { email, message: "Nog een vraag" });
  await page.getByRole("button", { name: "Versturen" }).click();

  // Said once: as the toast, not again in the form.
  await expect(page.getByText(MESSAGES.tooManyQuestions)).toBeVisible();
  // Sending again repeats the key: had the upstream stored the question after all, it would not store it twice.
  await expect(keyField(page)).toHaveValue(key);
  await expect(page.getByText(MESSAGES.tooManyQuestions)).toHaveCount(1);
  await expect(page.getByLabel("Naam")).toHaveValue("Sanne de Vries");
  await expect(page.getByLabel("E-mailadres")).toHaveValue(email);
  await expect(page.getByLabel("School (optioneel)")).toHaveValue(
    "Domstad Lyceum",
  );
  await expect(page.getByLabel("Klas (optioneel)")).toHaveValue("4 havo");
  await expect(page.getByLabel("Mijn vraag gaat over")).toHaveValue("Workshop");
  await expect(page.getByLabel("Bericht")).toHaveValue("Nog een vraag");
});
