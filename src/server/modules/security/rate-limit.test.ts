import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_SERVER_MESSAGES } from '@/contract/auth';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { rateLimitAttempts, securityEvents } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { createUser, outcomeOf as outcome, TestClient } from '@/server/test/auth-client';
import { checkRateLimit, logRateLimitAttempt } from './rate-limit.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

/** A second server instance on the same database (another process behind the load balancer). */
async function anotherInstance(): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://certifiable.test' }),
    database: t.database,
  });
  await app.ready();
  return app;
}

const attemptsFor = (email: string) =>
  t.database.db
    .select()
    .from(rateLimitAttempts)
    .where(and(eq(rateLimitAttempts.identifier, email), eq(rateLimitAttempts.attemptType, 'login')));

describe('login rate limit (5 per 15 minutes per lower-cased email)', () => {
  it('refuses the 6th attempt before the password is checked; letter case does not matter', async () => {
    const user = await createUser(t.app, { email: 'Rate.Limited@Example.test' });
    const c = new TestClient(t.app);
    const spellings = ['rate.limited@example.test', 'RATE.LIMITED@EXAMPLE.TEST', 'Rate.Limited@Example.test', 'rate.LIMITED@example.TEST', 'RaTe.LiMiTeD@eXaMpLe.TeSt'];
    for (const email of spellings) {
      const res = await c.signIn(email, 'wrong-password');
      expect(outcome(res)).toBe('401 INVALID_CREDENTIALS');
    }
    const ctx = await t.app.auth.service.betterAuth.$context;
    const verify = vi.spyOn(ctx.password, 'verify');

    // The 6th, even with the right password, is refused without looking at the password.
    const sixth = await c.signIn('rate.limited@EXAMPLE.test', user.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_SERVER_MESSAGES.rateLimited });
    expect(sixth.headers['retry-after']).toBe('900');
    expect(sixth.headers['set-cookie'] ?? []).not.toContain('certifiable_session');
    expect(verify).not.toHaveBeenCalled();
    // (The spy does watch the password check: another account's attempt goes through it.)
    const other = await createUser(t.app);
    await new TestClient(t.app).signIn(other.email, other.password);
    expect(verify).toHaveBeenCalledTimes(1);

    const logged = await attemptsFor('rate.limited@example.test');
    expect(logged).toHaveLength(5);
    expect(logged.every((a) => !a.successful)).toBe(true);
    const events = await t.database.db.select().from(securityEvents).where(eq(securityEvents.email, 'rate.limited@example.test'));
    // Repeats are coalesced (docs/decisions/018): one row per event with its count.
    const count = (type: string) => events.filter((e) => e.eventType === type).reduce((n, e) => n + e.count, 0);
    expect(count('failed_login')).toBe(5);
    expect(events.filter((e) => e.eventType === 'rate_limited_login')).toEqual([
      expect.objectContaining({ details: { email: 'rate.limited@example.test' }, userAgent: 'vitest', count: 1 }),
    ]);
  });

  it('lets the attempt through again once the window has passed', async () => {
    const user = await createUser(t.app);
    const c = new TestClient(t.app);
    for (let i = 0; i < 5; i++) await c.signIn(user.email, 'wrong-password');
    expect(outcome(await c.signIn(user.email, user.password))).toBe('429 RATE_LIMITED');
    // Move the failures 16 minutes into the past.
    await t.database.db
      .update(rateLimitAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(rateLimitAttempts.identifier, user.email));
    expect((await c.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 7; i++) {
      expect((await new TestClient(t.app).signIn(user.email, user.password)).statusCode).toBe(200);
    }
  });

  it('holds across server instances and restarts (it lives in the database)', async () => {
    const user = await createUser(t.app);
    const first = await anotherInstance();
    const second = await anotherInstance();
    for (let i = 0; i < 3; i++) expect(outcome(await new TestClient(first).signIn(user.email, 'nope-nope'))).toBe('401 INVALID_CREDENTIALS');
    for (let i = 0; i < 2; i++) expect(outcome(await new TestClient(second).signIn(user.email, 'nope-nope'))).toBe('401 INVALID_CREDENTIALS');
    expect(outcome(await new TestClient(first).signIn(user.email, user.password))).toBe('429 RATE_LIMITED');
    await first.close();
    await second.close();
    // "Restart": a brand-new instance still refuses.
    const restarted = await anotherInstance();
    expect(outcome(await new TestClient(restarted).signIn(user.email, user.password))).toBe('429 RATE_LIMITED');
    await restarted.close();
  });

  it('lets no more than 5 of a burst of concurrent attempts through', async () => {
    const user = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => new TestClient(t.app).signIn(user.email, 'wrong-password')),
    );
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === '401 INVALID_CREDENTIALS').length).toBeLessThanOrEqual(5);
    expect(outcomes.filter((o) => o === '429 RATE_LIMITED').length).toBeGreaterThanOrEqual(7);
    expect(outcomes.every((o) => o === '401 INVALID_CREDENTIALS' || o === '429 RATE_LIMITED')).toBe(true);
    expect((await attemptsFor(user.email)).length).toBeLessThanOrEqual(5);
  });
});

describe('checkRateLimit / logRateLimitAttempt', () => {
  it('reports the attempts remaining and settles the reserved attempt', async () => {
    const rule = { attemptType: 'unit_test', maxAttempts: 2, windowMinutes: 15 };
    const a = await checkRateLimit(t.database.db, ' Someone@Example.test ', rule);
    expect(a).toMatchObject({ allowed: true, attemptsRemaining: 1 });
    await logRateLimitAttempt(t.database.db, a.attemptId!, true);
    const b = await checkRateLimit(t.database.db, 'someone@example.test', rule);
    expect(b).toMatchObject({ allowed: true, attemptsRemaining: 1 });
    await logRateLimitAttempt(t.database.db, b.attemptId!, false);
    const c = await checkRateLimit(t.database.db, 'someone@example.test', rule);
    expect(c).toMatchObject({ allowed: true, attemptsRemaining: 0 });
    const d = await checkRateLimit(t.database.db, 'someone@example.test', rule);
    expect(d).toEqual({ allowed: false, attemptsRemaining: 0, attemptId: null });
    const rows = await t.database.db.select().from(rateLimitAttempts).where(eq(rateLimitAttempts.attemptType, 'unit_test'));
    expect(rows.map((r) => r.identifier)).toEqual(['someone@example.test', 'someone@example.test', 'someone@example.test']);
  });
});
