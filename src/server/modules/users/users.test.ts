import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserList } from '@/contract/users';
import { auditLog, sessions, userRoles } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { createUser, outcomeOf, signedInClient, TestClient } from '@/server/test/auth-client';

let t: TestApp;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ client: admin, user: { id: adminId } } = await signedInClient(t.app, { admin: true, name: 'Ada Admin' }));
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => (await admin.get(`/api/admin/users${query}`)).json() as AdminUserList;
const auditFor = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));

describe('GET /api/admin/users', () => {
  it('lists users newest first with roles, verified flag, dates and sign-in methods', async () => {
    const u = await createUser(t.app, { name: 'Listed Person' });
    const body = await list();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.users[0]!.id).toBe(u.id);
    const me = body.users.find((x) => x.id === adminId)!;
    expect(me).toMatchObject({ full_name: 'Ada Admin', is_admin: true, roles: ['admin'], email_verified: true, disabled: false, sign_in_methods: ['email'] });
    expect(me.last_sign_in_at).not.toBeNull();
    expect(Date.parse(me.created_at)).toBeGreaterThan(0);
    expect(body.users.find((x) => x.id === u.id)!.last_sign_in_at).toBeNull();
  });

  it('searches name and email case-insensitively, treating % and _ as text', async () => {
    await createUser(t.app, { name: 'Walter Skinner', email: 'assistant.director@fbi.example' });
    expect((await list('?search=SKINNER')).users.map((u) => u.email)).toEqual(['assistant.director@fbi.example']);
    expect((await list('?search=fbi.example')).users).toHaveLength(1);
    expect((await list('?search=%25')).users).toHaveLength(0);
  });

  it('pages', async () => {
    const first = await list('?page_size=1&page=1');
    const second = await list('?page_size=1&page=2');
    expect(first.users).toHaveLength(1);
    expect(second.users[0]!.id).not.toBe(first.users[0]!.id);
    expect(outcomeOf(await admin.get('/api/admin/users?page_size=500'))).toBe('400 VALIDATION_ERROR');
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('grants and revokes admin, each change audited with actor, before, after and IP', async () => {
    const u = await createUser(t.app);
    const granted = await admin.patch(`/api/admin/users/${u.id}`, { is_admin: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: u.id, is_admin: true, roles: ['admin'] });
    // Granting twice changes nothing and writes nothing.
    await admin.patch(`/api/admin/users/${u.id}`, { is_admin: true });

    const revoked = await admin.patch(`/api/admin/users/${u.id}`, { is_admin: false });
    expect((revoked.json() as AdminUser).is_admin).toBe(false);

    const rows = await auditFor(u.id);
    expect(rows.map((r) => r.action)).toEqual(['user.role_granted', 'user.role_revoked']);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      entityType: 'user',
      before: { roles: [] },
      after: { roles: ['admin'] },
      ip: '203.0.113.7',
    });
  });

  it('never revokes or disables the last active admin', async () => {
    const res = await admin.patch(`/api/admin/users/${adminId}`, { is_admin: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LAST_ADMIN');
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.userId, adminId))).toHaveLength(1);

    // With a second admin, the first may step down.
    const other = await createUser(t.app, { admin: true });
    const ok = await admin.patch(`/api/admin/users/${adminId}`, { is_admin: false });
    expect(ok.statusCode).toBe(200);
    // ...and the second (now the last) cannot be disabled or revoked by anyone.
    const otherClient = new TestClient(t.app);
    await otherClient.signIn(other.email, other.password);
    expect(outcomeOf(await otherClient.patch(`/api/admin/users/${other.id}`, { is_admin: false }))).toBe('409 LAST_ADMIN');
    // Restore for the other tests.
    expect((await otherClient.patch(`/api/admin/users/${adminId}`, { is_admin: true })).statusCode).toBe(200);
  });

  it('disables an account (signing it out everywhere) and enables it again', async () => {
    const u = await createUser(t.app);
    const victim = new TestClient(t.app);
    await victim.signIn(u.email, u.password);

    const disabled = await admin.patch(`/api/admin/users/${u.id}`, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect((await victim.session()).user).toBeNull();
    expect((await new TestClient(t.app).signIn(u.email, u.password)).json().error.code).toBe('ACCOUNT_DISABLED');

    const enabled = await admin.patch(`/api/admin/users/${u.id}`, { disabled: false });
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await new TestClient(t.app).signIn(u.email, u.password)).statusCode).toBe(200);
    expect((await auditFor(u.id)).map((r) => r.action)).toEqual(['user.disabled', 'user.enabled']);
  });

  it('does not let an admin disable themselves', async () => {
    const res = await admin.patch(`/api/admin/users/${adminId}`, { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CANNOT_DISABLE_SELF');
  });

  it.each([
    [{}, 400],
    [{ is_admin: 'yes' }, 400],
    [{ role: 'admin' }, 400],
  ])('answers %j with %i', async (payload, status) => {
    const u = await createUser(t.app);
    expect((await admin.patch(`/api/admin/users/${u.id}`, payload)).statusCode).toBe(status);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect(outcomeOf(await admin.patch('/api/admin/users/00000000-0000-4000-8000-000000000000', { disabled: true }))).toBe('404 USER_NOT_FOUND');
    expect(outcomeOf(await admin.patch('/api/admin/users/nope', { disabled: true }))).toBe('400 VALIDATION_ERROR');
  });
});
