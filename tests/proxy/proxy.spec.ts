/**
 * The site behind a TLS-terminating nginx with TRUST_PROXY=true works as it does on localhost: forms post
 * (React Router's own Origin check and ours see the public https origin), cookies are Secure, HSTS is sent, and
 * the client address is the one nginx saw, whatever the visitor writes in X-Forwarded-For.
 */
import { expect, request as http, test } from "@playwright/test";
import { MESSAGES } from "../../app/messages";
import { nginxPath } from "../support/nginx";
import { SPOOFED_ADDRESS } from "./setup";

test.skip(
  !nginxPath(),
  "nginx is not installed (apt-get install nginx): proxy suite skipped",
);

const site = () => process.env.PROXY_SITE_URL!;

test("a question is sent through the proxy", async ({ page }) => {
  await page.goto(`${site()}/contact`);
  await page.getByLabel("Naam").fill("Sanne de Vries");
  await page.getByLabel("E-mailadres").fill("sanne@example.nl");
  await page.getByLabel("Mijn vraag gaat over").selectOption("Evenement");
  await page.getByLabel("Bericht").fill(`Via de proxy ${Date.now()}`);
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByText(MESSAGES.questionSent)).toBeVisible();
  await expect(page).toHaveURL(`${site()}/contact`);
});

test("a day is chosen through the proxy, with a Secure session cookie", async ({
  page,
  context,
}) => {
  await page.goto(`${site()}/`);
  await page
    .getByRole("region", { name: "Evenementen" })
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: /^Inschrijven/ })
    .click();
  await expect(page).toHaveURL(`${site()}/inschrijven`);
  const session = (await context.cookies()).find(
    (cookie) => cookie.name === "session",
  );
  expect(session).toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: "Lax",
  });
});

test("pages and static files say HSTS, and the CSP upgrades insecure requests", async ({
  request,
}) => {
  const page = await request.get(`${site()}/`);
  expect(page.headers()["strict-transport-security"]).toBe("max-age=31536000");
  expect(page.headers()["content-security-policy"]).toContain(
    "upgrade-insecure-requests",
  );
  const favicon = await request.get(`${site()}/favicon.svg`);
  expect(favicon.headers()["strict-transport-security"]).toBe(
    "max-age=31536000",
  );
  expect(favicon.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the maintenance bypass is offered to the address nginx saw", async ({
  page,
}) => {
  const url = process.env.PROXY_BYPASS_URL!;
  await page.goto(`${url}/`);
  await expect(page).toHaveURL(`${url}/under-construction`);
  await page.getByRole("button", { name: "Doorgaan naar website" }).click();
  await expect(page).toHaveURL(`${url}/`);
  await expect(
    page.getByRole("heading", { name: "Evenementen" }),
  ).toBeVisible();
});

test("a spoofed X-Forwarded-For gets no bypass", async ({ page, request }) => {
  const url = process.env.PROXY_SPOOF_URL!;
  const spoofed = { "X-Forwarded-For": `${SPOOFED_ADDRESS}, 203.0.113.5` };
  await page.setExtraHTTPHeaders(spoofed);
  await page.goto(`${url}/under-construction`);
  await expect(
    page.getByRole("heading", { name: "Under Construction" }),
  ).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Doorgaan naar website" }),
  ).toHaveCount(0);
  const post = await request.post(`${url}/under-construction`, {
    headers: { ...spoofed, Origin: url },
    form: {},
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
});

test("the micro-cache in front keeps the page that is the same for everyone, and no visitor's own", async ({
  browser,
}) => {
  // Home to a visitor without cookies is the same for everyone: nginx may keep it, and Vary: Cookie keeps it to
  // cookie-less visitors. Each request comes from a new visitor; the first may start a session (a cookie: not kept).
  const home = `${site()}/?micro-cache=${Date.now()}`;
  const fromNewVisitor = async () => {
    const visitor = await http.newContext({ ignoreHTTPSErrors: true });
    try {
      return (await visitor.get(home)).headers();
    } finally {
      await visitor.dispose();
    }
  };
  await fromNewVisitor();
  await fromNewVisitor();
  const cached = await fromNewVisitor();
  expect(cached["x-cache-status"]).toBe("HIT");
  expect(cached["vary"]).toContain("Cookie");

  // Two visitors with their own school; each asks /workshops twice and always gets their own page.
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ ignoreHTTPSErrors: true })),
  );
  try {
    const schools: string[] = [];
    for (const [index, context] of contexts.entries()) {
      const page = await context.newPage();
      await page.goto(`${site()}/`);
      await page
        .getByRole("region", { name: "Evenementen" })
        .getByRole("listitem")
        .first()
        .getByRole("button", { name: /^Inschrijven/ })
        .click();
      await expect(page).toHaveURL(`${site()}/inschrijven`);
      const school = page
        .getByRole("region", { name: /Selecteer jouw school/ })
        .getByRole("button")
        .nth(index);
      schools.push((await school.textContent())!.trim());
      await school.click();
      await expect(page).toHaveURL(`${site()}/workshops`);
    }
    expect(schools[0]).not.toBe(schools[1]);
    for (let round = 0; round < 2; round++) {
      for (const [index, context] of contexts.entries()) {
        const page = context.pages()[0]!;
        for (const path of ["/workshops", "/", home.slice(site().length)]) {
          const response = await page.goto(`${site()}${path}`);
          const headers = response!.headers();
          expect(headers["cache-control"], path).toBe("private, no-cache");
          expect(headers["vary"], path).toContain("Cookie");
          expect(headers["x-cache-status"], path).not.toBe("HIT");
        }
        await page.goto(`${site()}/workshops`);
        await expect(page.getByRole("main")).toContainText(
          `School: ${schools[index]}`,
        );
      }
    }
    // The form with the visitor's details is kept nowhere.
    const form = await contexts[0]!
      .pages()[0]!
      .goto(`${site()}/inschrijving-afronden`);
    expect(form?.headers()["cache-control"]).toBe("private, no-store");
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
