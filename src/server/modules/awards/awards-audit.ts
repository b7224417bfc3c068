import type { Db } from '@/server/db/client';
import { awardsAudit, type awards } from '@/server/db/schema/index';
import { audited, type Actor } from '../audit';

type AwardRow = typeof awards.$inferSelect;
export type AwardChangeSource = (typeof awardsAudit.$inferInsert)['source'];

/** What the history keeps of an award: its own columns, as the API names them (no timestamps: they change every time). */
export function awardSnapshot(row: AwardRow): Record<string, unknown> {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    tagline: row.tagline,
    stats: row.stats,
    category_id: row.categoryId,
    category_slug: row.categorySlug,
    image_url: row.imageUrl,
    is_active: row.isActive,
    sort_order: row.sortOrder,
  };
}

const ACTIONS = { create: 'award.created', update: 'award.updated', delete: 'award.deleted' } as const;

/**
 * The one way an award changes: runs `change` (which returns the award as it now is, or null once deleted), then
 * writes its audit_log row through audited() (entity 'award': the admin's audit log) and its awards_audit row (the
 * award's own history, with where the change came from) — all on the caller's transaction.
 */
export async function auditedAwardChange(
  tx: Pick<Db, 'insert'>,
  actor: Actor,
  what: { action: keyof typeof ACTIONS; source: AwardChangeSource; awardId: string; before: AwardRow | null },
  change: () => Promise<AwardRow | null>,
): Promise<AwardRow | null> {
  const afterRow = await change();
  const before = what.before ? awardSnapshot(what.before) : null;
  const after = afterRow ? awardSnapshot(afterRow) : null;
  await audited(tx, actor, { action: ACTIONS[what.action], entityType: 'award', entityId: what.awardId, before, after }, async () => undefined);
  await tx.insert(awardsAudit).values({ awardId: what.awardId, action: what.action, source: what.source, changedBy: actor.userId, before, after });
  return afterRow;
}
