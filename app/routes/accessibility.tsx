/**
 * 'Toegankelijkheidsverklaring' (/toegankelijkheid), linked in every page's footer beside 'Privacy en cookies':
 * the site's own statement in the structure of the Dutch government's model statement, with the results of its
 * real-device and accessibility suites; then the organisation's own part (contact person, its own checks, its
 * signature) from its page texts (`toegankelijkheid`, optional, sanitised), as the privacy page takes the privacy
 * statement.
 */
import { href, Link } from "react-router";
import type { Route } from "./+types/accessibility";
import { RichText } from "~/components/rich-text";
import { formatLongDate } from "~/lib/dates";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { siteName } from "~/lib/site-name";
import { ACCESSIBILITY } from "~/messages";
import { getRequestState } from "~/request/request-state.server";
import { getSettings } from "~/upstream/settings.server";

/**
 * When the statement's results were last checked against the suites (tests/e2e/real-device.spec.ts and the axe
 * checks of every spec): move it on with the texts whenever a run changes what they say.
 */
export const RESULTS_CHECKED_ON = "2026-11-26";

export function meta() {
  return [{ title: ACCESSIBILITY.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { site, siteData } = getRequestState(context);
  const settingsRead = getSettings(siteData);
  let addition: { title: string | null; html: string } | null = null;
  try {
    const page = await siteData.call("page", {
      params: { slug: "toegankelijkheid" },
    });
    if (page.status === 200 && page.data.text)
      addition = {
        title: page.data.title ?? null,
        html: sanitizeHtml(page.data.text),
      };
  } catch {
    // The organisation's part is optional (a 404 is the usual answer); the statement stands without it.
  }
  const settings = await settingsRead;
  return {
    organisation: siteName(settings.fullLocationName, site),
    addition,
    checkedOn: formatLongDate(RESULTS_CHECKED_ON),
  };
}

const sectionClass = "flex flex-col gap-3";
const headingClass = "text-xl font-bold";

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  const { organisation, addition, checkedOn } = loaderData;
  return (
    <main
      id="inhoud"
      className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8"
    >
      <h1 className="text-3xl font-bold">{ACCESSIBILITY.title}</h1>
      <p>{ACCESSIBILITY.intro(organisation)}</p>

      <section aria-labelledby="norm-titel" className={sectionClass}>
        <h2 id="norm-titel" className={headingClass}>
          {ACCESSIBILITY.standardTitle}
        </h2>
        <p>{ACCESSIBILITY.standard}</p>
      </section>

      <section aria-labelledby="status-titel" className={sectionClass}>
        <h2 id="status-titel" className={headingClass}>
          {ACCESSIBILITY.statusTitle}
        </h2>
        <p>{ACCESSIBILITY.status}</p>
      </section>

      <section aria-labelledby="getest-titel" className={sectionClass}>
        <h2 id="getest-titel" className={headingClass}>
          {ACCESSIBILITY.testedTitle}
        </h2>
        {ACCESSIBILITY.tested.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>

      <section aria-labelledby="wanneer-titel" className={sectionClass}>
        <h2 id="wanneer-titel" className={headingClass}>
          {ACCESSIBILITY.testedOnTitle}
        </h2>
        <p>{ACCESSIBILITY.testedOn(checkedOn)}</p>
      </section>

      <section aria-labelledby="resultaten-titel" className={sectionClass}>
        <h2 id="resultaten-titel" className={headingClass}>
          {ACCESSIBILITY.resultsTitle}
        </h2>
        {ACCESSIBILITY.results.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>

      <section aria-labelledby="uitzonderingen-titel" className={sectionClass}>
        <h2 id="uitzonderingen-titel" className={headingClass}>
          {ACCESSIBILITY.exceptionsTitle}
        </h2>
        <ul className="flex list-disc flex-col gap-3 pl-6">
          {ACCESSIBILITY.exceptions.map(({ problem, plan }) => (
            <li key={problem}>
              <p>{problem}</p>
              <p>{plan}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="melden-titel" className={sectionClass}>
        <h2 id="melden-titel" className={headingClass}>
          {ACCESSIBILITY.reportTitle}
        </h2>
        <p>{ACCESSIBILITY.report}</p>
        <p>
          <Link
            to={href("/contact")}
            className="text-primary-800 dark:text-primary-200 inline-flex min-h-6 items-center font-semibold underline underline-offset-4 hover:no-underline"
          >
            {ACCESSIBILITY.reportLink}
          </Link>
        </p>
      </section>

      <section aria-labelledby="organisatie-titel" className={sectionClass}>
        <h2 id="organisatie-titel" className={headingClass}>
          {addition?.title ?? ACCESSIBILITY.organisationTitle(organisation)}
        </h2>
        {addition ? (
          <RichText html={addition.html} />
        ) : (
          <p>{ACCESSIBILITY.organisationMissing(organisation)}</p>
        )}
      </section>
    </main>
  );
}
