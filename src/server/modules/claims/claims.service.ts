import { and, eq, sql } from 'drizzle-orm';
import { CLAIM_ERROR_CODES, type Certificate } from '@/contract/nominations';
import { claimTokens, nominations, reactions } from '@/server/db/schema/index';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { forgetOrRefreshContact } from '../crm';
import {
  revokeClaimTokens,
  type NominationsContext,
  CLAIM_TOKEN_PATTERN,
  hashClaimToken,
  findById,
  toCertificates,
  type LoadedNomination,
} from '../nominations';

/**
 * Claim links (docs/decisions/031). A token is looked up by its hash. Unknown, replaced and
 * (while hidden by moderators) withdrawn → 404 CLAIM_NOT_FOUND; declined → 410 CLAIM_USED.
 * After an accept the link still shows the certificate (status 'claimed') and can still decline:
 * the nominee can always undo.
 */

const NOT_FOUND_MESSAGE =
  'We could not find this claim link. It may have been mistyped, or replaced by a newer link — check your most recent email from us.';
const HIDDEN_MESSAGE = 'This certificate has been withdrawn by our moderators, so there is nothing to claim.';
const DECLINED_MESSAGE = 'This award was declined. It is no longer shown anywhere, and that is final.';
const ACCEPTED_MESSAGE = 'You have already accepted this award. It is yours.';

interface ClaimLookup {
  tokenId: string;
  loaded: LoadedNomination;
}

async function lookup(ctx: NominationsContext, token: string): Promise<ClaimLookup> {
  if (!CLAIM_TOKEN_PATTERN.test(token)) throw notFound(NOT_FOUND_MESSAGE, CLAIM_ERROR_CODES.notFound);
  const [row] = await ctx.db
    .select({ tokenId: claimTokens.id, nominationId: claimTokens.nominationId, revokedAt: claimTokens.revokedAt })
    .from(claimTokens)
    .where(eq(claimTokens.tokenHash, hashClaimToken(token)))
    .limit(1);
  if (!row || row.revokedAt) throw notFound(NOT_FOUND_MESSAGE, CLAIM_ERROR_CODES.notFound);
  const loaded = await findById(ctx.db, row.nominationId);
  if (!loaded) throw notFound(NOT_FOUND_MESSAGE, CLAIM_ERROR_CODES.notFound);
  if (loaded.nomination.status === 'declined') throw new HttpError(410, CLAIM_ERROR_CODES.used, DECLINED_MESSAGE);
  if (loaded.nomination.hidden) throw notFound(HIDDEN_MESSAGE, CLAIM_ERROR_CODES.notFound);
  return { tokenId: row.tokenId, loaded };
}

async function certificateOf(ctx: NominationsContext, loaded: LoadedNomination): Promise<Certificate> {
  const [certificate] = await toCertificates(ctx.db, [loaded], null);
  return certificate!;
}

export async function getClaim(ctx: NominationsContext, token: string) {
  const { loaded } = await lookup(ctx, token);
  return { certificate: await certificateOf(ctx, loaded), status: loaded.nomination.status };
}

export async function acceptClaim(ctx: NominationsContext, token: string, userId: string | null) {
  const { tokenId, loaded } = await lookup(ctx, token);
  if (loaded.nomination.status !== 'pending') throw new HttpError(410, CLAIM_ERROR_CODES.used, ACCEPTED_MESSAGE);
  const accepted = await ctx.db.transaction(async (tx) => {
    // Only a pending nomination moves; a concurrent accept or decline wins the race cleanly.
    const rows = await tx
      .update(nominations)
      .set({ status: 'claimed', claimedAt: sql`now()`, claimedByUserId: userId, updatedAt: sql`now()` })
      .where(and(eq(nominations.id, loaded.nomination.id), eq(nominations.status, 'pending')))
      .returning({ id: nominations.id });
    if (!rows.length) return false;
    await tx.update(claimTokens).set({ usedAt: sql`now()` }).where(eq(claimTokens.id, tokenId));
    return true;
  });
  const fresh = (await findById(ctx.db, loaded.nomination.id))!;
  if (!accepted) {
    if (fresh.nomination.status === 'declined') throw new HttpError(410, CLAIM_ERROR_CODES.used, DECLINED_MESSAGE);
    throw new HttpError(410, CLAIM_ERROR_CODES.used, ACCEPTED_MESSAGE);
  }
  return { certificate: await certificateOf(ctx, fresh), linked_to_account: userId !== null };
}

/**
 * Final. The certificate leaves public view at once (page, wall, files, previews), its reactions
 * go, every claim link is revoked, the account link is cut and the nominee's address is erased:
 * we never write to them about it again. Prints can no longer be ordered (status 'declined').
 */
export async function declineClaim(ctx: NominationsContext, token: string): Promise<{ status: 'declined' }> {
  const { tokenId, loaded } = await lookup(ctx, token);
  const id = loaded.nomination.id;
  const erased = loaded.nomination.nomineeEmail;
  const { currency } = await ctx.settings.getShop();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(nominations)
      .set({
        status: 'declined',
        declinedAt: sql`now()`,
        claimedByUserId: null,
        nomineeEmail: null,
        reactionCount: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(nominations.id, id));
    await tx.delete(reactions).where(eq(reactions.nominationId, id));
    await tx
      .update(claimTokens)
      .set({ usedAt: sql`coalesce(${claimTokens.usedAt}, now())` })
      .where(eq(claimTokens.id, tokenId));
    await revokeClaimTokens(tx, id, tokenId);
    // The address is gone from the nomination: the CRM forgets it now, not at its nightly run.
    if (erased) await forgetOrRefreshContact(tx, erased, currency);
  });
  return { status: 'declined' };
}
