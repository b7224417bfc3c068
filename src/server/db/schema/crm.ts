import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The CRM (issue 14, docs/decisions/103): one row per lower-cased address that reached us as a nominator, a
 * nominee with an email, a customer or a bug reporter. The counts, LTV and dates are kept in step with those
 * sources by the contact sync (modules/crm/crm-sync.ts) so the list sorts and pages on indexed columns; tags,
 * marketing consent and notes are the admins' own and live only here. The id never changes for an address.
 */
export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always lower-cased (checked): the key every source is merged on. */
    email: text('email').notNull().unique(),
    /** The most recent non-empty name any source gave. */
    name: text('name'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Recorded by an admin (there is no marketing sign-up yet, and nothing is sent because of it). */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    consentChangedAt: timestamp('consent_changed_at', { withTimezone: true }),
    /** How we know, e.g. "told us by email on 3 May". */
    consentSource: text('consent_source'),
    nominationsSent: integer('nominations_sent').notNull().default(0),
    nominationsReceived: integer('nominations_received').notNull().default(0),
    /** Paid orders (paid_at set), refunded ones included. */
    ordersCount: integer('orders_count').notNull().default(0),
    /** Paid minus refunded, in minor units of ltv_currency (the shop's currency when synced). */
    ltv: integer('ltv').notNull().default(0),
    ltvCurrency: text('ltv_currency'),
    bugReports: integer('bug_reports').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_contacts_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('crm_contacts_last_activity_idx').on(t.lastActivityAt.desc().nullsLast(), t.id),
    index('crm_contacts_ltv_idx').on(t.ltv, t.id),
    index('crm_contacts_orders_idx').on(t.ordersCount, t.id),
    index('crm_contacts_tags_idx').using('gin', t.tags),
  ],
);

/** An admin's note on a contact (audited). Deleted with the contact. */
export const crmNotes = pgTable(
  'crm_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => crmContacts.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_notes_contact_idx').on(t.contactId, t.createdAt)],
);

/** The contact sync's watermark: one row (id 1). */
export const crmSyncState = pgTable(
  'crm_sync_state',
  {
    id: integer('id').primaryKey(),
    /** When the last sync started: the next one looks at sources changed since a little before it. */
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    /** The last full rebuild (nightly, or when the shop's currency changed). */
    fullAt: timestamp('full_at', { withTimezone: true }),
    currency: text('currency').notNull(),
  },
  (t) => [check('crm_sync_state_one_row', sql`${t.id} = 1`)],
);
