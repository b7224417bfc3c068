import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminNomination, adminNominationListQuerySchema } from '@/contract/nominations';
import { nominations } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { audited, recordAudit, type Actor } from '../audit';
import { issueClaimToken } from './claim-links';
import type { NominationsContext } from './context';
import { sendClaimMail } from './create-nomination';
import { findById, reactionSummaries, selectLoaded, toCertificate, type LoadedNomination, type ReactionSummary } from './nominations.service';

type ListQuery = z.output<typeof adminNominationListQuerySchema>;

export function toAdminNomination(loaded: LoadedNomination, summary?: ReactionSummary): AdminNomination {
  const n = loaded.nomination;
  return {
    ...toCertificate(loaded, summary),
    id: n.id,
    nominee_email: n.nomineeEmail,
    nominator_email: n.nominatorEmail,
    nominator_user_id: n.nominatorUserId,
    claimed_by_user_id: n.claimedByUserId,
    hidden: n.hidden,
    hidden_reason: n.hiddenReason,
    created_at: n.createdAt.toISOString(),
    claimed_at: n.claimedAt?.toISOString() ?? null,
    declined_at: n.declinedAt?.toISOString() ?? null,
  };
}

/** /admin/nominations: search, filters, newest first. */
export async function listAdminNominations(ctx: NominationsContext, q: ListQuery) {
  const where: SQL[] = [];
  const term = q.search?.trim();
  if (term) {
    const p = containsPattern(term);
    where.push(
      or(
        ilike(nominations.nomineeName, p),
        ilike(sql`coalesce(${nominations.nomineeEmail}, '')`, p),
        ilike(nominations.nominatorName, p),
        ilike(sql`coalesce(${nominations.nominatorEmail}, '')`, p),
        ilike(nominations.certificateNumber, p),
        eq(nominations.shareId, term),
      )!,
    );
  }
  if (q.status === 'hidden') where.push(eq(nominations.hidden, true));
  else if (q.status) where.push(and(eq(nominations.status, q.status), eq(nominations.hidden, false))!);
  if (q.award_id) where.push(eq(nominations.awardId, q.award_id));
  if (q.visibility) where.push(eq(nominations.isPublic, q.visibility === 'public'));
  // Dates are whole UTC days, both ends included.
  if (q.from) where.push(gte(nominations.createdAt, sql`${q.from}::date`));
  if (q.to) where.push(lt(nominations.createdAt, sql`${q.to}::date + 1`));
  const condition = where.length ? and(...where) : undefined;

  const [totalRow] = await ctx.db.select({ n: count() }).from(nominations).where(condition);
  const rows = await selectLoaded(ctx.db)
    .where(condition)
    .orderBy(desc(nominations.createdAt), desc(nominations.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const summaries = await reactionSummaries(
    ctx.db,
    rows.map((r) => r.nomination.id),
    null,
  );
  return {
    nominations: rows.map((r) => toAdminNomination(r, summaries.get(r.nomination.id))),
    total: Number(totalRow?.n ?? 0),
    page: q.page,
    page_size: q.page_size,
  };
}

async function requireNomination(ctx: NominationsContext, id: string): Promise<LoadedNomination> {
  const loaded = await findById(ctx.db, id);
  if (!loaded) throw notFound('There is no nomination with this id.');
  return loaded;
}

export async function getAdminNomination(ctx: NominationsContext, id: string): Promise<AdminNomination> {
  const loaded = await requireNomination(ctx, id);
  const summaries = await reactionSummaries(ctx.db, [id], null);
  return toAdminNomination(loaded, summaries.get(id));
}

/** No personal text in audit rows: what was done to which certificate, not what it said. */
const auditSnapshot = (n: LoadedNomination['nomination']) => ({
  certificate_number: n.certificateNumber,
  share_id: n.shareId,
  status: n.status,
  hidden: n.hidden,
  is_public: n.isPublic,
});

/** Hides a nomination from every public place (reason required), or shows it again (reason null). */
export async function setNominationHidden(ctx: NominationsContext, actor: Actor, id: string, reason: string | null) {
  const loaded = await requireNomination(ctx, id);
  const hidden = reason !== null;
  await ctx.db.transaction((tx) =>
    audited(
      tx,
      actor,
      {
        action: hidden ? 'nomination.hidden' : 'nomination.unhidden',
        entityType: 'nomination',
        entityId: id,
        before: { hidden: loaded.nomination.hidden, hidden_reason: loaded.nomination.hiddenReason },
        after: { hidden, hidden_reason: reason },
      },
      () =>
        tx
          .update(nominations)
          .set({ hidden, hiddenReason: reason, hiddenAt: hidden ? sql`now()` : null, updatedAt: sql`now()` })
          .where(eq(nominations.id, id)),
    ),
  );
  return getAdminNomination(ctx, id);
}

/** Deletes the nomination with its claim links and reactions. */
export async function deleteNomination(ctx: NominationsContext, actor: Actor, id: string) {
  const loaded = await requireNomination(ctx, id);
  await ctx.db.transaction((tx) =>
    audited(
      tx,
      actor,
      { action: 'nomination.deleted', entityType: 'nomination', entityId: id, before: auditSnapshot(loaded.nomination), after: null },
      () => tx.delete(nominations).where(eq(nominations.id, id)),
    ),
  );
}

/** A new claim link, mailed to the nominee; the old link stops working. Pending, visible, with an address only. */
export async function resendClaimMail(ctx: NominationsContext, actor: Actor, id: string) {
  const loaded = await requireNomination(ctx, id);
  const n = loaded.nomination;
  if (n.status !== 'pending') {
    throw conflict('The nominee has already answered this nomination, so there is no claim link to resend.', undefined, 'NOT_PENDING');
  }
  if (n.hidden) throw conflict('This nomination is hidden. Unhide it before resending the claim mail.', undefined, 'HIDDEN');
  if (!n.nomineeEmail) throw conflict('This nomination has no nominee email to send to.', undefined, 'NO_NOMINEE_EMAIL');
  const token = await issueClaimToken(ctx, id);
  const sent = await sendClaimMail(ctx, loaded, token, actor.ip, { resent: true });
  // Audited after the fact: the row records whether the mail went out.
  await recordAudit(ctx.db, {
    actorUserId: actor.userId,
    action: 'nomination.claim_mail_resent',
    entityType: 'nomination',
    entityId: id,
    before: null,
    after: { claim_mail_sent: sent },
    ip: actor.ip,
  });
  return { nomination: await getAdminNomination(ctx, id), claim_mail_sent: sent };
}
