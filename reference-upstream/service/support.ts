/** The contact page's questions: stored, and mailed to the site's support address. */
import type { SupportQuestion } from "#contract";
import { supportQuestionMail } from "../mail-templates";
import type { DbAccess, SiteRow } from "./db-access";
import type { Limits } from "./limits";

export function createSupport(d: DbAccess, { rateLimit }: Limits) {
  const { config, now, tx, run } = d;

  function supportCreate(s: SiteRow, q: SupportQuestion): { message: string } {
    tx(() => {
      rateLimit(`support:${s.id}:${q.email.toLowerCase()}`);
      run(
        `INSERT INTO support_questions (site_id, name, email, school, klas, question_about, message, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        s.id,
        q.name,
        q.email,
        q.school,
        q.klas,
        q.questionAbout,
        q.message,
        now(),
      );
      config.mailer.queue({
        siteId: s.id,
        to: s.support_email,
        replyTo: q.email,
        ...supportQuestionMail(q),
      });
    });
    config.mailer.deliver();
    return {
      message: "Jouw vraag is verstuurd. We nemen zo snel mogelijk contact op.",
    };
  }

  return { supportCreate };
}
