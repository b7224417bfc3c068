import { count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { AdminUser, AdminUserList, AdminUserListQuery } from '@/contract/users';
import type { Db } from '@/server/db/client';
import { accounts, userRoles, users } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import { countActiveAdmins, grantRole, isAdmin, revokeRole, withAdminRoleLock } from '../roles';

/** The admin user list: search by name or email, newest first, with roles and sign-in methods. */
export async function listUsers(db: Db, query: AdminUserListQuery): Promise<AdminUserList> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.page_size ?? 25);
  const term = query.search?.trim();
  const where = term
    ? or(ilike(users.email, containsPattern(term)), ilike(users.name, containsPattern(term)))
    : undefined;
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = rows.map((r) => r.id);
  const [roleRows, accountRows] = ids.length
    ? await Promise.all([
        db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, ids)),
        db.select({ userId: accounts.userId, providerId: accounts.providerId }).from(accounts).where(inArray(accounts.userId, ids)),
      ])
    : [[], []];
  return {
    users: rows.map((u) => {
      const roles = roleRows.filter((r) => r.userId === u.id).map((r) => r.role).sort();
      const methods = [
        ...new Set(accountRows.filter((a) => a.userId === u.id).map((a) => (a.providerId === 'credential' ? 'email' : a.providerId))),
      ].sort();
      return toAdminUser(u, roles, methods);
    }),
    total: Number(totalRow?.n ?? 0),
    page,
    page_size: pageSize,
  };
}

function toAdminUser(u: typeof users.$inferSelect, roles: string[], methods: string[]): AdminUser {
  return {
    id: u.id,
    email: u.email,
    full_name: u.name,
    email_verified: u.emailVerified,
    roles,
    is_admin: roles.includes('admin'),
    disabled: u.disabledAt !== null,
    created_at: u.createdAt.toISOString(),
    last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
    sign_in_methods: methods,
  };
}

export async function getAdminUser(db: Db, id: string): Promise<AdminUser> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw notFound('No such user.', 'USER_NOT_FOUND');
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.role).sort();
  const methods = [
    ...new Set(
      (await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, id))).map((a) =>
        a.providerId === 'credential' ? 'email' : a.providerId,
      ),
    ),
  ].sort();
  return toAdminUser(u, roles, methods);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One change an admin can make to an account, with what its audit row says. */
interface UserChange {
  action: string;
  before: unknown;
  after: unknown;
  run(tx: Tx, userId: string): Promise<unknown>;
}

const setDisabled = (tx: Tx, userId: string, disabled: boolean) =>
  tx.update(users).set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() }).where(eq(users.id, userId));

const CHANGES = {
  grantAdmin: { action: 'user.role_granted', before: { roles: [] }, after: { roles: ['admin'] }, run: (tx, id) => grantRole(tx, id, 'admin') },
  revokeAdmin: { action: 'user.role_revoked', before: { roles: ['admin'] }, after: { roles: [] }, run: (tx, id) => revokeRole(tx, id, 'admin') },
  disable: { action: 'user.disabled', before: { disabled: false }, after: { disabled: true }, run: (tx, id) => setDisabled(tx, id, true) },
  enable: { action: 'user.enabled', before: { disabled: true }, after: { disabled: false }, run: (tx, id) => setDisabled(tx, id, false) },
} satisfies Record<string, UserChange>;

/**
 * An admin grants/revokes the admin role or disables/enables an account. One transaction under
 * the admin-role lock: the shop never loses its last active admin, and every change writes an
 * audit row. Returns whether sessions must be revoked (the account was disabled).
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  targetId: string,
  change: { is_admin?: boolean | undefined; disabled?: boolean | undefined },
): Promise<{ disabledNow: boolean }> {
  return withAdminRoleLock(db, async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, targetId));
    if (!target) throw notFound('No such user.', 'USER_NOT_FOUND');
    const apply = (c: UserChange) =>
      audited(tx, actor, { action: c.action, entityType: 'user', entityId: targetId, before: c.before, after: c.after }, () =>
        c.run(tx, targetId),
      );

    if (change.is_admin !== undefined && change.is_admin !== (await isAdmin(tx, targetId))) {
      // Revoking refuses the last active admin (roles.service).
      await apply(change.is_admin ? CHANGES.grantAdmin : CHANGES.revokeAdmin);
    }

    let disabledNow = false;
    const wasDisabled = target.disabledAt !== null;
    if (change.disabled !== undefined && change.disabled !== wasDisabled) {
      if (change.disabled) {
        if (targetId === actor.userId) throw conflict('You cannot disable your own account.', 'disabled', 'CANNOT_DISABLE_SELF');
        if ((await isAdmin(tx, targetId)) && (await countActiveAdmins(tx)) <= 1) {
          throw conflict('This is the last admin. Make someone else an admin first.', 'disabled', 'LAST_ADMIN');
        }
        disabledNow = true;
      }
      await apply(change.disabled ? CHANGES.disable : CHANGES.enable);
    }
    return { disabledNow };
  });
}
