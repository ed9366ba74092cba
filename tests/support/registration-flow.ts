/**
 * A student's registration through the site's own forms, as a browser without JavaScript sends them (issue 43's
 * suites): the day, the first school, a workshop in its first free round, and 'Versturen'.
 */
import { expect } from "vitest";
import { flashedMessages, mergeCookies, send } from "./site";
import type { Answer, Site } from "./site";

export function registrationFlow(site: Site) {
  const form = (cookie: string) => ({
    "content-type": "application/x-www-form-urlencoded",
    origin: `http://${site.host}`,
    "sec-fetch-site": "same-origin",
    ...(cookie ? { cookie } : {}),
  });

  /** A post as a browser without JavaScript sends it; the cookie after its answer. */
  async function post(
    cookie: string,
    path: string,
    body: Record<string, string>,
  ): Promise<{ answer: Answer; cookie: string }> {
    const answer = await send(site, {
      method: "POST",
      path,
      headers: form(cookie),
      body: new URLSearchParams(body).toString(),
    });
    return {
      answer,
      cookie: mergeCookies(cookie, answer.headers["set-cookie"]),
    };
  }

  async function page(cookie: string, path: string) {
    const answer = await send(site, { path, headers: { cookie } });
    return {
      answer,
      cookie: mergeCookies(cookie, answer.headers["set-cookie"]),
    };
  }

  const key = (html: string) =>
    /name="idempotencyKey" value="([^"]+)"/.exec(html)![1]!;

  /** The free rounds of a workshop page's picker. */
  function freeRounds(html: string): number[] {
    return (html.match(/<input[^>]*name="round"[^>]*>/g) ?? [])
      .filter(
        (tag) => tag.includes('type="radio"') && !tag.includes("disabled"),
      )
      .map((tag) => Number(/value="(\d+)"/.exec(tag)![1]));
  }

  /** A visitor with a draft: the day, the first school, and the first workshop with a free round. */
  async function draft(day: number): Promise<{
    cookie: string;
    slugs: string[];
    round: number;
  }> {
    let { cookie } = await post("", "/?index", {
      orientationDayId: String(day),
    });
    const schools = await page(cookie, "/inschrijven");
    const school = /name="school" value="(\d+)"/.exec(schools.answer.text)![1]!;
    ({ cookie } = await post(schools.cookie, "/inschrijven", {
      intent: "school",
      school,
    }));
    const list = await page(cookie, "/workshops");
    const slugs = [
      ...new Set(
        [...list.answer.text.matchAll(/href="\/workshop\/([^"?#/]+)"/g)].map(
          (match) => match[1]!,
        ),
      ),
    ];
    cookie = list.cookie;
    for (const slug of slugs) {
      const shown = await page(cookie, `/workshop/${slug}`);
      const round = freeRounds(shown.answer.text)[0];
      if (round === undefined) continue;
      const added = await post(shown.cookie, `/workshop/${slug}`, {
        round: String(round),
        idempotencyKey: key(shown.answer.text),
      });
      expect(added.answer.status).toBe(302);
      return {
        cookie: added.cookie,
        slugs: slugs.filter((s) => s !== slug),
        round,
      };
    }
    throw new Error("no workshop with a free round");
  }

  const details = (email: string, name = "Sanne") => ({
    geslacht: "vrouw",
    display: name,
    voornaam: name,
    achternaam: "de Vries",
    klas: "4b",
    telefoonnummer: "0612345678",
    aantalPersonen: "1",
    emailadres: email,
    repeatEmail: email,
  });

  /** 'Versturen' from the final form, as a browser without JavaScript sends it. */
  async function versturen(cookie: string, body: Record<string, string>) {
    const shown = await page(cookie, "/inschrijving-afronden");
    const keyField = /name="idempotencyKey" value="([^"]+)"/.exec(
      shown.answer.text,
    )?.[1];
    return post(shown.cookie, "/inschrijving-afronden", {
      ...body,
      idempotencyKey: keyField ?? crypto.randomUUID(),
    });
  }

  /** What the visitor reads after the answer: the flashed toasts and the page itself. */
  async function told(answer: Answer): Promise<string> {
    return [
      ...(await flashedMessages(answer.headers["set-cookie"])),
      answer.text,
    ].join("\n");
  }

  return { post, page, freeRounds, draft, details, versturen, told };
}

/** The first confirmation link's token in a mail's text. */
function confirmToken(text: string): string {
  return /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

/** Confirms a registration as its mailed link would: the token in the mail's text, sent to the upstream's API. */
export function confirmByMail(
  upstreamUrl: string,
  site: Site,
  mailText: string,
): Promise<Response> {
  return fetch(`${upstreamUrl}/v1/registration/confirm`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": "demo-api-key",
      "x-site-host": site.host,
    },
    body: JSON.stringify({ token: confirmToken(mailText) }),
  });
}
