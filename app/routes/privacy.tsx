/**
 * 'Privacy en cookies': the school's own privacy statement when the upstream's page texts hold one (`privacy`,
 * optional in the contract), sanitised as every page text is; then every cookie the site sets, from the same
 * constants the cookies are made with (so the list cannot drift from the code), and what the site passes on to the
 * upstream and to error reporting. Every cookie is functional, so there is no consent banner.
 */
import type { Route } from "./+types/privacy";
import { RichText } from "~/components/rich-text";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { cookieLifetime, PRIVACY } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import { SITE_COOKIES } from "./privacy.server";

export function meta() {
  return [{ title: PRIVACY.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { siteData } = getRequestState(context);
  let statement: { title: string | null; html: string } | null = null;
  try {
    const page = await siteData.call("page", { params: { slug: "privacy" } });
    if (page.status === 200 && page.data.text)
      statement = {
        title: page.data.title ?? null,
        html: sanitizeHtml(page.data.text),
      };
  } catch {
    // The statement is optional (a 404 is the usual answer); the rest of the page stands without it.
  }
  return {
    statement,
    cookies: SITE_COOKIES.map((cookie) => ({
      ...cookie,
      lifetime: cookieLifetime(cookie.maxAgeSeconds),
    })),
  };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { statement, cookies } = loaderData;
  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8"
    >
      <h1 className="text-3xl font-bold">{PRIVACY.title}</h1>

      {statement ? (
        <section
          aria-labelledby="verklaring-titel"
          className="flex flex-col gap-3"
        >
          <h2 id="verklaring-titel" className="text-xl font-bold">
            {statement.title ?? PRIVACY.statementFallbackTitle}
          </h2>
          <RichText html={statement.html} />
        </section>
      ) : null}

      <section aria-labelledby="cookies-titel" className="flex flex-col gap-3">
        <h2 id="cookies-titel" className="text-xl font-bold">
          {PRIVACY.cookiesTitle}
        </h2>
        <p>{PRIVACY.cookiesIntro}</p>
        <ScrollRegion label={PRIVACY.cookiesTable}>
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-gray-300 dark:border-gray-700">
                <th scope="col" className="py-2 pr-4">
                  {PRIVACY.columns.name}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {PRIVACY.columns.purpose}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {PRIVACY.columns.lifetime}
                </th>
                <th scope="col" className="py-2">
                  {PRIVACY.columns.kind}
                </th>
              </tr>
            </thead>
            <tbody>
              {cookies.map((cookie) => (
                <tr
                  key={cookie.name}
                  className="border-b border-gray-200 align-top dark:border-gray-800"
                >
                  <th scope="row" className="py-2 pr-4 font-mono font-normal">
                    {cookie.name}
                  </th>
                  <td className="py-2 pr-4">{cookie.purpose}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {cookie.lifetime}
                  </td>
                  <td className="py-2">{PRIVACY.functional}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <section
        aria-labelledby="doorgeven-titel"
        className="flex flex-col gap-3"
      >
        <h2 id="doorgeven-titel" className="text-xl font-bold">
          {PRIVACY.upstreamTitle}
        </h2>
        {PRIVACY.upstream.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>

      <section aria-labelledby="fouten-titel" className="flex flex-col gap-3">
        <h2 id="fouten-titel" className="text-xl font-bold">
          {PRIVACY.reportingTitle}
        </h2>
        {PRIVACY.reporting.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>
    </main>
  );
}
