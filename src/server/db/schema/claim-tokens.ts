import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { nominations } from './nominations';

/**
 * Claim links (/claim/{token}). Only the SHA-256 of the token is stored; the token itself is shown
 * once to the nominator and mailed to the nominee. A new link for a nomination revokes the older
 * ones (revoked_at). used_at: when the nominee first answered (accepted or declined).
 */
export const claimTokens = pgTable(
  'claim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nominationId: uuid('nomination_id')
      .notNull()
      .references(() => nominations.id, { onDelete: 'cascade' }),
    /** hex sha256 of the 43-character base64url token */
    tokenHash: text('token_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_tokens_nomination_id_idx').on(t.nominationId)],
);
