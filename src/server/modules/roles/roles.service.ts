import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { userRoles, users, type AppRole } from '@/server/db/schema/index';
import { conflict } from '@/server/lib/http-errors';

/** Any fixed number: serialises changes to the admin role across instances. */
const ADMIN_ROLE_LOCK = 7_311_420_003;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Spec §6/§7: admin = a user_roles row with role 'admin'. */
export async function isAdmin(db: Db | Tx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return rows.length === 1;
}

export async function rolesOf(db: Db | Tx, userId: string): Promise<AppRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

/** Admins who can still sign in (not disabled). */
export async function countActiveAdmins(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), isNull(users.disabledAt)));
  return Number(row?.n ?? 0);
}

/** Runs fn in a transaction that holds the admin-role lock, so "never the last admin" holds under races. */
export async function withAdminRoleLock<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLE_LOCK})`);
    return fn(tx);
  });
}

/** Adds the role; true when it was not held before. */
export async function grantRole(db: Db | Tx, userId: string, role: AppRole): Promise<boolean> {
  const inserted = await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] })
    .returning({ id: userRoles.id });
  return inserted.length > 0;
}

/**
 * Removes the role; true when it was held. Refuses to remove the last active admin, so the
 * shop can never lock itself out of its own admin area. Call inside withAdminRoleLock.
 */
export async function revokeRole(tx: Tx, userId: string, role: AppRole): Promise<boolean> {
  if (role === 'admin' && (await isAdmin(tx, userId))) {
    const [target] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
    if (!target?.disabledAt && (await countActiveAdmins(tx)) <= 1) {
      throw conflict('This is the last admin. Make someone else an admin first.', 'is_admin', 'LAST_ADMIN');
    }
  }
  const deleted = await tx
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ id: userRoles.id });
  return deleted.length > 0;
}
