import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { nominations } from './nominations';

/**
 * One reaction per visitor per certificate (docs/decisions/033). voter is 'u:{user id}' for a
 * signed-in visitor, otherwise 'v:{sha256 of the certifiable_visitor cookie}'. Changing a reaction
 * replaces the row; nominations.reaction_count is kept in step.
 */
export const reactions = pgTable(
  'reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nominationId: uuid('nomination_id')
      .notNull()
      .references(() => nominations.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reactions_nomination_voter_unique').on(t.nominationId, t.voter),
    index('reactions_voter_idx').on(t.voter),
    check('reactions_kind_check', sql`${t.kind} in ('applause', 'laugh', 'salute')`),
  ],
);
