import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type MailTransport = 'smtp' | 'log';
/**
 * queued → sending → sent (SMTP accepted it) or logged (no SMTP: the log is the mailbox);
 * failed = the last attempt failed, another one is scheduled until the job's attempts run out.
 */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'logged';

/**
 * A file a mail carries, kept as a reference, never as bytes: the delivery asks the app's attachment resolver for
 * its content when it hands the mail to SMTP (an invoice's PDF is drawn again from its frozen document).
 */
export interface MailAttachmentRef {
  kind: 'invoice';
  orderId: string;
  /** The document's number, e.g. 'INV-000001' or 'CN-000001'. */
  number: string;
  /** The file name the recipient sees, e.g. 'INV-000001.pdf'. */
  filename: string;
}

/**
 * Every mail the shop sends, written when it is asked for (in the same transaction as the job that delivers
 * it, docs/decisions/085) and updated with what happened to it. Without SMTP_URL this table and the log are
 * the only places mail goes.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** what the mail is for, e.g. 'verify_email', 'reset_password' */
    kind: text('kind').notNull(),
    transport: text('transport').$type<MailTransport>().notNull(),
    status: text('status').$type<MailStatus>().notNull(),
    error: text('error'),
    /** Delivery attempts so far. */
    attempts: integer('attempts').notNull().default(0),
    /** One mail per key (e.g. 'order:<id>:shipped'): a job that runs twice never writes a second mail. */
    dedupeKey: text('dedupe_key').unique(),
    /** Files the mail carries, as references resolved when it is delivered (an invoice PDF); [] for most mails. */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    // The CRM's timeline and erasure find mails by address whatever its case (docs/decisions/103).
    index('mail_outbox_to_lower_idx').on(sql`lower(${t.to})`, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'logged')`),
  ],
);
