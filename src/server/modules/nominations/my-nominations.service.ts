import { and, desc, eq } from 'drizzle-orm';
import type { MyNominations } from '@/contract/nominations';
import { hrefs } from '@/contract/paths';
import { nominations } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { issueClaimToken } from './claim-links';
import type { NominationsContext } from './context';
import { sendClaimMail } from './create-nomination';
import { reactionSummaries, selectLoaded, toCertificate } from './nominations.service';
import { enforceLimit } from './rate-limits';

const LIST_LIMIT = 500;

/** /account "My nominations": made by me (any status) and received (accepted while signed in). */
export async function myNominations(ctx: NominationsContext, userId: string, voter: string): Promise<MyNominations> {
  const [made, received] = await Promise.all([
    selectLoaded(ctx.db)
      .where(eq(nominations.nominatorUserId, userId))
      .orderBy(desc(nominations.createdAt), desc(nominations.id))
      .limit(LIST_LIMIT),
    selectLoaded(ctx.db)
      .where(and(eq(nominations.claimedByUserId, userId), eq(nominations.status, 'claimed')))
      .orderBy(desc(nominations.claimedAt), desc(nominations.id))
      .limit(LIST_LIMIT),
  ]);
  const summaries = await reactionSummaries(
    ctx.db,
    [...new Set([...made, ...received].map((r) => r.nomination.id))],
    voter,
  );
  return {
    made: made.map((r) => ({
      ...toCertificate(r, summaries.get(r.nomination.id)),
      nominee_email: r.nomination.nomineeEmail,
      hidden: r.nomination.hidden,
    })),
    received: received.map((r) => ({ ...toCertificate(r, summaries.get(r.nomination.id)), hidden: r.nomination.hidden })),
  };
}

/**
 * A fresh claim link for the nominator (they lost the one shown once). Anyone but the nominator
 * gets 404, as if the certificate were unknown. The nominee, if they have an address, gets the new
 * link too: their mailed link has just stopped working.
 */
export async function newClaimLink(ctx: NominationsContext, userId: string, shareId: string, ip: string) {
  const [row] = await selectLoaded(ctx.db)
    .where(and(eq(nominations.shareId, shareId), eq(nominations.nominatorUserId, userId)))
    .limit(1);
  if (!row) throw notFound('You have no nomination with this link.', 'NOMINATION_NOT_FOUND');
  if (row.nomination.status !== 'pending') {
    throw conflict('The nominee has already answered, so a new claim link is not needed.', undefined, 'NOT_PENDING');
  }
  if (row.nomination.hidden) throw conflict('Our moderators have hidden this certificate.', undefined, 'HIDDEN');
  await enforceLimit(ctx.db, 'claimLink', `user:${userId}`, ip);
  const token = await issueClaimToken(ctx, row.nomination.id);
  const claimMailSent = await sendClaimMail(ctx, row, token, ip, { resent: true });
  return { claim_url: hrefs.claim(token), claim_mail_sent: claimMailSent };
}
