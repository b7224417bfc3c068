import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { nominations } from '@/server/db/schema/index';
import { findByShareId, isWithdrawn, type LoadedNomination } from './nominations.service';

/**
 * What other modules need from nominations, in one place.
 */

/**
 * The store: a certificate may be printed only while it is neither declined nor hidden
 * (docs/decisions/034). null → refuse the order line.
 */
export async function printableNomination(db: Db, shareId: string): Promise<LoadedNomination | null> {
  const loaded = await findByShareId(db, shareId);
  return loaded && !isWithdrawn(loaded.nomination) ? loaded : null;
}

/** Account export ("download my data"): the nominations I made or accepted, as stored. */
export async function exportNominationsOf(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(nominations)
    .where(or(eq(nominations.nominatorUserId, userId), eq(nominations.claimedByUserId, userId)))
    .orderBy(desc(nominations.createdAt));
  return rows.map((n) => ({
    role: n.nominatorUserId === userId ? ('nominator' as const) : ('nominee' as const),
    certificate_number: n.certificateNumber,
    share_id: n.shareId,
    nominee_name: n.nomineeName,
    nominee_email: n.nominatorUserId === userId ? n.nomineeEmail : null,
    reason: n.reason,
    nominator_name: n.nominatorName,
    nominator_email: n.nominatorEmail,
    is_public: n.isPublic,
    status: n.status,
    created_at: n.createdAt.toISOString(),
    claimed_at: n.claimedAt?.toISOString() ?? null,
  }));
}

/**
 * Account deletion (call inside its transaction, before the user row goes): the nominator email
 * typed by this account is erased; the user links are set null by the foreign keys. The
 * certificates themselves stay — they belong to their nominees as much as to the nominator.
 */
export async function forgetUserInNominations(tx: Pick<Db, 'update'>, userId: string): Promise<void> {
  await tx
    .update(nominations)
    .set({ nominatorEmail: null, updatedAt: sql`now()` })
    .where(eq(nominations.nominatorUserId, userId));
}
