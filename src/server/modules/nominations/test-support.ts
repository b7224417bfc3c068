import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateNominationBody, CreateNominationResult } from '@/contract/nominations';
import type { Db } from '@/server/db/client';
import { awards, categories, templates } from '@/server/db/schema/index';
import { TestClient } from '@/server/test/auth-client';

/** Seeded awards (active, with a category) and templates by slug. */
export async function catalogue(db: Db) {
  const awardRows = await db
    .select({ id: awards.id, slug: awards.slug, title: awards.title, categoryId: awards.categoryId, isActive: awards.isActive })
    .from(awards)
    .orderBy(asc(awards.sortOrder));
  const templateRows = await db.select().from(templates).orderBy(asc(templates.sortOrder));
  const cats = await db.select().from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.sortOrder));
  const active = awardRows.filter((a) => a.isActive && a.categoryId);
  const inCategory = (categoryId: string) => active.filter((a) => a.categoryId === categoryId);
  return {
    award: active[0]!,
    awards: active,
    inactiveAward: awardRows.find((a) => !a.isActive) ?? null,
    templates: templateRows,
    template: (slug: string) => templateRows.find((t) => t.slug === slug)!,
    categories: cats.filter((c) => inCategory(c.id).length > 0),
    inCategory,
  };
}

export async function awardInCategory(db: Db, categoryId: string) {
  const [a] = await db
    .select()
    .from(awards)
    .where(and(eq(awards.categoryId, categoryId), eq(awards.isActive, true)))
    .limit(1);
  return a!;
}

let ipCounter = 0;
/** A fresh client from its own IP, so the per-IP nomination limit never bites unrelated tests. */
export function freshClient(app: FastifyInstance): TestClient {
  const c = new TestClient(app);
  ipCounter++;
  c.ip = `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  return c;
}

export async function nominate(
  client: TestClient,
  body: Partial<CreateNominationBody> & { award_id: string },
): Promise<CreateNominationResult> {
  const res = await client.post('/api/nominations', { nominee_name: 'Dana Whitfield', ...body });
  if (res.statusCode !== 201) throw new Error(`nominate failed: ${res.statusCode} ${res.body}`);
  return res.json() as CreateNominationResult;
}

/** /claim/{token} → token */
export const tokenOf = (claimUrl: string) => claimUrl.split('/claim/')[1]!;
