/**
 * The Dutch mails the reference upstream sends. Each mail is written once as blocks and rendered to both
 * plain text and HTML, so the two versions cannot say different things.
 */
import { escapeHtml } from "./mail";
import type { MailContent } from "./mail";

type Block = string | { link: string } | { list: string[] };

function compose(subject: string, blocks: Block[]): MailContent {
  const text = blocks
    .map((block) => {
      if (typeof block === "string") return block;
      if ("link" in block) return block.link;
      return block.list.map((item) => `- ${item}`).join("\n");
    })
    .join("\n\n");
  const body = blocks
    .map((block) => {
      if (typeof block === "string") return `<p>${escapeHtml(block)}</p>`;
      if ("link" in block)
        return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.link)}</a></p>`;
      return `<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
    })
    .join("\n");
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${body}</body></html>`;
  return { subject, text, html };
}

export interface RegistrationSummary {
  name: string;
  day: string;
  date: string;
  school: string | null;
  rounds: {
    number: number;
    startTime: string;
    endTime: string;
    workshop: string | null;
  }[];
}

function summaryBlocks(summary: RegistrationSummary): Block[] {
  return [
    `Evenement: ${summary.day} (${summary.date})`,
    `School: ${summary.school ?? "-"}`,
    {
      list: summary.rounds.map(
        (round) =>
          `Ronde ${round.number} (${round.startTime} - ${round.endTime}): ${round.workshop ?? "Geen keuze"}`,
      ),
    },
  ];
}

export function confirmLinkMail(
  summary: RegistrationSummary,
  link: string,
  validMinutes: number,
): MailContent {
  return compose("Bevestig je inschrijving", [
    `Hoi ${summary.name},`,
    "Bedankt voor je inschrijving. Klik op de link hieronder om je inschrijving te bevestigen:",
    { link },
    `De link is ${validMinutes} minuten geldig en werkt één keer.`,
    ...summaryBlocks(summary),
    "Heb je je niet ingeschreven? Dan kun je deze e-mail negeren.",
  ]);
}

export function confirmedMail(
  summary: RegistrationSummary,
  loginPage: string,
): MailContent {
  return compose("Je inschrijving is bevestigd", [
    `Hoi ${summary.name},`,
    "Je inschrijving is bevestigd. Dit is je inschrijving:",
    ...summaryBlocks(summary),
    "Wil je iets wijzigen of je uitschrijven? Vraag dan een inloglink aan op:",
    { link: loginPage },
  ]);
}

export function changedMail(summary: RegistrationSummary): MailContent {
  return compose("Je inschrijving is gewijzigd", [
    `Hoi ${summary.name},`,
    "Je wijziging is opgeslagen. Dit is je inschrijving nu:",
    ...summaryBlocks(summary),
  ]);
}

/** The waiting list moved the registration into a seat (decision 0023). */
export function seatFreedMail(
  summary: RegistrationSummary,
  seat: { workshop: string; round: number; startTime: string; endTime: string },
): MailContent {
  return compose("Er is een plek vrijgekomen", [
    `Hoi ${summary.name},`,
    `Er is een plek vrijgekomen bij ${seat.workshop} in ronde ${seat.round} (${seat.startTime} - ${seat.endTime}). Je stond op de wachtlijst, dus deze workshop staat nu in je inschrijving.`,
    "Dit is je inschrijving nu:",
    ...summaryBlocks(summary),
  ]);
}

export function cancelledMail(summary: RegistrationSummary): MailContent {
  return compose("Je inschrijving is geannuleerd", [
    `Hoi ${summary.name},`,
    `Je inschrijving voor ${summary.day} (${summary.date}) is geannuleerd.`,
  ]);
}

export function loginLinkMail(link: string, validMinutes: number): MailContent {
  return compose("Je inloglink", [
    "Hoi,",
    "Klik op de link hieronder om je inschrijving te bekijken of te wijzigen:",
    { link },
    `De link is ${validMinutes} minuten geldig en werkt één keer.`,
    "Heb je geen inloglink aangevraagd? Dan kun je deze e-mail negeren.",
  ]);
}

export function supportQuestionMail(question: {
  name: string;
  email: string;
  school: string | null;
  klas: string | null;
  questionAbout: string;
  message: string;
}): MailContent {
  return compose(`Vraag over ${question.questionAbout} van ${question.name}`, [
    `Naam: ${question.name}`,
    `E-mailadres: ${question.email}`,
    `School: ${question.school ?? "-"}`,
    `Klas: ${question.klas ?? "-"}`,
    `Onderwerp: ${question.questionAbout}`,
    question.message,
  ]);
}
