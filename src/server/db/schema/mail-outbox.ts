import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type MailTransport = 'smtp' | 'log';
export type MailStatus = 'sent' | 'failed' | 'logged';

/**
 * Every mail the shop sends. Without SMTP_URL this is the only place mail goes (plus the log);
 * with SMTP it records what was sent and whether the server accepted it.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);
