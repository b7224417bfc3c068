import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { claimTokens } from '@/server/db/schema/index';
import type { NominationsContext } from './context';
import { hashClaimToken, newClaimToken } from './ids';

/**
 * A nomination's claim links (docs/decisions/031): only a hash of each is stored. The nominee's answer
 * through a link is modules/claims.
 */

/** A fresh claim link for a nomination; every older link stops working (same transaction). */
export async function issueClaimToken(ctx: NominationsContext, nominationId: string): Promise<string> {
  const token = newClaimToken();
  await ctx.db.transaction(async (tx) => {
    await revokeClaimTokens(tx, nominationId);
    await tx.insert(claimTokens).values({ nominationId, tokenHash: hashClaimToken(token) });
  });
  return token;
}

/** Revokes every live claim link of a nomination but `exceptTokenId` (inside the caller's transaction). */
export async function revokeClaimTokens(tx: Pick<Db, 'update'>, nominationId: string, exceptTokenId?: string) {
  await tx
    .update(claimTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(claimTokens.nominationId, nominationId),
        sql`${claimTokens.revokedAt} is null`,
        exceptTokenId ? sql`${claimTokens.id} <> ${exceptTokenId}` : undefined,
      ),
    );
}
