/**
 * Outgoing e-mail. Two implementations of one interface:
 * - SMTP through nodemailer (SMTP_URL), used in production and by the API tests
 *   (pointed at an `smtp-server` the test fixture runs);
 * - the development outbox, kept in the database and shown at /dev/caixa-de-entrada.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/types.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along over SMTP (the development outbox keeps the text and HTML only). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void> | void;
}

export const DEFAULT_MAIL_FROM = 'Retaguarda <nao-responda@retaguarda.local>';

export function smtpMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM, extra: Record<string, unknown> = {}): Mailer {
  // nodemailer loads with the first message (~40 ms and ~15 MB at every start otherwise).
  let transport: Promise<Transporter> | undefined;
  const ready = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl, extra)));
  return {
    kind: 'smtp',
    async send(message) {
      await (await ready()).sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

export function outboxMailer(db: Kysely<Database>, clock: () => Date, from: string = DEFAULT_MAIL_FROM): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          created_at: clock(),
          from_address: from,
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        })
        .execute();
    },
  };
}
