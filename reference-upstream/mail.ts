/**
 * Outgoing mail: every mail is written to the outbox table (read by the dev mailbox) inside the transaction
 * that caused it, and sent through nodemailer after the commit when a transport is configured.
 */
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type { StatementSync } from "node:sqlite";
import type { Db } from "./db";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingMail extends MailContent {
  siteId: number | null;
  to: string;
  replyTo?: string;
}

export interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

interface OutboxRow {
  id: number;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  created_at: number;
}

export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport(url);
}

export class Mailer {
  private delivering: Promise<void> | null = null;
  private again = false;
  // Prepared once: queue() runs on most registration calls.
  private readonly insert: StatementSync;

  constructor(
    private readonly db: Db,
    private readonly options: {
      from: string;
      transport?: Transporter;
      now: () => Date;
      log: (line: string) => void;
    },
  ) {
    this.insert = db.prepare(
      `INSERT INTO outbox (site_id, recipient, reply_to, subject, text, html, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Writes a mail to the outbox; call inside the transaction that decided to send it. */
  queue(mail: OutgoingMail): void {
    this.insert.run(
      mail.siteId,
      mail.to,
      mail.replyTo ?? null,
      mail.subject,
      mail.text,
      mail.html,
      this.options.now().getTime(),
    );
  }

  /** Sends unsent outbox mail in the background; without a transport the outbox is the only destination. */
  deliver(): void {
    if (!this.options.transport) return;
    if (this.delivering) {
      this.again = true;
      return;
    }
    this.delivering = this.sendUnsent().finally(() => {
      this.delivering = null;
      if (this.again) {
        this.again = false;
        this.deliver();
      }
    });
  }

  /** Resolves once background delivery has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.delivering) await this.delivering;
  }

  private async sendUnsent(): Promise<void> {
    const transport = this.options.transport!;
    const rows = this.db
      .prepare(
        "SELECT * FROM outbox WHERE sent_at IS NULL AND error IS NULL ORDER BY id",
      )
      .all() as unknown as OutboxRow[];
    for (const row of rows) {
      try {
        await transport.sendMail({
          from: this.options.from,
          to: row.recipient,
          replyTo: row.reply_to ?? undefined,
          subject: row.subject,
          text: row.text,
          html: row.html,
        });
        this.db
          .prepare("UPDATE outbox SET sent_at = ? WHERE id = ?")
          .run(this.options.now().getTime(), row.id);
      } catch (error) {
        // Recorded rather than retried forever; the mail stays readable in the dev mailbox.
        const message = error instanceof Error ? error.message : String(error);
        this.db
          .prepare("UPDATE outbox SET error = ? WHERE id = ?")
          .run(message, row.id);
        this.options.log(
          `mail ${row.id} to ${row.recipient} failed: ${message}`,
        );
      }
    }
  }
}

const LINK = /https?:\/\/[^\s<>"']+/g;

export function listMailbox(db: Db, to?: string): MailboxEntry[] {
  const rows = (to
    ? db
        .prepare(
          "SELECT * FROM outbox WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC",
        )
        .all(to)
    : db
        .prepare("SELECT * FROM outbox ORDER BY id DESC")
        .all()) as unknown as OutboxRow[];
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.text.match(LINK) ?? [],
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Plain text with its URLs turned into links, every other character escaped. */
function linkify(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The dev mailbox: a plain page listing every mail, newest first, with clickable links. */
export function renderMailboxPage(entries: MailboxEntry[]): string {
  const items = entries
    .map(
      (mail) => `
    <article aria-labelledby="mail-${mail.id}">
      <h2 id="mail-${mail.id}">${escapeHtml(mail.subject)}</h2>
      <dl>
        <dt>Aan</dt><dd>${escapeHtml(mail.to)}</dd>
        <dt>Verstuurd</dt><dd><time datetime="${mail.createdAt}">${escapeHtml(mail.createdAt)}</time></dd>
      </dl>
      <pre>${linkify(mail.text)}</pre>
    </article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="nl">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Mailbox (${entries.length})</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
    article { border-top: 1px solid #767676; padding: 1rem 0; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; }
    dt { font-weight: bold; }
    dd { margin: 0; }
    pre { white-space: pre-wrap; font-family: inherit; }
    a { color: #0b57d0; }
    a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>Mailbox</h1>
    <p>Alle mail van de ontwikkelserver, nieuwste eerst.</p>
    ${entries.length === 0 ? "<p>Er is nog geen mail.</p>" : items}
  </main>
</body>
</html>`;
}
