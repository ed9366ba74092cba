/**
 * /inschrijving-bevestigen/agenda.ics: 'Zet in je agenda' on the thank-you page. The file is made from what the
 * session kept of the confirmation (the day and the workshop per round) and the day list (times, address), so
 * it needs no registration id and works on the device that followed the link.
 */
import type { Route } from "./+types/confirm-calendar";
import { registrationCalendar } from "~/registration/calendar.server";
import { getOrientationDay } from "~/registration/registration.server";
import { getRequestState } from "~/request/request-state.server";
import { CONFIRM_PAGE } from "~/messages";

function notFound(): Response {
  return new Response(CONFIRM_PAGE.noCalendar, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { session, host } = getRequestState(context);
  const outcome = session.confirmation;
  if (!outcome?.ok || !outcome.dayId || !outcome.rounds?.length)
    return notFound();
  const day = await getOrientationDay(context, outcome.dayId).catch(() => null);
  if (!day) return notFound();
  return new Response(registrationCalendar(day, outcome.rounds, host), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="open-dag.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
