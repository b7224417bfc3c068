import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CommunityPage, communityQuerySchema } from '@/contract/nominations';
import { z } from 'zod';
import { int4, utcTimestamp } from '@/contract/fields';
import { awards, nominations } from '@/server/db/schema/index';
import { badRequest } from '@/server/lib/http-errors';
import { type NominationsContext, onCommunityWall, selectLoaded, toCertificates } from '../nominations';

type CommunityQuery = z.output<typeof communityQuerySchema>;

/**
 * Keyset cursor: the sort it belongs to and the last item's sort key. The timestamp is kept as
 * Postgres' own microsecond text (a JS Date would drop the microseconds and skip or repeat items).
 */
interface Cursor {
  s: CommunityQuery['sort'];
  /** reaction_count (most_liked only) */
  r?: number;
  t: string;
  i: string;
}

/** What a cursor may hold: every part checked for range, not only format, before it reaches SQL. */
const cursorSchema = z.object({
  s: z.enum(['newest', 'most_liked']),
  r: int4('r').optional(),
  t: utcTimestamp('t'),
  i: z.uuid(),
});

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

function decodeCursor(raw: string, sort: CommunityQuery['sort']): Cursor {
  const bad = () => badRequest('cursor is not valid: start again from the first page', 'cursor');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const c = cursorSchema.safeParse(json);
  if (!c.success || c.data.s !== sort || (sort === 'most_liked' && c.data.r === undefined)) throw bad();
  return c.data;
}

const createdAtText = sql<string>`to_char(${nominations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The community wall: public, accepted, not hidden (docs/decisions/036); newest first or most reactions first
 * (ties newest first), optionally one category. Keyset pagination on (reaction_count,) created_at,
 * id: a nomination added while someone scrolls never shifts the pages they have not seen.
 */
export async function communityPage(ctx: NominationsContext, q: CommunityQuery, voter: string | null): Promise<CommunityPage> {
  const where: SQL[] = [onCommunityWall()];
  if (q.category_id) where.push(eq(awards.categoryId, q.category_id));
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort);
    where.push(
      q.sort === 'most_liked'
        ? sql`(${nominations.reactionCount}, ${nominations.createdAt}, ${nominations.id}) < (${c.r}, ${c.t}::timestamptz, ${c.i}::uuid)`
        : sql`(${nominations.createdAt}, ${nominations.id}) < (${c.t}::timestamptz, ${c.i}::uuid)`,
    );
  }
  const order =
    q.sort === 'most_liked'
      ? [desc(nominations.reactionCount), desc(nominations.createdAt), desc(nominations.id)]
      : [desc(nominations.createdAt), desc(nominations.id)];
  const rows = await ctx.db
    .select({ id: nominations.id, reactionCount: nominations.reactionCount, t: createdAtText })
    .from(nominations)
    .innerJoin(awards, eq(awards.id, nominations.awardId))
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const ids = page.map((r) => r.id);
  // Load the joined certificate data for just this page, in page order.
  const loaded = ids.length ? await selectLoaded(ctx.db).where(inArray(nominations.id, ids)) : [];
  const byId = new Map(loaded.map((l) => [l.nomination.id, l]));
  const items = await toCertificates(
    ctx.db,
    ids.map((id) => byId.get(id)!).filter(Boolean),
    voter,
  );
  const last = page[page.length - 1];
  const next_cursor =
    rows.length > q.limit && last
      ? encodeCursor({
          s: q.sort,
          ...(q.sort === 'most_liked' ? { r: last.reactionCount } : {}),
          t: last.t,
          i: last.id,
        })
      : null;
  return { items, next_cursor };
}
