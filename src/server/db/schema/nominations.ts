import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { awards } from './awards';
import { templates } from './templates';
import { users } from './users';

export const NOMINATION_STATUSES = ['pending', 'claimed', 'declined'] as const;
export type NominationStatusValue = (typeof NOMINATION_STATUSES)[number];

/**
 * One nomination = one certificate (issue 4). Visitors see it by share_id (/certificate/{share_id});
 * certificate_number is the short reference printed on it. Withdrawn from public view when the
 * nominee declines (status 'declined', final) or a moderator hides it (hidden = true).
 * See docs/decisions/030-035.
 */
export const nominations = pgTable(
  'nominations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 16 random base62 characters: the unguessable public reference. */
    shareId: text('share_id').notNull().unique(),
    /** e.g. CF-7Q2K9 */
    certificateNumber: text('certificate_number').notNull().unique(),
    // Awards and templates with certificates cannot be deleted (deactivate them instead).
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'restrict' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'restrict' }),
    nomineeName: text('nominee_name').notNull(),
    /** Erased when the nominee declines: we never write to them about it again. */
    nomineeEmail: text('nominee_email'),
    reason: text('reason').notNull().default(''),
    /** '' → the certificate says 'Anonymous'. */
    nominatorName: text('nominator_name').notNull().default(''),
    nominatorEmail: text('nominator_email'),
    /** The signed-in account that made it, if any. */
    nominatorUserId: uuid('nominator_user_id').references(() => users.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(true),
    status: text('status').$type<NominationStatusValue>().notNull().default('pending'),
    /** Set by the nominee accepting while signed in: the certificate shows on their account. */
    claimedByUserId: uuid('claimed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** Moderation: hidden certificates are out of public view and their files answer 410. */
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Number of rows in reactions for this nomination, kept in step in the same transaction (most-liked sort). */
    reactionCount: integer('reaction_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('nominations_status_check', sql`${t.status} in ('pending', 'claimed', 'declined')`),
    // The community wall: public, not hidden, not declined; newest first or most liked first.
    index('nominations_community_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic} and not ${t.hidden} and ${t.status} <> 'declined'`),
    index('nominations_community_liked_idx')
      .on(t.reactionCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic} and not ${t.hidden} and ${t.status} <> 'declined'`),
    index('nominations_award_id_idx').on(t.awardId),
    index('nominations_created_at_idx').on(t.createdAt),
    index('nominations_nominator_user_id_idx').on(t.nominatorUserId),
    index('nominations_claimed_by_user_id_idx').on(t.claimedByUserId),
    // The CRM (docs/decisions/103): a contact's nominations by address, and what changed since the last contact sync.
    index('nominations_nominator_email_lower_idx').on(sql`lower(${t.nominatorEmail})`),
    index('nominations_nominee_email_lower_idx').on(sql`lower(${t.nomineeEmail})`),
    index('nominations_updated_at_idx').on(t.updatedAt),
  ],
);
