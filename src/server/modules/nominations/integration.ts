import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { claimTokens, nominations } from '@/server/db/schema/index';
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

/** What a certificate says instead of a nominee's name erased on a privacy request (docs/decisions/103). */
export const ERASED_NOMINEE_NAME = 'Name withheld';
export const ERASED_HIDDEN_REASON = 'Withdrawn: the nominee asked us to erase their details.';

/**
 * The CRM's erasure of an address (docs/decisions/103), inside its transaction. Nominations it sent (by the typed
 * email, or by the account being erased) lose the nominator's email and name (the certificate says "Anonymous") and
 * stay up: they belong to their nominees too. Nominations it received (by email, or claimed by the account) lose
 * the nominee's email and name and are withdrawn from public view like a hidden certificate (its page and files
 * answer 410, the wall drops it), and their unused claim links are revoked.
 */
export async function eraseAddressInNominations(
  tx: Pick<Db, 'update' | 'select'>,
  email: string,
  userId: string | null,
): Promise<{ sent: number; received: number; withdrawn: number }> {
  const address = email.toLowerCase();
  const sent = await tx
    .update(nominations)
    .set({ nominatorEmail: null, nominatorName: '', updatedAt: sql`now()` })
    .where(
      userId
        ? or(sql`lower(${nominations.nominatorEmail}) = ${address}`, eq(nominations.nominatorUserId, userId))
        : sql`lower(${nominations.nominatorEmail}) = ${address}`,
    )
    .returning({ id: nominations.id });
  const receivedWhere = userId
    ? or(sql`lower(${nominations.nomineeEmail}) = ${address}`, eq(nominations.claimedByUserId, userId))
    : sql`lower(${nominations.nomineeEmail}) = ${address}`;
  const [visible] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(nominations)
    .where(and(receivedWhere, sql`${nominations.isPublic} and not ${nominations.hidden} and ${nominations.status} <> 'declined'`));
  const received = await tx
    .update(nominations)
    .set({
      nomineeEmail: null,
      nomineeName: ERASED_NOMINEE_NAME,
      hidden: true,
      hiddenReason: sql`coalesce(${nominations.hiddenReason}, ${ERASED_HIDDEN_REASON})`,
      hiddenAt: sql`coalesce(${nominations.hiddenAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(receivedWhere)
    .returning({ id: nominations.id });
  if (received.length) {
    await tx
      .update(claimTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(claimTokens.nominationId, received.map((r) => r.id)), isNull(claimTokens.revokedAt), isNull(claimTokens.usedAt)));
  }
  return { sent: sent.length, received: received.length, withdrawn: Number(visible?.n ?? 0) };
}
