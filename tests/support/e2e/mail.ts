/**
 * The demo mailbox of the reference upstream, and the way mail scanners open a mailed link: the tests read the
 * links the site's mails carry, and let the scanners have the first go at them, as school mail filters do.
 */
import { expect, request as apiRequest } from "@playwright/test";
import type { APIRequestContext } from "@playwright/test";
import { z } from "zod";
import { APP_URL, UPSTREAM_URL } from "../../../playwright.config";

const MailboxSchema = z.array(
  z.object({ subject: z.string(), links: z.array(z.string()) }),
);

/** The mails to an address, newest first. */
export async function mailsTo(
  request: APIRequestContext,
  email: string,
): Promise<z.infer<typeof MailboxSchema>> {
  const response = await request.get(`${UPSTREAM_URL}/dev/mailbox.json`, {
    params: { to: email },
  });
  expect(response.status(), "GET mailbox").toBe(200);
  return MailboxSchema.parse(await response.json());
}

/**
 * The newest link to `path` mailed to the address, once it has arrived, rewritten to the site under test (the
 * upstream builds links with the site's public address).
 */
export async function mailedLink(
  request: APIRequestContext,
  email: string,
  path: "/login" | "/inschrijving-bevestigen",
  notOneOf: string[] = [],
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, email))
          .flatMap((mail) => mail.links)
          .map((link) => new URL(link))
          .filter(
            (url) => url.pathname === path && url.searchParams.has("token"),
          )
          .map((url) => `${APP_URL}${url.pathname}${url.search}`)
          .find((link) => !notOneOf.includes(link));
        return found;
      },
      { message: `a new ${path} link mailed to ${email}` },
    )
    .toBeTruthy();
  return found!;
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** User agents of the link checkers in school mail filters and Office, and a plain HTTP client. */
export const SCANNER_AGENTS = {
  outlook:
    "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)",
  office: "Mozilla/4.0 (compatible; ms-office; MSOffice 16)",
  proofpoint: "Mozilla/5.0 (compatible; Proofpoint URL Defense)",
  mimecast: "Mimecast URL Protect/1.0",
  barracuda: "Barracuda Sentinel (EE)",
  curl: "curl/8.5.0",
} as const;

/** Each way a link is opened before the person opens it: scanner agents, a HEAD, a browser's prefetch. */
const VISITS: {
  name: string;
  method: "GET" | "HEAD";
  headers: Record<string, string>;
}[] = [
  ...Object.entries(SCANNER_AGENTS).map(([name, agent]) => ({
    name,
    method: "GET" as const,
    headers: { "User-Agent": agent },
  })),
  { name: "HEAD", method: "HEAD", headers: { "User-Agent": BROWSER } },
  {
    name: "prefetch",
    method: "GET",
    headers: { "User-Agent": BROWSER, "Sec-Purpose": "prefetch" },
  },
  {
    name: "old prefetch",
    method: "GET",
    headers: { "User-Agent": BROWSER, Purpose: "prefetch" },
  },
];

/**
 * Opens the link every way scanners do, each with a cookie jar of its own, and follows the redirect as they
 * do. Every first answer must send the token nowhere: a 303 to the page without it, no Referer, no caching.
 */
export async function openLikeScanners(link: string): Promise<void> {
  const path = new URL(link).pathname;
  const token = tokenOf(link);
  for (const visit of VISITS) {
    const scanner = await apiRequest.newContext({
      extraHTTPHeaders: visit.headers,
    });
    try {
      const first = await scanner.fetch(link, {
        method: visit.method,
        maxRedirects: 0,
      });
      expect(first.status(), visit.name).toBe(303);
      expect(first.headers()["location"], visit.name).toBe(path);
      expect(first.headers()["referrer-policy"], visit.name).toBe(
        "no-referrer",
      );
      expect(first.headers()["cache-control"], visit.name).toContain(
        "no-store",
      );
      const page = await scanner.fetch(`${APP_URL}${path}`, {
        method: visit.method,
      });
      expect(page.status(), visit.name).toBe(200);
      if (visit.method === "GET")
        expect(await page.text(), visit.name).not.toContain(token);
    } finally {
      await scanner.dispose();
    }
  }
}
