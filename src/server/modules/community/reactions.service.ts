import { and, eq, sql } from 'drizzle-orm';
import type { ReactionKind } from '@/contract/nominations';
import type { Db } from '@/server/db/client';
import { nominations, reactions } from '@/server/db/schema/index';
import { reactionSummaries, type ReactionSummary } from '../nominations';

/**
 * One reaction per voter per certificate (docs/decisions/033). The nomination row is locked for
 * the change, so reaction_count (the most-liked sort key) stays exact under concurrent reactions.
 */
async function change(db: Db, nominationId: string, voter: string, kind: ReactionKind | null): Promise<ReactionSummary> {
  await db.transaction(async (tx) => {
    await tx.select({ id: nominations.id }).from(nominations).where(eq(nominations.id, nominationId)).for('update');
    if (kind) {
      await tx
        .insert(reactions)
        .values({ nominationId, voter, kind })
        .onConflictDoUpdate({
          target: [reactions.nominationId, reactions.voter],
          set: { kind, updatedAt: sql`now()` },
        });
    } else {
      await tx.delete(reactions).where(and(eq(reactions.nominationId, nominationId), eq(reactions.voter, voter)));
    }
    await tx
      .update(nominations)
      .set({ reactionCount: sql`(select count(*)::int from ${reactions} where ${reactions.nominationId} = ${nominationId})` })
      .where(eq(nominations.id, nominationId));
  });
  return (await reactionSummaries(db, [nominationId], voter)).get(nominationId)!;
}

export const setReaction = (db: Db, nominationId: string, voter: string, kind: ReactionKind) => change(db, nominationId, voter, kind);
export const removeReaction = (db: Db, nominationId: string, voter: string) => change(db, nominationId, voter, null);
