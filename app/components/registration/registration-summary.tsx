/**
 * 'Jouw inschrijving' on the final form (spec "EventRegistration"): how many workshops, the day, the school and
 * the choice per round, each chosen workshop linking to its page, and the round's waiting-list entry if any.
 */
import { href, Link } from "react-router";
import { Card } from "~/components/ui/card";
import { WAITLIST, SUMMARY, CART } from "~/messages";
import type { CartRound } from "~/registration/rounds";

export interface RegistrationSummaryProps {
  count: number;
  rounds: CartRound[];
  /** The day's name and its long date ("zaterdag 5 december 2026"), or null when the day is no longer listed. */
  day: { display: string; date: string } | null;
  school: string | null;
}

export function RegistrationSummary({
  count,
  rounds,
  day,
  school,
}: RegistrationSummaryProps) {
  return (
    <section aria-labelledby="inschrijving-titel">
      <Card className="gap-5 p-5">
        <h2 id="inschrijving-titel" className="text-xl font-bold">
          {SUMMARY.title}
        </h2>
        <p>{CART.count(count)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {day ? (
            <>
              <dt className="font-semibold">{SUMMARY.day}</dt>
              <dd>
                {/* Real spaces between the lines: read without styles they would run together. */}
                <span className="block">{day.display}</span>{" "}
                <span className="block">{day.date}</span>
              </dd>
            </>
          ) : null}
          {school ? (
            <>
              <dt className="font-semibold">{SUMMARY.school}</dt>
              <dd>{school}</dd>
            </>
          ) : null}
        </dl>
        <section aria-labelledby="keuze-titel" className="flex flex-col gap-3">
          <h3 id="keuze-titel" className="text-lg font-semibold">
            {SUMMARY.choices}
          </h3>
          <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-700">
            {rounds.map((round) => (
              <li
                key={round.number}
                className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0"
              >
                <span className="text-sm text-gray-700 dark:text-gray-300">
                  <span className="font-semibold text-gray-900 dark:text-gray-100">
                    {CART.round(round.number)}
                  </span>{" "}
                  {round.startTime} – {round.endTime}
                </span>{" "}
                {round.workshop ? (
                  <Link
                    to={href("/workshop/:slug", { slug: round.workshop.slug })}
                    className="text-primary-800 dark:text-primary-200 font-semibold underline underline-offset-4 hover:no-underline"
                  >
                    {round.workshop.display}
                  </Link>
                ) : (
                  <span className="text-gray-700 italic dark:text-gray-300">
                    {SUMMARY.noChoice}
                  </span>
                )}{" "}
                {round.waitlist ? (
                  <span className="text-sm text-gray-700 dark:text-gray-300">
                    {WAITLIST.line(
                      round.waitlist.workshop.display,
                      round.waitlist.position,
                    )}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      </Card>
    </section>
  );
}
