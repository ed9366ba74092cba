/**
 * /inschrijven (spec "SchoolSelect", "Choosing a school", "Changing school", "Route guard"), with JavaScript on
 * and off: the guards, the login box, one button per school, and choosing and changing the school.
 */
import { expect, test, type Page } from "@playwright/test";
import { chooseDay, serverSideOnly } from "../support/e2e/flow";
import { MESSAGES, VALIDATION } from "../../app/messages";
import { expectNoA11yViolations } from "../support/e2e/axe";
import { fetchRegistration, readSession } from "../support/e2e/registration";

function schoolList(page: Page) {
  return page.getByRole("region", {
    name: "Nieuwe inschrijving? Selecteer jouw school:",
  });
}

async function visitor(page: Page) {
  const session = await readSession(page);
  if (!session.anonymousUserId || !session.registrationId)
    throw new Error("the visitor has no registration id");
  return {
    anonymousUserId: session.anonymousUserId,
    registrationId: session.registrationId,
  };
}

test("without a chosen day /inschrijven and /workshops go home", async ({
  page,
}) => {
  serverSideOnly();
  await page.goto("/inschrijven");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/workshops");
  await expect(page).toHaveURL(/\/$/);
});

test("with a day but no school /workshops goes to /inschrijven, which lists the day's schools", async ({
  page,
}) => {
  await chooseDay(page);
  await page.goto("/workshops");
  await expect(page).toHaveURL(/\/inschrijven$/);

  await expect(
    page.getByRole("heading", { name: "Ben je al ingeschreven?" }),
  ).toBeVisible();
  const email = page.getByRole("textbox", { name: "E-mailadres" });
  await expect(email).toHaveAttribute("name", "email");
  await expect(email).toHaveAttribute("autocomplete", "email");
  await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();

  const schools = schoolList(page);
  await expect(
    schools.getByRole("heading", {
      name: "Nieuwe inschrijving? Selecteer jouw school:",
    }),
  ).toBeVisible();
  // The logo is decorative: the button's name is the school's name alone.
  for (const name of [
    "Domstad Lyceum",
    "Kromme Rijn College",
    "Scholengemeenschap Vleuterweide",
    "Wilhelminapark Gymnasium",
    "Vakcollege Lunetten",
  ])
    await expect(
      schools.getByRole("button", { name, exact: true }),
    ).toBeVisible();
  // Mavo Maarsseveen takes part in other days only.
  await expect(
    schools.getByRole("button", { name: "Mavo Maarsseveen" }),
  ).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("choosing a school creates the registration and lands on /workshops; /inschrijven then forwards there", async ({
  page,
  request,
}) => {
  await chooseDay(page);
  await schoolList(page)
    .getByRole("button", { name: "Kromme Rijn College" })
    .click();
  await expect(page).toHaveURL(/\/workshops$/);
  await expect(page.getByText("Kromme Rijn College")).toBeVisible();

  const registration = await fetchRegistration(request, await visitor(page));
  expect(registration?.school?.display).toBe("Kromme Rijn College");

  await page.goto("/inschrijven");
  await expect(page).toHaveURL(/\/workshops$/);
});

test("'Wijzig school' removes the school upstream, and a new choice sets it on the same registration", async ({
  page,
  request,
}) => {
  await chooseDay(page);
  await schoolList(page)
    .getByRole("button", { name: "Domstad Lyceum" })
    .click();
  await expect(page).toHaveURL(/\/workshops$/);
  const ids = await visitor(page);

  await page.getByRole("button", { name: "Wijzig school" }).click();
  await expect(page).toHaveURL(/\/inschrijven$/);
  const withoutSchool = await fetchRegistration(request, ids);
  expect(withoutSchool).not.toBeNull();
  expect(withoutSchool?.school).toBeNull();

  await schoolList(page)
    .getByRole("button", { name: "Vakcollege Lunetten" })
    .click();
  await expect(page).toHaveURL(/\/workshops$/);
  await expect(page.getByText("Vakcollege Lunetten")).toBeVisible();
  expect((await fetchRegistration(request, ids))?.school?.display).toBe(
    "Vakcollege Lunetten",
  );
  expect((await readSession(page)).registrationId).toBe(ids.registrationId);
});

test("the login box checks the address and answers neutrally", async ({
  page,
}) => {
  await chooseDay(page);
  const email = page.getByRole("textbox", { name: "E-mailadres" });

  await email.fill("niet-een-adres");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByText(VALIDATION.email)).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  await email.fill("onbekend-e2e@example.com");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByText(MESSAGES.loginRequested)).toBeVisible();
  await expect(page).toHaveURL(/\/inschrijven$/);
  await expect(page.getByRole("textbox", { name: "E-mailadres" })).toHaveValue(
    "",
  );
});

test("a forged school id is refused without a crash", async ({ page }) => {
  serverSideOnly();
  await chooseDay(page);
  const response = await page.request.post("/inschrijven", {
    form: { intent: "school", school: "999999" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
});
