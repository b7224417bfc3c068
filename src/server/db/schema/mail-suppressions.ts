import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The mailing lists a person can leave: today one, the nomination mails (claim links and receipts). */
export const MAIL_LISTS = ['nominations'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/**
 * Addresses that asked to hear no more of a list (docs/decisions/123): the mail module checks it before it writes such
 * a mail. Kept when the address's data is erased — forgetting it would start the mails again — and holding nothing but
 * the address and when it left.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    /** lower case */
    email: text('email').notNull(),
    list: text('list').$type<MailList>().notNull(),
    /** 'one_click': a mail client's List-Unsubscribe-Post; 'page': the person pressed the button on our page. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.list] }),
    check('mail_suppressions_list_check', sql`${t.list} in ('nominations')`),
    check('mail_suppressions_source_check', sql`${t.source} in ('one_click', 'page')`),
    check('mail_suppressions_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
