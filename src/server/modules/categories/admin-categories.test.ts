import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAward, AdminCategory, AwardAuditList } from '@/contract/admin-awards';
import type { Award } from '@/contract/awards';
import type { Category } from '@/contract/categories';
import { auditLog } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, { admin: true });
});
afterAll(async () => {
  await t.close();
});

const api = () => admin.client;
const list = async (query = '') => ((await api().get(`/api/admin/categories${query}`)).json() as { categories: AdminCategory[] }).categories;
const publicCategories = async () => (await new TestClient(t.app).get('/api/categories')).json() as Category[];
const publicAwards = async () => (await new TestClient(t.app).get('/api/awards')).json() as Award[];
const audits = async (id: string, action: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('/api/admin/categories', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/categories')).statusCode).toBe(401);
    const member = await signedInClient(t.app);
    expect((await member.client.post('/api/admin/categories', { name: 'Nope' })).statusCode).toBe(403);
  });

  it('lists every category with its award count, searched and sorted', async () => {
    const all = await list();
    expect(all).toHaveLength(9);
    expect(all.map((c) => c.sort_order)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(all.find((c) => c.slug === 'kitchen-cooking')).toMatchObject({ award_count: 5, keywords: expect.arrayContaining(['coffee', 'toast']) });
    expect((await list('?search=plants')).map((c) => c.slug)).toEqual(['pets-plants']);
    const byName = (await list('?sort=name&dir=desc')).map((c) => c.name);
    expect(byName).toEqual([...byName].sort((a, b) => b.localeCompare(a)));
    expect((await api().get('/api/admin/categories?sort=secret')).json().error.field).toBe('sort');
  });

  it('creates a category (slug from the name, no colour = fallback), audited; the public list follows at once', async () => {
    const res = await api().post('/api/admin/categories', { name: 'Garden & Shed', description: 'Outdoor feats.', keywords: ['Shed', 'lawn', 'shed'] });
    expect(res.statusCode, res.body).toBe(200);
    const cat = res.json() as AdminCategory;
    expect(cat).toMatchObject({ slug: 'garden-and-shed', color: null, is_active: true, sort_order: 0, keywords: ['shed', 'lawn'], award_count: 0 });
    expect((await publicCategories()).map((c) => c.id)).toContain(cat.id);
    expect(await audits(cat.id, 'category.created')).toHaveLength(1);

    // An award made without a category now finds it by its keywords (auto_assign_category).
    const award = (await api().post('/api/admin/awards', { title: 'Lord of the Lawn' })).json() as AdminAward;
    expect(award.category_id).toBe(cat.id);
  });

  it('refuses bad input naming the field, and a taken slug with 409', async () => {
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'X', color: 'red' }, 'color'],
      [{ name: 'X', color: '#12345' }, 'color'],
      [{ name: 'X', slug: 'Bad Slug' }, 'slug'],
      [{ name: 'X', keywords: ['two words'] }, 'keywords'],
      [{ name: 'X', sort_order: 'first' }, 'sort_order'],
    ] as const) {
      const res = await api().post('/api/admin/categories', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(String(res.json().error.field).split('.')[0]).toBe(field);
    }
    const dup = await api().post('/api/admin/categories', { name: 'Again', slug: 'pets-plants' });
    expect(dup.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
  });

  it('changes a category with before and after; a new slug follows to its awards; deactivating hides it', async () => {
    const tech = (await list()).find((c) => c.slug === 'tech-devices')!;
    const res = await api().patch(`/api/admin/categories/${tech.id}`, { color: '#0F766F', slug: 'gadgets', name: 'Gadgets' });
    expect(res.json()).toMatchObject({ color: '#0f766f', slug: 'gadgets', name: 'Gadgets' });
    const [row] = await audits(tech.id, 'category.updated');
    expect(row).toMatchObject({ actorUserId: admin.user.id, before: expect.objectContaining({ slug: 'tech-devices' }), after: expect.objectContaining({ slug: 'gadgets' }) });
    expect((await publicAwards()).filter((a) => a.category_id === tech.id).every((a) => a.category_slug === 'gadgets')).toBe(true);

    await api().patch(`/api/admin/categories/${tech.id}`, { is_active: false });
    expect((await publicCategories()).map((c) => c.id)).not.toContain(tech.id);
    // Its awards stay in the gallery, under Other Awards (no active category joined).
    const inIt = (await publicAwards()).filter((a) => a.category_id === tech.id);
    expect(inIt.length).toBeGreaterThan(0);
    expect(inIt.every((a) => a.category === null)).toBe(true);
  });

  it('deleting a category with awards asks where they go: another category, or none', async () => {
    const cats = await list();
    const travel = cats.find((c) => c.slug === 'travel-commuting')!;
    const fitness = cats.find((c) => c.slug === 'fitness-ish')!;
    const asked = await api().delete(`/api/admin/categories/${travel.id}`);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatchObject({ code: 'CATEGORY_HAS_AWARDS', field: 'awards_to' });
    expect((await api().delete(`/api/admin/categories/${travel.id}?awards_to=${travel.id}`)).json().error.field).toBe('awards_to');

    const moved = await api().delete(`/api/admin/categories/${travel.id}?awards_to=${fitness.id}`);
    expect(moved.json()).toEqual({ deleted: true, moved: travel.award_count });
    expect((await list()).find((c) => c.id === fitness.id)!.award_count).toBe(fitness.award_count + travel.award_count);
    const movedAward = (await publicAwards()).find((a) => a.title === 'Gate Proximity Medal')!;
    expect(movedAward).toMatchObject({ category_id: fitness.id, category_slug: 'fitness-ish' });
    const trail = ((await api().get(`/api/admin/awards-audit?award_id=${movedAward.id}`)).json() as AwardAuditList).entries;
    expect(trail[0]).toMatchObject({ source: 'category', before: expect.objectContaining({ category_slug: 'travel-commuting' }), after: expect.objectContaining({ category_slug: 'fitness-ish' }) });
    expect(await audits(travel.id, 'category.deleted')).toHaveLength(1);

    const sleep = cats.find((c) => c.slug === 'sleep-procrastination')!;
    expect((await api().delete(`/api/admin/categories/${sleep.id}?awards_to=none`)).json()).toMatchObject({ deleted: true });
    const orphan = (await publicAwards()).find((a) => a.title === 'Deferred with Honours')!;
    expect(orphan).toMatchObject({ category_id: null, category_slug: null, category: null });

    const empty = (await api().post('/api/admin/categories', { name: 'Empty Shelf' })).json() as AdminCategory;
    expect((await api().delete(`/api/admin/categories/${empty.id}`)).json()).toEqual({ deleted: true, moved: 0 });
  });
});
