import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema/index';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what the mail is for, e.g. 'verify_email' — kept in the outbox row */
  kind: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The mail adapter: SMTP (nodemailer) when SMTP_URL is set, otherwise the outbox table plus
 * the server log, so a developer can click the verification link without any mail server.
 * Either way every mail is recorded in mail_outbox with what happened to it.
 */
export function createMailer(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const { db, log, smtpUrl, from } = opts;
  const transporter: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  return {
    transport: transporter ? 'smtp' : 'log',
    async send(mail) {
      const to = mail.to.toLowerCase();
      if (!transporter) {
        await db.insert(mailOutbox).values({ ...mail, to, transport: 'log', status: 'logged' });
        // Without SMTP the log is the mailbox: the whole text, links included.
        log.info({ mail: { to, subject: mail.subject, kind: mail.kind } }, `mail (no SMTP_URL, not sent):\n${mail.text}`);
        return;
      }
      try {
        await transporter.sendMail({ from, to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.insert(mailOutbox).values({ ...mail, to, transport: 'smtp', status: 'sent' });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db.insert(mailOutbox).values({ ...mail, to, transport: 'smtp', status: 'failed', error: message });
        log.error({ err, mail: { to, subject: mail.subject, kind: mail.kind } }, 'sending mail failed');
        throw err;
      }
    },
    close() {
      transporter?.close();
    },
  };
}
