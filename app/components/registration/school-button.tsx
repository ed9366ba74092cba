/**
 * One school on /inschrijven (spec "SchoolSelect"): a POST button whose accessible name is the school's name;
 * the logo beside it is decorative. While its own choice is being posted, the button says it is busy.
 */
import { Form, useNavigation } from "react-router";
import { IdempotencyField } from "~/components/forms";
import type { School } from "#contract";

export const SCHOOL_INTENT = "school";

export function SchoolButton({ school }: { school: School }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === SCHOOL_INTENT &&
    navigation.formData.get("school") === String(school.id);

  return (
    <Form method="post" className="h-full">
      <input type="hidden" name="intent" value={SCHOOL_INTENT} />
      <input type="hidden" name="school" value={school.id} />
      <IdempotencyField />
      <button
        type="submit"
        aria-busy={busy || undefined}
        // Under 400 px the logo stands above the name, so a long name ('Scholengemeenschap Vleuterweide') has the
        // button's width and breaks between words, not inside one.
        className="hover:border-primary-700 focus-visible:ring-primary-700 flex h-full w-full flex-col items-start gap-3 rounded-lg border border-gray-300 bg-white p-4 text-left shadow-sm transition-colors focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none aria-busy:opacity-70 min-[400px]:flex-row min-[400px]:items-center min-[400px]:gap-4 dark:border-gray-700 dark:bg-gray-900"
      >
        {school.logo ? (
          <img
            src={school.logo}
            alt=""
            width={128}
            height={64}
            className="h-12 w-24 shrink-0 rounded object-contain min-[360px]:h-16 min-[360px]:w-32"
          />
        ) : (
          <span
            aria-hidden="true"
            className="bg-primary-50 h-12 w-24 shrink-0 rounded min-[360px]:h-16 min-[360px]:w-32"
          />
        )}
        {/* A long name breaks rather than running out of the button on a narrow phone (WCAG 2.2 SC 1.4.10). */}
        <span className="min-w-0 text-base font-semibold wrap-break-word hyphens-auto text-gray-900 dark:text-gray-100">
          {school.display}
        </span>
      </button>
    </Form>
  );
}
