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
