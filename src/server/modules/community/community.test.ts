import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate, CommunityPage } from '@/contract/nominations';
import { nominations, reactions } from '@/server/db/schema/index';
import { outcomeOf, setCookies, signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';
import * as entry from '@/web/entry-server';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogue>>;
/** Public, accepted certificates made for this file, newest last. */
const made: Certificate[] = [];

/** Files a public nomination and has the nominee accept it: only accepted ones are on the wall. */
async function accepted(body: { award_id: string; nominee_name: string }): Promise<Certificate> {
  const { certificate, claim_url } = await nominate(freshClient(t.app), body);
  const res = await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`);
  expect(res.statusCode, res.body).toBe(200);
  return { ...certificate, status: 'claimed' };
}

const page = async (query: string, client: TestClient = new TestClient(t.app)) => {
  const res = await client.get(`/api/community${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CommunityPage;
};

/** Every item, following next_cursor. */
async function walk(query: string, client?: TestClient, from: string | null = null): Promise<Certificate[]> {
  const out: Certificate[] = [];
  let cursor: string | null = from;
  do {
    const p = await page(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, client);
    out.push(...p.items);
    cursor = p.next_cursor;
  } while (cursor);
  return out;
}

beforeAll(async () => {
  // The served page's head comes with its server render (the route module's, docs/decisions/126).
  t = await createTestApp({ ssr: entry });
  cat = await catalogue(t.database.db);
  const [first, second] = cat.categories;
  const awardsFor = [cat.inCategory(first!.id)[0]!, cat.inCategory(second!.id)[0]!];
  for (let i = 0; i < 7; i++) {
    made.push(await accepted({ award_id: awardsFor[i % 2]!.id, nominee_name: `Wall Person ${i}` }));
  }
  // Same created_at for two of them: the cursor must still neither skip nor repeat.
  await t.database.db
    .update(nominations)
    .set({ createdAt: sql`(select created_at from nominations where share_id = ${made[2]!.share_id})` })
    .where(eq(nominations.shareId, made[3]!.share_id));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/community', () => {
  it('shows public certificates their nominee accepted (not pending, private, declined or hidden ones), newest first', async () => {
    const priv = await nominate(freshClient(t.app), { award_id: cat.award.id, is_public: false, nominee_name: 'Private' });
    const privAccepted = await nominate(freshClient(t.app), { award_id: cat.award.id, is_public: false, nominee_name: 'Private Accepted' });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(privAccepted.claim_url)}/accept`);
    const pending = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Not Asked Yet' });
    const declined = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Declined' });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(declined.claim_url)}/decline`);
    const hidden = await accepted({ award_id: cat.award.id, nominee_name: 'Hidden' });
    await t.database.db.update(nominations).set({ hidden: true }).where(eq(nominations.shareId, hidden.share_id));

    const res = await new TestClient(t.app).get('/api/community');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const all = await walk('?limit=48');
    const ids = all.map((c) => c.share_id);
    for (const gone of [priv, privAccepted, pending, declined]) expect(ids).not.toContain(gone.certificate.share_id);
    expect(ids).not.toContain(hidden.share_id);
    expect(new Set(ids)).toEqual(new Set(made.map((c) => c.share_id)));
    expect(all.every((c) => c.status === 'claimed' && c.is_public)).toBe(true);
    const times = all.map((c) => Date.parse(c.issued_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all[0]!.share_id).toBe(made[6]!.share_id);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a public nomination off the wall until the nominee accepts; until then its link works, unindexed', async () => {
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Unaware Person' });
    const onWall = async () => (await walk('?limit=48')).some((c) => c.share_id === certificate.share_id);
    expect(await onWall()).toBe(false);
    for (const category of cat.categories) {
      expect((await walk(`?limit=48&category_id=${category.id}`)).map((c) => c.share_id)).not.toContain(certificate.share_id);
    }
    expect((await walk('?sort=most_liked&limit=48')).map((c) => c.share_id)).not.toContain(certificate.share_id);

    // The nominator's share link is an unlisted page: it opens, but nothing invites search engines in.
    const json = await new TestClient(t.app).get(`/api/certificates/${certificate.share_id}`);
    expect(json.statusCode).toBe(200);
    expect(json.json().status).toBe('pending');
    expect(json.headers['x-robots-tag']).toBe('noindex');
    const html = await t.app.inject({ method: 'GET', url: `/certificate/${certificate.share_id}` });
    expect(html.body).toContain('<meta name="robots" content="noindex, nofollow"');

    await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`);
    expect(await onWall()).toBe(true);
    expect((await new TestClient(t.app).get(`/api/certificates/${certificate.share_id}`)).headers['x-robots-tag']).toBeUndefined();
    const after = await t.app.inject({ method: 'GET', url: `/certificate/${certificate.share_id}` });
    expect(after.body).toContain('<meta name="robots" content="index, follow"');
    made.push({ ...certificate, status: 'claimed' });
  });

  it('pages with a cursor: every item once, stable when new nominations arrive between pages', async () => {
    const first = await page('?limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    // A newcomer lands at the top; the pages after the cursor do not shift.
    const newcomer = await accepted({ award_id: cat.award.id, nominee_name: 'Newcomer' });
    const rest = await walk('?limit=2', undefined, first.next_cursor);
    const seen = [...first.items, ...rest].map((c) => c.share_id);
    expect(seen).toHaveLength(new Set(seen).size);
    expect(new Set(seen)).toEqual(new Set(made.map((c) => c.share_id)));
    expect(seen).not.toContain(newcomer.share_id);
    made.push(newcomer);
  });

  it('filters by category', async () => {
    const [first, second] = cat.categories;
    const inFirst = await walk(`?limit=2&category_id=${first!.id}`);
    expect(inFirst.length).toBeGreaterThan(0);
    expect(inFirst.every((c) => c.award.category?.id === first!.id)).toBe(true);
    const inSecond = await walk(`?category_id=${second!.id}`);
    expect(inSecond.every((c) => c.award.category?.id === second!.id)).toBe(true);
    expect(inFirst.length + inSecond.length).toBeGreaterThanOrEqual(7);
  });

  it('sorts by most liked (ties newest first), and pages that too', async () => {
    const likers = [freshClient(t.app), freshClient(t.app), freshClient(t.app)];
    for (const l of likers) await l.post(`/api/certificates/${made[0]!.share_id}/reaction`, { kind: 'applause' });
    for (const l of likers.slice(0, 2)) await l.post(`/api/certificates/${made[4]!.share_id}/reaction`, { kind: 'laugh' });
    const all = await walk('?sort=most_liked&limit=2');
    expect(all.slice(0, 2).map((c) => c.share_id)).toEqual([made[0]!.share_id, made[4]!.share_id]);
    expect(all[0]!.reactions).toEqual({ applause: 3, laugh: 0, salute: 0 });
    const counts = all.map((c) => c.reactions.applause + c.reactions.laugh + c.reactions.salute);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(all.map((c) => c.share_id)).toHaveLength(new Set(all.map((c) => c.share_id)).size);
    expect(all).toHaveLength(made.length);
  });

  it('rejects bad queries with a 400 naming the parameter', async () => {
    const c = new TestClient(t.app);
    for (const [query, field] of [
      ['?sort=oldest', 'sort'],
      ['?limit=0', 'limit'],
      ['?limit=49', 'limit'],
      ['?category_id=tea', 'category_id'],
      ['?cursor=not-a-cursor', 'cursor'],
    ] as const) {
      const res = await c.get(`/api/community${query}`);
      expect(outcomeOf(res), query).toBe('400 VALIDATION_ERROR');
      expect(res.json().error.field, query).toBe(field);
    }
    // A cursor from the other sort order is refused, not misread.
    const newest = await page('?limit=1');
    expect(outcomeOf(await c.get(`/api/community?sort=most_liked&cursor=${newest.next_cursor}`))).toBe('400 VALIDATION_ERROR');
  });
});

describe('reactions', () => {
  it('one per visitor: an anonymous visitor gets an httpOnly cookie; changing replaces, DELETE removes', async () => {
    const target = made[1]!.share_id;
    const visitor = freshClient(t.app);
    const first = await visitor.post(`/api/certificates/${target}/reaction`, { kind: 'laugh' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reactions: { applause: 0, laugh: 1, salute: 0 }, my_reaction: 'laugh' });
    const cookie = setCookies(first).get('certifiable_visitor')!;
    expect(cookie.value).toMatch(/^[\w-]{22}$/);
    expect(cookie.raw).toMatch(/HttpOnly/i);
    expect(cookie.raw).toMatch(/SameSite=Lax/i);
    expect(cookie.raw).toMatch(/Path=\/api/);
    expect(cookie.raw).toMatch(/Secure/);
    expect(cookie.raw).toMatch(/Max-Age=31536000/);

    // Reacting again replaces; the same visitor never counts twice.
    const changed = await visitor.post(`/api/certificates/${target}/reaction`, { kind: 'salute' });
    expect(changed.json()).toEqual({ reactions: { applause: 0, laugh: 0, salute: 1 }, my_reaction: 'salute' });
    expect(setCookies(changed).has('certifiable_visitor')).toBe(false);
    await visitor.post(`/api/certificates/${target}/reaction`, { kind: 'salute' });
    expect((await visitor.get(`/api/certificates/${target}`)).json()).toMatchObject({ my_reaction: 'salute', reactions: { salute: 1 } });
    // The wall shows this visitor's reaction.
    expect((await walk('?limit=48', visitor)).find((c) => c.share_id === target)!.my_reaction).toBe('salute');

    // Another visitor adds their own.
    const other = await freshClient(t.app).post(`/api/certificates/${target}/reaction`, { kind: 'salute' });
    expect(other.json()).toEqual({ reactions: { applause: 0, laugh: 0, salute: 2 }, my_reaction: 'salute' });

    const removed = await visitor.delete(`/api/certificates/${target}/reaction`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ reactions: { applause: 0, laugh: 0, salute: 1 }, my_reaction: null });
    // Removing again, or without ever reacting, is harmless.
    expect((await visitor.delete(`/api/certificates/${target}/reaction`)).json().my_reaction).toBeNull();
    expect((await freshClient(t.app).delete(`/api/certificates/${target}/reaction`)).json()).toEqual({
      reactions: { applause: 0, laugh: 0, salute: 1 },
      my_reaction: null,
    });
    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.shareId, target));
    expect(row!.reactionCount).toBe(1);
    // No live cookie value in the database.
    const stored = await t.database.db.select().from(reactions).where(eq(reactions.nominationId, row!.id));
    expect(stored.every((r) => !r.voter.includes(cookie.value!))).toBe(true);
  });

  it('a signed-in visitor reacts once per account, from any browser, and gets no visitor cookie', async () => {
    const target = made[5]!.share_id;
    const { client, user } = await signedInClient(t.app);
    const res = await client.post(`/api/certificates/${target}/reaction`, { kind: 'applause' });
    expect(res.json().my_reaction).toBe('applause');
    expect(setCookies(res).has('certifiable_visitor')).toBe(false);
    const second = new TestClient(t.app);
    await second.signIn(user.email, user.password);
    const again = await second.post(`/api/certificates/${target}/reaction`, { kind: 'laugh' });
    expect(again.json()).toEqual({ reactions: { applause: 0, laugh: 1, salute: 0 }, my_reaction: 'laugh' });
  });

  it('concurrent reactions keep the count exact', async () => {
    const target = made[6]!.share_id;
    await Promise.all(Array.from({ length: 8 }, () => freshClient(t.app).post(`/api/certificates/${target}/reaction`, { kind: 'applause' })));
    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.shareId, target));
    expect(row!.reactionCount).toBe(8);
  });

  it('validates the kind; unknown or withdrawn certificates cannot be reacted to', async () => {
    const c = freshClient(t.app);
    const bad = await c.post(`/api/certificates/${made[1]!.share_id}/reaction`, { kind: 'boo' });
    expect(outcomeOf(bad)).toBe('400 VALIDATION_ERROR');
    expect(bad.json().error).toMatchObject({ field: 'kind', message: 'kind must be one of applause, laugh, salute' });
    expect(outcomeOf(await c.post('/api/certificates/AAAAAAAAAAAAAAAA/reaction', { kind: 'laugh' }))).toBe('404 CERTIFICATE_NOT_FOUND');
  });

  it('is limited per IP', async () => {
    const c = freshClient(t.app);
    const { rateLimitAttempts } = await import('@/server/db/schema/index');
    await t.database.db
      .insert(rateLimitAttempts)
      .values(Array.from({ length: 60 }, () => ({ identifier: `ip:${c.ip}`, attemptType: 'reaction', successful: false })));
    const res = await c.post(`/api/certificates/${made[1]!.share_id}/reaction`, { kind: 'laugh' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});
