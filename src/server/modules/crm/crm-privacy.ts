import type { FastifyBaseLogger } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import type { CrmContactExport, CrmErasureResult } from '@/contract/crm';
import type { Db } from '@/server/db/client';
import { auditLog, awards, bugReports, crmContacts, crmNotes, mailOutbox, nominations, rateLimitAttempts, securityEvents, users } from '@/server/db/schema/index';
import { badRequest, conflict } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import { forgetAddress, removeAccount } from '../users';
import { forgetBugReporter } from '../bug-reports';
import { eraseAddressInNominations } from '../nominations';
import type { PaymentProvider } from '@/server/adapters/payments/payment-provider';
import { closeErasedPages, eraseOrdersOf } from '@/server/workflows/erase-orders';
import { ordersOfAddress } from '../orders';
import { isAdmin, rolesOf, withAdminRoleLock } from '../roles';
import { findContact } from './crm.service';

/**
 * Privacy requests for one address (docs/decisions/103): the right of access (a JSON export of everything we keep
 * about it) and the right to erasure (remove or anonymise it everywhere, audited). Both reuse what the account's
 * own export and deletion do (docs/decisions/016, 086) rather than a second copy.
 */

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function exportContact(db: Db, actor: Actor, id: string, testMode: boolean): Promise<CrmContactExport> {
  const contact = await findContact(db, id);
  const email = contact.email;
  const nominationRows = (where: ReturnType<typeof sql>) =>
    db
      .select({ n: nominations, award: awards.title })
      .from(nominations)
      .innerJoin(awards, eq(awards.id, nominations.awardId))
      .where(where)
      .orderBy(desc(nominations.createdAt));
  const [account] = await db.select().from(users).where(eq(users.email, email));
  const [notes, sent, received, orderList, reports, mails, attempts, events] = await Promise.all([
    db
      .select({ n: crmNotes, author: users.name })
      .from(crmNotes)
      .leftJoin(users, eq(users.id, crmNotes.authorUserId))
      .where(eq(crmNotes.contactId, id))
      .orderBy(desc(crmNotes.createdAt)),
    nominationRows(sql`lower(${nominations.nominatorEmail}) = ${email}`),
    nominationRows(sql`lower(${nominations.nomineeEmail}) = ${email}`),
    ordersOfAddress(db, email, testMode),
    db.select().from(bugReports).where(sql`lower(${bugReports.reporterEmail}) = ${email}`).orderBy(desc(bugReports.createdAt)),
    db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email}`).orderBy(desc(mailOutbox.createdAt)),
    db.select().from(rateLimitAttempts).where(eq(rateLimitAttempts.identifier, email)).orderBy(desc(rateLimitAttempts.createdAt)),
    db.select().from(securityEvents).where(eq(securityEvents.email, email)).orderBy(desc(securityEvents.createdAt)),
  ]);
  const nomination = ({ n, award }: (typeof sent)[number]) => ({
    certificate_number: n.certificateNumber,
    share_id: n.shareId,
    award,
    nominee_name: n.nomineeName,
    nominee_email: n.nomineeEmail,
    nominator_name: n.nominatorName,
    nominator_email: n.nominatorEmail,
    reason: n.reason,
    is_public: n.isPublic,
    status: n.status,
    hidden: n.hidden,
    created_at: iso(n.createdAt),
    claimed_at: iso(n.claimedAt),
    declined_at: iso(n.declinedAt),
  });
  const result: CrmContactExport = {
    exported_at: new Date().toISOString(),
    email,
    contact: {
      id: contact.id,
      email,
      name: contact.name,
      tags: contact.tags,
      marketing_consent: contact.marketingConsent,
      consent_source: contact.consentSource,
      consent_changed_at: iso(contact.consentChangedAt),
      first_seen_at: iso(contact.firstSeenAt),
      last_activity_at: iso(contact.lastActivityAt),
      created_at: iso(contact.createdAt),
    },
    account: account
      ? {
          id: account.id,
          name: account.name,
          email: account.email,
          email_verified: account.emailVerified,
          created_at: iso(account.createdAt),
          last_sign_in_at: iso(account.lastSignInAt),
          disabled_at: iso(account.disabledAt),
          roles: await rolesOf(db, account.id),
          note: 'Sessions, sign-in methods, the stored cart and analytics of the account are in its own export (/account, "Download my data").',
        }
      : null,
    notes: notes.map(({ n, author }) => ({ body: n.body, author: author ?? null, created_at: iso(n.createdAt) })),
    nominations_sent: sent.map(nomination),
    nominations_received: received.map(nomination),
    orders: orderList as unknown as Record<string, unknown>[],
    bug_reports: reports.map((r) => ({
      title: r.title,
      description: r.description,
      steps_to_repro: r.stepsToRepro,
      severity: r.severity,
      status: r.status,
      page_url: r.pageUrl,
      console_logs: r.consoleLogs,
      metadata: r.metadata,
      user_agent: r.userAgent,
      ip: r.ip,
      has_screenshot: r.screenshotPath !== null,
      has_video: r.reproVideoPath !== null,
      created_at: iso(r.createdAt),
    })),
    // Subjects, not bodies: a body may hold a claim link, which is a key to someone's certificate.
    mails: mails.map((m) => ({ to: m.to, subject: m.subject, kind: m.kind, status: m.status, created_at: iso(m.createdAt), sent_at: iso(m.sentAt) })),
    sign_in_attempts: attempts.map((a) => ({ at: iso(a.createdAt), type: a.attemptType, successful: a.successful, ip: a.ip })),
    security_events: events.map((e) => ({ at: iso(e.createdAt), last_seen_at: iso(e.lastSeenAt), count: e.count, event_type: e.eventType, ip: e.ip, user_agent: e.userAgent })),
  };
  // Who downloaded someone's personal data, and when.
  await db.transaction((tx) =>
    audited(tx, actor, { action: 'crm_contact.exported', entityType: 'crm_contact', entityId: id, before: null, after: null }, async () => undefined),
  );
  return result;
}

const REDACTED = { redacted: 'erased on a privacy request' };
const ERASED_MARK = '[erased address]';

/**
 * Erases the address everywhere, in one transaction (docs/decisions/103). Confirmed by typing the address. Refused
 * for an admin's address (revoke the role first) and while an order still has to be delivered. What happens:
 * - nominations it sent: nominator email and name removed (the certificate says "Anonymous"), still up;
 * - nominations it received: nominee email and name removed, the certificate withdrawn, unused claim links revoked;
 * - orders: kept for bookkeeping, unlinked and anonymised (orders/order-erasure.ts); unpaid ones cancelled;
 * - bug reports: reporter email and IP removed; mails to it, sign-in attempts: deleted; security events: address removed;
 * - an account with the address: deleted through the account's own deletion (removeAccount);
 * - the contact and its notes: deleted; the CRM's earlier audit rows about it keep who and when, not what.
 * The erasure's own audit row holds the counts, never the address.
 */
export async function eraseContact(
  deps: { db: Db; log: FastifyBaseLogger; payments: PaymentProvider },
  actor: Actor,
  id: string,
  confirmEmail: string,
): Promise<CrmErasureResult> {
  const { db } = deps;
  const contact = await findContact(db, id);
  if (confirmEmail.trim().toLowerCase() !== contact.email) {
    throw badRequest("Type the contact's email address exactly to confirm.", 'confirm_email');
  }
  const result = await withAdminRoleLock(db, async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.email, contact.email));
    if (account && (await isAdmin(tx, account.id))) {
      throw conflict('This address belongs to an admin. Revoke the admin role at /admin/users first, then erase it.', undefined, 'ACCOUNT_IS_ADMIN');
    }
    const orders = await eraseOrdersOf.within(tx as unknown as Db, deps, { email: contact.email, actorUserId: actor.userId });
    const noms = await eraseAddressInNominations(tx, contact.email, account?.id ?? null);
    const reports = await forgetBugReporter(tx, { id: account?.id ?? null, email: contact.email });
    const [{ n: notes } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(crmNotes).where(eq(crmNotes.contactId, id));
    let mails: number;
    if (account) {
      const removed = await audited(
        tx,
        actor,
        { action: 'user.deleted', entityType: 'user', entityId: account.id, before: null, after: { reason: 'erasure of its address (CRM)' } },
        () => removeAccount(tx, account),
      );
      mails = removed.mailsDeleted;
    } else {
      mails = await forgetAddress(tx, contact.email);
    }
    const counts = {
      nominations_sent: noms.sent,
      nominations_received: noms.received,
      certificates_withdrawn: noms.withdrawn,
      orders_anonymised: orders.anonymised,
      bug_reports: reports,
      mails_deleted: mails,
      notes_deleted: Number(notes),
      account_deleted: Boolean(account),
    };
    await tx
      .update(auditLog)
      .set({ before: sql`case when ${auditLog.before} is null then null else ${JSON.stringify(REDACTED)}::jsonb end`, after: sql`case when ${auditLog.after} is null then null else ${JSON.stringify(REDACTED)}::jsonb end` })
      .where(sql`${auditLog.entityType} = 'crm_contact' and ${auditLog.entityId} = ${id}`);
    // Any other audit row that wrote the address down (a resent order confirmation says where it went) keeps its
    // facts with the address replaced. A whole-table scan, but erasures are rare.
    const pattern = contact.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const like = containsPattern(contact.email);
    await tx
      .update(auditLog)
      .set({
        before: sql`case when ${auditLog.before} is null then null else regexp_replace(${auditLog.before}::text, ${pattern}, ${ERASED_MARK}, 'gi')::jsonb end`,
        after: sql`case when ${auditLog.after} is null then null else regexp_replace(${auditLog.after}::text, ${pattern}, ${ERASED_MARK}, 'gi')::jsonb end`,
      })
      .where(sql`${auditLog.before}::text ilike ${like} or ${auditLog.after}::text ilike ${like}`);
    await audited(tx, actor, { action: 'crm_contact.erased', entityType: 'crm_contact', entityId: id, before: null, after: counts }, () =>
      tx.delete(crmContacts).where(eq(crmContacts.id, id)),
    );
    return { erased: true as const, counts, cancelled: orders.cancelled };
  });
  // The cancelled orders' pages at the provider, once the erasure has committed.
  await closeErasedPages(deps, result.cancelled);
  return { erased: result.erased, counts: result.counts };
}
