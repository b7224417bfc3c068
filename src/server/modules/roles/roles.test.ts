import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@/server/config';
import { auditLog, userRoles, users } from '@/server/db/schema/index';
import { createUser, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { ensureBootstrapAdmin } from './bootstrap';
import { runAdminCommand } from './roles.cli';

const run = promisify(execFile);

describe('ADMIN_EMAIL / ADMIN_PASSWORD bootstrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAIL: 'Boss@Certifiable.test', ADMIN_PASSWORD: 'bootstrap-pass' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a verified admin who can sign in, and is idempotent', async () => {
    await ensureBootstrapAdmin(t.app);
    await ensureBootstrapAdmin(t.app);
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'boss@certifiable.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailVerified).toBe(true);
    const c = new TestClient(t.app);
    const res = await c.signIn('boss@certifiable.test', 'bootstrap-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json().is_admin).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, rows[0]!.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'user.role_granted', actorUserId: null })]);
  });

  it('promotes an existing account without touching its password', async () => {
    const t2 = await createTestApp({ seed: false, env: { ADMIN_EMAIL: 'existing@certifiable.test', ADMIN_PASSWORD: 'ignored-pass' } });
    const user = await createUser(t2.app, { email: 'existing@certifiable.test', password: 'own-password' });
    await ensureBootstrapAdmin(t2.app);
    const c = new TestClient(t2.app);
    const withBootstrapPassword = await c.signIn(user.email, 'ignored-pass');
    expect(withBootstrapPassword.statusCode).toBe(401);
    expect(withBootstrapPassword.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await c.signIn(user.email, 'own-password')).json().is_admin).toBe(true);
    await t2.close();
  });
});

describe('npm run admin -- grant|revoke|list', () => {
  let t: TestApp;
  const out: string[] = [];
  const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(`ERR ${l}`) };
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('grants, lists and revokes, audited, never removing the last admin', async () => {
    const a = await createUser(t.app, { email: 'first.admin@certifiable.test', name: 'First' });
    const b = await createUser(t.app, { email: 'second.admin@certifiable.test', name: 'Second' });
    const db = t.database.db;
    expect(await runAdminCommand(db, ['list'], io)).toBe(0);
    expect(out.pop()).toBe('No admins yet.');
    expect(await runAdminCommand(db, ['grant', 'First.Admin@Certifiable.test'], io)).toBe(0);
    expect(out.pop()).toBe('first.admin@certifiable.test is now an admin.');
    expect(await runAdminCommand(db, ['grant', b.email], io)).toBe(0);
    expect(await runAdminCommand(db, ['list'], io)).toBe(0);
    expect(out.slice(-2).map((l) => l.split('\t')[0])).toEqual([a.email, b.email]);
    expect(await runAdminCommand(db, ['revoke', b.email], io)).toBe(0);
    expect(await runAdminCommand(db, ['revoke', a.email], io)).toBe(1);
    expect(out.pop()).toMatch(/^ERR This is the last admin/);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, a.id))).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, b.id));
    expect(audit.map((r) => r.action)).toEqual(['user.role_granted', 'user.role_revoked']);
  });

  it('explains itself', async () => {
    expect(await runAdminCommand(t.database.db, ['grant', 'nobody@certifiable.test'], io)).toBe(1);
    expect(out.pop()).toMatch(/^ERR No account with the email nobody@certifiable.test/);
    expect(await runAdminCommand(t.database.db, ['promote'], io)).toBe(2);
    expect(out.pop()).toMatch(/Usage: npm run admin/);
  });

  // Two cold starts of the command (tsx compiles it, the embedded database starts): slow on a busy machine.
  it('runs as a command against the embedded database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'certifiable-cli-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' };
      const script = path.join(projectRoot, 'src/server/cli/admin.ts');
      const listed = await run(process.execPath, ['--import', 'tsx', script, 'list'], { env, cwd: projectRoot });
      expect(listed.stdout.trim()).toBe('No admins yet.');
      await expect(run(process.execPath, ['--import', 'tsx', script, 'grant', 'ghost@example.test'], { env, cwd: projectRoot })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No account with the email ghost@example.test'),
      });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
