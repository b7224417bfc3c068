import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditEntrySummary, type AuditList, type auditListQuerySchema } from '@/contract/admin-audit';
import type { Db } from '@/server/db/client';
import { SECURITY_EVENT_TYPES } from '@/server/db/schema/security-events';
import { notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { addDays } from '@/server/lib/utc-days';

/**
 * The admin's audit log (issue 14, docs/decisions/104): audit_log (every admin action, written by `audited()`)
 * and security_events (failed sign-ins, rate limits, …) as one list, newest first. Nothing here knows an entity
 * type or an action by name: a module that writes a new kind of row shows up in the list and its filters as is.
 */

type ListQuery = z.output<typeof auditListQuerySchema>;

interface Row {
  id: string;
  kind: 'admin' | 'security';
  created_at: string | Date;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  actor_email: string | null;
  actor_user_id: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  user_agent: string | null;
  count: number | string;
  last_seen_at: string | Date | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (v: string | Date) => new Date(v).toISOString();

/** Top-level fields whose values differ (a created or deleted thing: every field it has). */
export function changedFields(before: unknown, after: unknown): string[] {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  const b = obj(before);
  const a = obj(after);
  if (!b && !a) return JSON.stringify(before ?? null) === JSON.stringify(after ?? null) ? [] : ['value'];
  const keys = new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})]);
  return [...keys].filter((k) => !b || !a || JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null)).sort();
}

/**
 * The two sources as one relation, each filtered by what applies to it. With `newest`, each source gives only its
 * newest that many rows (by its created_at index), which is all a page at that depth can need: the page is then
 * sorted from at most twice that, not from the whole log (docs/decisions/104).
 */
export function entries(q: Partial<ListQuery>, newest?: number): SQL {
  const from = q.from ? sql`${`${q.from}T00:00:00Z`}::timestamptz` : null;
  const to = q.to ? sql`${`${addDays(q.to, 1)}T00:00:00Z`}::timestamptz` : null;
  const actor = q.actor ? containsPattern(q.actor) : null;

  const admin: SQL[] = [sql`true`];
  if (actor) admin.push(sql`u.email ilike ${actor}`);
  if (q.entity_type) admin.push(sql`a.entity_type = ${q.entity_type}`);
  if (q.action) admin.push(sql`a.action = ${q.action}`);
  if (from) admin.push(sql`a.created_at >= ${from}`);
  if (to) admin.push(sql`a.created_at < ${to}`);

  const security: SQL[] = [sql`true`];
  if (actor) security.push(sql`s.email ilike ${actor}`);
  if (q.action) security.push(sql`s.event_type = ${q.action}`);
  if (from) security.push(sql`s.created_at >= ${from}`);
  if (to) security.push(sql`s.created_at < ${to}`);

  // A branch not asked for stays in the union with a false condition, so the relation always has its columns.
  if (q.kind === 'security') admin.push(sql`false`);
  // A security event has no entity: filtering by one leaves them out.
  if (q.kind === 'admin' || q.entity_type) security.push(sql`false`);
  return sql`
      (select a.id, 'admin' as kind, a.created_at, a.action, a.entity_type, a.entity_id, u.email as actor_email,
             a.actor_user_id::text as actor_user_id, a.ip, a.before, a.after, null::jsonb as details, null::text as user_agent,
             1 as count, null::timestamptz as last_seen_at
      from audit_log a left join users u on u.id = a.actor_user_id
      where ${sql.join(admin, sql` and `)}${newest === undefined ? sql`` : sql` order by a.created_at desc, a.id desc limit ${newest}`})
    union all
      (select s.id, 'security' as kind, s.created_at, s.event_type as action, null::text as entity_type, null::text as entity_id,
             s.email as actor_email, null::text as actor_user_id, s.ip, null::jsonb as before, null::jsonb as after, s.details,
             s.user_agent, s.count, s.last_seen_at
      from security_events s
      where ${sql.join(security, sql` and `)}${newest === undefined ? sql`` : sql` order by s.created_at desc, s.id desc limit ${newest}`})`;
}

const summary = (r: Row): AuditEntrySummary => ({
  id: r.id,
  kind: r.kind,
  created_at: iso(r.created_at),
  action: r.action,
  entity_type: r.entity_type,
  entity_id: r.entity_id,
  actor_email: r.actor_email,
  actor_user_id: r.actor_user_id,
  ip: r.ip,
  changed_fields: r.kind === 'admin' ? changedFields(r.before, r.after) : [],
  count: Number(r.count),
});

export async function listAudit(db: Db, q: ListQuery): Promise<AuditList> {
  const [totalRow] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from (${entries(q)}) as e`));
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select * from (${entries(q, q.page * AUDIT_PAGE_SIZE)}) as e
      order by e.created_at desc, e.id desc
      limit ${AUDIT_PAGE_SIZE} offset ${(q.page - 1) * AUDIT_PAGE_SIZE}`),
  );
  const entityTypes = rowsOf<{ v: string }>(await db.execute(sql`select distinct entity_type as v from audit_log order by 1`));
  // Security events have a closed set of types: listed from the schema, not found again in every row of the log.
  const adminActions = rowsOf<{ v: string }>(await db.execute(sql`select distinct action as v from audit_log`)).map((r) => r.v);
  const actions = [...new Set([...adminActions, ...SECURITY_EVENT_TYPES])].sort();
  return {
    entries: rows.map(summary),
    total: Number(totalRow?.n ?? 0),
    page: q.page,
    page_size: AUDIT_PAGE_SIZE,
    facets: { entity_types: entityTypes.map((r) => r.v), actions },
  };
}

/** One entry with everything it recorded: before and after, or the security event's details. */
export async function getAuditEntry(db: Db, id: string): Promise<AuditEntry> {
  const [row] = rowsOf<Row>(await db.execute(sql`select * from (${entries({ page: 1 })}) as e where e.id = ${id}::uuid`));
  if (!row) throw notFound('There is no audit entry with this id.', 'AUDIT_ENTRY_NOT_FOUND');
  return {
    ...summary(row),
    before: row.before ?? null,
    after: row.after ?? null,
    details: row.details ?? null,
    user_agent: row.user_agent,
    last_seen_at: row.last_seen_at ? iso(row.last_seen_at) : null,
  };
}
