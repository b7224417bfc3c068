import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditList } from '@/contract/admin-audit';
import { auditLog, securityEvents } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let other: Awaited<ReturnType<typeof signedInClient>>;

const list = async (query = '') => {
  const res = await admin.client.get(`/api/admin/audit${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.json() as AuditList;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, { admin: true, email: 'chief.auditor@example.test' });
  other = await signedInClient(t.app, { admin: true, email: 'second.admin@example.test' });
  const db = t.database.db;
  // Rows other modules write (awards, landing pages, CRM): the list must show them without knowing them.
  await db.insert(auditLog).values([
    { actorUserId: other.user.id, action: 'award.updated', entityType: 'award', entityId: 'a-1', before: { title: 'Old', is_active: true }, after: { title: 'New', is_active: true }, ip: '198.51.100.9', createdAt: new Date('2026-01-10T12:00:00Z') },
    { actorUserId: other.user.id, action: 'landing_page.published', entityType: 'landing_page', entityId: 'lp-1', before: null, after: { slug: 'spring' }, createdAt: new Date('2026-01-11T09:00:00Z') },
    { actorUserId: null, action: 'crm_contact.merged', entityType: 'crm_contact', entityId: 'c-1', before: { email: 'a@x' }, after: null, createdAt: new Date('2026-01-12T23:59:59Z') },
  ]);
  await db.insert(securityEvents).values({ eventType: 'failed_login', details: { email: 'intruder@example.test', error_message: 'invalid_credentials' }, email: 'intruder@example.test', ip: '203.0.113.50', userAgent: 'curl/8', count: 3, createdAt: new Date('2026-01-11T10:00:00Z') });
  // A real admin action through the API.
  await admin.client.put('/api/admin/settings/brand', { brand_name: 'Audited Co', company_name: 'Parent plc' });
});
afterAll(async () => {
  await t.close();
});

describe('/api/admin/audit', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/audit')).statusCode).toBe(401);
    const user = await signedInClient(t.app);
    expect((await user.client.get('/api/admin/audit')).statusCode).toBe(403);
    expect((await user.client.get('/api/admin/audit/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
  });

  it('lists admin actions of every module and security events, newest first, with what changed', async () => {
    const all = await list();
    expect(all.entries[0]).toMatchObject({
      kind: 'admin',
      action: 'settings.updated',
      entity_type: 'settings',
      entity_id: 'brand',
      actor_email: 'chief.auditor@example.test',
      changed_fields: ['brand_name', 'company_name'],
    });
    const times = all.entries.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const award = all.entries.find((e) => e.entity_type === 'award')!;
    expect(award).toMatchObject({ actor_email: 'second.admin@example.test', changed_fields: ['title'], ip: '198.51.100.9' });
    expect(all.entries.find((e) => e.entity_type === 'crm_contact')).toMatchObject({ actor_email: null, changed_fields: ['email'] });
    expect(all.entries.find((e) => e.kind === 'security')).toMatchObject({ action: 'failed_login', actor_email: 'intruder@example.test', entity_type: null, count: 3 });
    expect(all.facets.entity_types).toEqual(expect.arrayContaining(['award', 'crm_contact', 'landing_page', 'settings']));
    expect(all.facets.actions).toEqual(expect.arrayContaining(['award.updated', 'failed_login', 'settings.updated']));
  });

  it('filters by kind, actor, entity type, action and UTC days', async () => {
    expect((await list('?kind=security')).entries.map((e) => e.action)).toEqual(['failed_login']);
    expect((await list('?kind=admin')).entries.every((e) => e.kind === 'admin')).toBe(true);
    expect((await list('?actor=SECOND.admin')).entries.map((e) => e.action).sort()).toEqual(['award.updated', 'landing_page.published']);
    expect((await list('?actor=intruder')).entries.map((e) => e.action)).toEqual(['failed_login']);
    expect((await list('?entity_type=landing_page')).entries.map((e) => e.entity_id)).toEqual(['lp-1']);
    // An entity filter leaves security events out: they have none.
    expect((await list('?entity_type=award&kind=security')).total).toBe(0);
    expect((await list('?action=failed_login')).entries.map((e) => e.kind)).toEqual(['security']);
    const days = await list('?from=2026-01-11&to=2026-01-12');
    expect(days.entries.map((e) => e.action)).toEqual(['crm_contact.merged', 'failed_login', 'landing_page.published']);
    expect((await list('?from=2026-01-12&to=2026-01-12')).entries.map((e) => e.action)).toEqual(['crm_contact.merged']);
  });

  it('refuses impossible filters naming them', async () => {
    for (const [query, field] of [
      ['?from=2026-02-30', 'from'],
      ['?from=2026-01-12&to=2026-01-11', 'to'],
      ['?kind=everything', 'kind'],
      ['?page=0', 'page'],
    ] as const) {
      const res = await admin.client.get(`/api/admin/audit${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field, query).toBe(field);
    }
  });

  it('pages 50 at a time', async () => {
    await t.database.db.insert(auditLog).values(
      Array.from({ length: 60 }, (_, i) => ({ actorUserId: other.user.id, action: 'category.updated', entityType: 'category', entityId: `cat-${i}`, before: { n: i }, after: { n: i + 1 }, createdAt: new Date(Date.UTC(2025, 5, 1, 0, i)) })),
    );
    const first = await list('?entity_type=category');
    const second = await list('?entity_type=category&page=2');
    expect([first.total, first.entries.length, second.entries.length, first.page_size]).toEqual([60, 50, 10, 50]);
    expect(first.entries[0]!.entity_id).toBe('cat-59');
    expect(second.entries.at(-1)!.entity_id).toBe('cat-0');
    expect((await list('?entity_type=category&page=3')).entries).toEqual([]);
  });

  it('opens one entry with its before and after, or a security event with its details', async () => {
    const { entries } = await list();
    const change = entries.find((e) => e.entity_type === 'award')!;
    const entry = (await admin.client.get(`/api/admin/audit/${change.id}`)).json() as AuditEntry;
    expect(entry).toMatchObject({ before: { title: 'Old', is_active: true }, after: { title: 'New', is_active: true }, details: null });
    const event = entries.find((e) => e.kind === 'security')!;
    const detail = (await admin.client.get(`/api/admin/audit/${event.id}`)).json() as AuditEntry;
    expect(detail).toMatchObject({ details: { error_message: 'invalid_credentials' }, user_agent: 'curl/8', before: null });
    const missing = await admin.client.get('/api/admin/audit/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});
