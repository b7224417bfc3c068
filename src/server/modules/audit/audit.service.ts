import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/index';

export interface AuditEntry {
  /** The admin who made the change; null for an operator (CLI, ADMIN_EMAIL bootstrap). */
  actorUserId: string | null;
  /** dotted verb, e.g. 'user.role_granted' */
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * Writes one audit row. Every change an admin makes goes through here, in the same
 * transaction as the change when there is one (pass the transaction as db).
 */
export async function recordAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

/** Who makes a change: the admin's account (null for an operator) and the address the request came from. */
export interface Actor {
  userId: string | null;
  ip: string | null;
}

/** What an audited change does to what, as its audit row tells it. */
export interface AuditedChange {
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The one way an admin changes something: runs `change`, then writes its audit row, both on `tx` (the
 * caller's transaction), so a change is never stored without its row nor a row without its change.
 */
export async function audited<T>(tx: Pick<Db, 'insert'>, actor: Actor, what: AuditedChange, change: () => Promise<T>): Promise<T> {
  const result = await change();
  await recordAudit(tx, { ...what, actorUserId: actor.userId, ip: actor.ip });
  return result;
}
