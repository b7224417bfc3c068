import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@/contract/account';
import { accounts, auditLog, awards, mailOutbox, nominations, rateLimitAttempts, securityEvents, sessions, templates, userRoles, users } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { outcomeOf, setCookies, signedInClient, TestClient } from '@/server/test/auth-client';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('/api/account', () => {
  it('needs a session', async () => {
    const c = new TestClient(t.app);
    expect(outcomeOf(await c.get('/api/account'))).toBe('401 UNAUTHORIZED');
    expect(outcomeOf(await c.get('/api/account/export'))).toBe('401 UNAUTHORIZED');
    expect(outcomeOf(await c.patch('/api/account', { full_name: 'X' }))).toBe('401 UNAUTHORIZED');
    expect(outcomeOf(await c.delete('/api/account', { confirm_email: 'x' }))).toBe('401 UNAUTHORIZED');
  });

  it('shows and changes my profile', async () => {
    const { client, user } = await signedInClient(t.app, { name: 'Old Name' });
    const me = (await client.get('/api/account')).json();
    expect(me).toMatchObject({ email: user.email, full_name: 'Old Name', email_verified: true, is_admin: false, has_password: true, sign_in_methods: ['email'] });
    const res = await client.patch('/api/account', { full_name: '  New Name ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().full_name).toBe('New Name');
    expect((await client.session()).user?.full_name).toBe('New Name');
    expect(outcomeOf(await client.patch('/api/account', { full_name: '' }))).toBe('400 VALIDATION_ERROR');
    expect(outcomeOf(await client.patch('/api/account', { email: 'other@example.test' }))).toBe('400 VALIDATION_ERROR');
  });

  it('exports my data as a JSON download without secrets', async () => {
    const { client, user } = await signedInClient(t.app);
    const res = await client.get('/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certifiable-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json() as AccountExport;
    expect(data.profile.email).toBe(user.email);
    expect(data.sessions).toHaveLength(1);
    expect(data.linked_sign_in_methods).toEqual([expect.objectContaining({ method: 'email' })]);
    expect(data.sign_in_attempts).toEqual([expect.objectContaining({ successful: true })]);
    expect(data.nominations).toEqual([]);
    expect(data.orders).toEqual([]);
    const raw = res.body;
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const [credential] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(raw).not.toContain(session!.token);
    expect(raw).not.toContain(credential!.password!);
  });

  it('deletes my account after confirmation, with what was kept under my address', async () => {
    const { client, user } = await signedInClient(t.app);
    await new TestClient(t.app).signIn(user.email, 'wrong-password'); // a failed attempt + security event
    expect(outcomeOf(await client.delete('/api/account', { confirm_email: 'someone@else.test', password: user.password }))).toBe('400 VALIDATION_ERROR');
    const wrong = await client.delete('/api/account', { confirm_email: user.email, password: 'not-it-at-all' });
    expect(outcomeOf(wrong)).toBe('400 INVALID_PASSWORD');
    expect(wrong.json().error.field).toBe('password');
    expect((await client.delete('/api/account', { confirm_email: user.email })).json().error.field).toBe('password');

    const res = await client.delete('/api/account', { confirm_email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res).get('certifiable_session')?.value).toBeNull();
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([]);
    expect(await db.select().from(rateLimitAttempts).where(eq(rateLimitAttempts.identifier, user.email))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toEqual([]);
    expect(await db.select().from(securityEvents).where(eq(securityEvents.email, user.email))).toEqual([]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit).toMatchObject({ action: 'user.self_deleted', entityType: 'user' });
    expect(JSON.stringify(audit)).not.toContain(user.email);
    expect((await client.session()).user).toBeNull();
    expect(outcomeOf(await new TestClient(t.app).signIn(user.email, user.password))).toBe('401 INVALID_CREDENTIALS');
  });

  it('does not let the last admin delete their account', async () => {
    const { client, user } = await signedInClient(t.app, { admin: true });
    const res = await client.delete('/api/account', { confirm_email: user.email, password: user.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LAST_ADMIN');
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toHaveLength(1);
  });
});

describe('/api/account and nominations', () => {
  it('exports the nominations I made and forgets the email I typed when I delete my account', async () => {
    const [award] = await t.database.db.insert(awards).values({ slug: `acct-award-${Date.now()}`, title: 'Export Award' }).returning();
    await t.database.db.insert(templates).values({ slug: `acct-tpl-${Date.now()}`, name: 'Plain' }).onConflictDoNothing();
    const { client, user } = await signedInClient(t.app);
    const created = await client.post('/api/nominations', {
      award_id: award!.id,
      nominee_name: 'Dana',
      nominator_name: 'Sam',
      nominator_email: 'sam@example.test',
      is_public: false,
    });
    expect(created.statusCode).toBe(201);

    const data = (await client.get('/api/account/export')).json() as AccountExport;
    expect(data.nominations).toEqual([expect.objectContaining({ role: 'nominator', nominee_name: 'Dana', nominator_email: 'sam@example.test' })]);

    expect((await client.delete('/api/account', { confirm_email: user.email, password: user.password })).statusCode).toBeLessThan(300);
    const [kept] = await t.database.db.select().from(nominations).where(eq(nominations.nomineeName, 'Dana'));
    expect(kept).toMatchObject({ nominatorEmail: null, nominatorUserId: null });
  });
});
