import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Account, AccountExport } from '@/contract/account';
import type { Db } from '@/server/db/client';
import { accounts, analyticsEvents, bugReports, carts, mailOutbox, rateLimitAttempts, securityEvents, sessions, users } from '@/server/db/schema/index';
import { badRequest, conflict, notFound } from '@/server/lib/http-errors';
import { recordAudit } from '../audit';
import { type AuthService, type Caller, type SessionUser, toAuthUser } from '../auth';
import { countActiveAdmins, isAdmin, rolesOf, withAdminRoleLock } from '../roles';
import { exportNominationsOf } from '../nominations';
import { exportOrdersOf } from '../orders';
import { forgetOrRefreshContact } from '../crm';
import { removeAccount } from '../users';

export async function getAccount(db: Db, auth: AuthService, user: SessionUser): Promise<Account> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw notFound('No such account.');
  const methods = await auth.providersOf(user.id);
  return {
    ...toAuthUser({ ...row, image: row.image ?? null }),
    is_admin: await isAdmin(db, user.id),
    has_password: methods.includes('email'),
    sign_in_methods: methods,
  };
}

export async function updateAccount(db: Db, userId: string, fullName: string): Promise<void> {
  await db.update(users).set({ name: fullName, updatedAt: new Date() }).where(eq(users.id, userId));
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Everything we hold about the user, as one JSON document (right of access and portability). */
export async function exportAccount(db: Db, auth: AuthService, user: SessionUser): Promise<AccountExport> {
  const profile = await getAccount(db, auth, user);
  const [sessionRows, accountRows, attempts, events, mails, reports, analytics] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(desc(sessions.createdAt)),
    db.select().from(accounts).where(eq(accounts.userId, user.id)),
    db
      .select()
      .from(rateLimitAttempts)
      .where(and(eq(rateLimitAttempts.identifier, user.email), eq(rateLimitAttempts.attemptType, 'login')))
      .orderBy(desc(rateLimitAttempts.createdAt))
      .limit(500),
    db.select().from(securityEvents).where(eq(securityEvents.email, user.email)).orderBy(desc(securityEvents.createdAt)).limit(500),
    db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.createdAt)).limit(500),
    db
      .select()
      .from(bugReports)
      .where(or(eq(bugReports.reporterUserId, user.id), sql`lower(${bugReports.reporterEmail}) = ${user.email.toLowerCase()}`))
      .orderBy(desc(bugReports.createdAt))
      .limit(500),
    db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.id)).orderBy(desc(analyticsEvents.createdAt)).limit(5000),
  ]);
  return {
    exported_at: new Date().toISOString(),
    profile,
    roles: await rolesOf(db, user.id),
    sessions: sessionRows.map((s) => ({
      created_at: iso(s.createdAt),
      expires_at: iso(s.expiresAt),
      ip_address: s.ipAddress,
      user_agent: s.userAgent,
    })),
    linked_sign_in_methods: accountRows.map((a) => ({
      method: a.providerId === 'credential' ? 'email' : a.providerId,
      linked_at: iso(a.createdAt),
    })),
    sign_in_attempts: attempts.map((a) => ({ at: iso(a.createdAt), successful: a.successful, ip: a.ip })),
    security_events: events.map((e) => ({
      at: iso(e.createdAt),
      last_seen_at: iso(e.lastSeenAt),
      count: e.count,
      event_type: e.eventType,
      ip: e.ip,
      user_agent: e.userAgent,
    })),
    mails_sent: mails.map((m) => ({ at: iso(m.createdAt), subject: m.subject, kind: m.kind })),
    nominations: await exportNominationsOf(db, user.id),
    orders: await exportOrdersOf(db, user.id),
    cart: (await db.select().from(carts).where(eq(carts.userId, user.id)))[0]?.items ?? [],
    bug_reports: reports.map((r) => ({
      at: iso(r.createdAt),
      title: r.title,
      description: r.description,
      steps_to_repro: r.stepsToRepro,
      severity: r.severity,
      status: r.status,
      page_url: r.pageUrl,
      has_screenshot: r.screenshotPath !== null,
      has_video: r.reproVideoPath !== null,
    })),
    analytics_events: analytics.map((e) => ({ at: iso(e.createdAt), event_type: e.eventType, event_data: e.eventData, page_url: e.pageUrl, device: e.device })),
  };
}

/**
 * Deletes the account: the user row and, by cascade, sessions, sign-in methods and roles, plus
 * the sign-in attempts and mails kept under the address; bug reports keep their content but lose the reporter's
 * email and IP (docs/decisions/095).
 * The last admin cannot delete themselves. The stored cart goes with the account (cascade). Orders keep their rows,
 * with the user reference set to null: an order's email, address and amounts are the shop's bookkeeping records,
 * kept for as long as tax law requires (docs/decisions/016, 086).
 */
export async function deleteAccount(
  db: Db,
  auth: AuthService,
  user: SessionUser,
  input: { confirm_email: string; password?: string | undefined },
  caller: Caller,
  /** The shop's currency: the CRM contact of the address is recounted in it. */
  currency: string,
): Promise<void> {
  if (input.confirm_email.toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest('Type the email address of this account to confirm.', 'confirm_email');
  }
  // Throttled like the login (docs/decisions/018): a stolen session cannot guess the password here.
  await auth.confirmPassword(caller, user, input.password, { field: 'password', action: 'delete_account' });
  await withAdminRoleLock(db, async (tx) => {
    if ((await isAdmin(tx, user.id)) && (await countActiveAdmins(tx)) <= 1) {
      throw conflict('You are the last admin. Make someone else an admin before deleting your account.', undefined, 'LAST_ADMIN');
    }
    await recordAudit(tx, {
      actorUserId: null,
      action: 'user.self_deleted',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: null,
      ip: caller.ip,
    });
    await removeAccount(tx, user);
    // Its nominations and bug reports no longer carry the address: the CRM forgets them now, not at its nightly run.
    await forgetOrRefreshContact(tx, user.email, currency);
  });
}
