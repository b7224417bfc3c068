import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountExport } from '@/contract/account';
import { ACCOUNT_RATE_LIMITS, AUTH_SERVER_MESSAGES, LOGIN_MAX_ATTEMPTS } from '@/contract/auth';
import { awards, mailOutbox, nominations, rateLimitAttempts, securityEvents, templates, users } from '@/server/db/schema/index';
import { createUser, firstLink, lastMailTo, outcomeOf, signedInClient, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { reserveSignIn } from './sign-in-failures';

/**
 * Issue 7, accounts (docs/decisions/018): what one network address or one mailbox can make the
 * account endpoints do, throttled current-password checks, reset links that replace each other,
 * names without direction-changing characters, and a security log that a flood cannot fill; and (issue 24,
 * docs/decisions/110) a sign-in lockout that a stranger's wrong passwords cannot impose on the owner.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
/** A client on a network address of its own, so the per-IP limits of one test do not touch another's. */
function clientOnOwnIp(): TestClient {
  const c = new TestClient(t.app);
  c.ip = `198.51.100.${++ipCounter}`;
  return c;
}

const mailsTo = (email: string, kind: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.createdAt));

/** Moves the limit counters kept under an identifier into the past, as if that much time had passed. */
const age = (identifier: string, minutes: number) =>
  t.database.db
    .update(rateLimitAttempts)
    .set({ createdAt: sql`${rateLimitAttempts.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(rateLimitAttempts.identifier, identifier));

const signUp = (c: TestClient, email: string, fullName = 'New Person') =>
  c.post('/api/auth/sign-up', { full_name: fullName, email, password: 'secret-enough' });

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe('sign-ups per IP', () => {
  it('refuses the 11th attempt from one address in an hour with a clear 429; duplicates count; other addresses go on', async () => {
    const max = ACCOUNT_RATE_LIMITS.signUpsPerIp.max;
    const c = clientOnOwnIp();
    const existing = await createUser(t.app);
    const duplicate = await signUp(c, existing.email);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('USER_ALREADY_EXISTS');
    for (let i = 1; i < max; i++) expect((await signUp(c, uniqueEmail('flood'))).statusCode).toBe(201);

    const refusedEmail = uniqueEmail('refused');
    const refused = await signUp(c, refusedEmail);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_SERVER_MESSAGES.signUpRateLimited });
    expect(refused.headers['retry-after']).toBe('3600');
    expect(await t.database.db.select().from(users).where(eq(users.email, refusedEmail))).toEqual([]);
    expect(await lastMailTo(t.database.db, refusedEmail)).toBeNull();

    // Somebody else is not affected…
    expect((await signUp(clientOnOwnIp(), uniqueEmail('neighbour'))).statusCode).toBe(201);
    // …and an hour later this address may sign up again.
    await age(`ip:${c.ip}`, 61);
    expect((await signUp(c, refusedEmail)).statusCode).toBe(201);

    const events = await t.database.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'rate_limited_signup'));
    expect(events).toEqual([expect.objectContaining({ ip: c.ip, count: 1, details: { limit: 'per_ip' } })]);
  });
});

describe('verification and reset mails', () => {
  it('per IP: the 11th request in an hour is a 429, the same for a known and an unknown address', async () => {
    const user = await createUser(t.app);
    const c = clientOnOwnIp();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.mailRequestsPerIp.max / 2; i++) {
      expect((await c.post('/api/auth/password/forgot', { email: uniqueEmail('nobody') })).statusCode).toBe(202);
      expect((await c.post('/api/auth/verification/resend', { email: uniqueEmail('nobody') })).statusCode).toBe(202);
    }
    const known = await c.post('/api/auth/password/forgot', { email: user.email });
    const unknown = await c.post('/api/auth/password/forgot', { email: uniqueEmail('nobody') });
    const resend = await c.post('/api/auth/verification/resend', { email: uniqueEmail('nobody') });
    for (const res of [known, unknown, resend]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_SERVER_MESSAGES.mailRateLimited });
    }
    // The same answer whether the address has an account or not (only the request id differs).
    const sameness = (res: typeof known) => ({ ...res.json().error, request_id: undefined });
    expect(sameness(known)).toEqual(sameness(unknown));
    expect(await mailsTo(user.email, 'reset_password')).toEqual([]);
    // Another address still gets its reset mail.
    expect((await clientOnOwnIp().post('/api/auth/password/forgot', { email: user.email })).statusCode).toBe(202);
    expect(await mailsTo(user.email, 'reset_password')).toHaveLength(1);
  });

  it('per recipient: 3 verification mails an hour (the sign-up mail included), whoever asks; the answer says nothing', async () => {
    const email = uniqueEmail('victim');
    expect((await signUp(clientOnOwnIp(), email, 'Attacker Text')).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      const res = await clientOnOwnIp().post('/api/auth/verification/resend', { email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await mailsTo(email, 'verify_email')).toHaveLength(ACCOUNT_RATE_LIMITS.verificationMailsPerRecipient.max);
    // Twenty minutes later it is still the same hour.
    await age(email, 20);
    await clientOnOwnIp().post('/api/auth/verification/resend', { email });
    expect(await mailsTo(email, 'verify_email')).toHaveLength(3);
    const [event] = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, email), eq(securityEvents.eventType, 'rate_limited_mail')));
    expect(event).toMatchObject({ details: { limit: 'per_recipient', kind: 'verification' } });
  });

  it('per recipient: 3 reset mails an hour and 10 account mails a day', async () => {
    const user = await createUser(t.app);
    const forgot = () => clientOnOwnIp().post('/api/auth/password/forgot', { email: user.email });
    for (let i = 0; i < 4; i++) expect((await forgot()).statusCode).toBe(202);
    expect(await mailsTo(user.email, 'reset_password')).toHaveLength(3);
    await age(user.email, 20);
    await forgot();
    expect(await mailsTo(user.email, 'reset_password')).toHaveLength(3);

    // Hour after hour: 3, 3, 3, then only 1 more — the day's 10 are used up.
    for (const expected of [6, 9, 10]) {
      await age(user.email, 61);
      for (let i = 0; i < 3; i++) await forgot();
      expect(await mailsTo(user.email, 'reset_password')).toHaveLength(expected);
    }
    // A day later the address can be mailed again.
    await age(user.email, 24 * 60);
    await forgot();
    expect(await mailsTo(user.email, 'reset_password')).toHaveLength(11);
  });
});

describe('password reset links', () => {
  it('a new link makes the older ones invalid; the newest works', async () => {
    const user = await createUser(t.app);
    const c = clientOnOwnIp();
    expect((await c.post('/api/auth/password/forgot', { email: user.email })).statusCode).toBe(202);
    expect((await c.post('/api/auth/password/forgot', { email: user.email })).statusCode).toBe(202);
    const [first, second] = await mailsTo(user.email, 'reset_password');
    const tokenOf = (text: string) => new URL(firstLink(text)).searchParams.get('token')!;
    const [older, newer] = [tokenOf(first!.text), tokenOf(second!.text)];
    expect(older).not.toBe(newer);

    const stale = await c.post('/api/auth/password/reset', { token: older, new_password: 'from-the-old-link' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This reset link is invalid or has expired. Ask for a new one.',
      field: 'token',
    });
    expect((await c.post('/api/auth/password/reset', { token: newer, new_password: 'from-the-new-link' })).statusCode).toBe(200);
    expect((await clientOnOwnIp().signIn(user.email, 'from-the-new-link')).statusCode).toBe(200);
  });
});

describe('current-password checks are throttled like the login', () => {
  it('changing the password: after 5 wrong, the right one is refused before it is checked, until 15 minutes have passed', async () => {
    const { client, user } = await signedInClient(t.app);
    for (let i = 0; i < 5; i++) {
      const wrong = await client.post('/api/account/password', { current_password: `guess-${i}`, new_password: 'next-secret' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'INVALID_PASSWORD',
        message: 'Your current password is not correct.',
        field: 'current_password',
      });
    }
    const ctx = await t.app.auth.service.betterAuth.$context;
    const verify = vi.spyOn(ctx.password, 'verify');
    const refused = await client.post('/api/account/password', { current_password: user.password, new_password: 'next-secret' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: AUTH_SERVER_MESSAGES.passwordCheckRateLimited,
      field: 'current_password',
    });
    expect(refused.headers['retry-after']).toBe('900');
    expect(verify).not.toHaveBeenCalled();
    verify.mockRestore();
    const notChanged = await clientOnOwnIp().signIn(user.email, 'next-secret');
    expect(notChanged.statusCode).toBe(401);
    expect(notChanged.json().error.code).toBe('INVALID_CREDENTIALS');

    const events = await t.database.db.select().from(securityEvents).where(eq(securityEvents.email, user.email));
    expect(events.find((e) => e.eventType === 'failed_password_check')).toMatchObject({ count: 5 });
    expect(events.find((e) => e.eventType === 'rate_limited_password_check')).toMatchObject({ count: 1 });

    await age(user.email, 16);
    const ok = await client.post('/api/account/password', { current_password: user.password, new_password: 'next-secret' });
    expect(ok.statusCode).toBe(200);
  });

  it('deleting the account shares the counter; the account stays', async () => {
    const { client, user } = await signedInClient(t.app);
    for (let i = 0; i < 3; i++) {
      const wrong = await client.post('/api/account/password', { current_password: `guess-${i}`, new_password: 'next-secret' });
      expect(wrong.json().error).toMatchObject({ code: 'INVALID_PASSWORD', field: 'current_password' });
    }
    for (let i = 0; i < 2; i++) {
      const wrong = await client.delete('/api/account', { confirm_email: user.email, password: `guess-again-${i}` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({ code: 'INVALID_PASSWORD', message: 'Your password is not correct.', field: 'password' });
    }
    const refused = await client.delete('/api/account', { confirm_email: user.email, password: user.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: AUTH_SERVER_MESSAGES.passwordCheckRateLimited,
      field: 'password',
    });
    expect(refused.headers['retry-after']).toBe('900');
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await client.session()).user?.email).toBe(user.email);
  });
});

/** A password sign-in sent through a proxy that says the client is `forwardedFor` (X-Forwarded-For). */
const signInForwarded = (c: TestClient, forwardedFor: string, email: string, password: string) =>
  c.request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, headers: { 'x-forwarded-for': forwardedFor } });

describe('the sign-in lockout counts per email and address (issue 24, docs/decisions/110)', () => {
  it('5 wrong passwords from one address lock out that address, the right password included; the owner signs in from another', async () => {
    const user = await createUser(t.app);
    const attacker = clientOnOwnIp();
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS; i++) {
      expect(outcomeOf(await attacker.signIn(user.email, `guess-${i}`))).toBe('401 INVALID_CREDENTIALS');
    }
    const refused = await attacker.signIn(user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_SERVER_MESSAGES.rateLimited });
    expect(refused.headers['retry-after']).toBe('900');

    // The owner, on an address of their own: a typo of their own counts there only, then the right password works.
    const owner = clientOnOwnIp();
    expect(outcomeOf(await owner.signIn(user.email, 'a-typo-of-mine'))).toBe('401 INVALID_CREDENTIALS');
    expect(outcomeOf(await owner.signIn(user.email.toUpperCase(), user.password))).toBe('200');
    expect((await owner.session()).user?.email).toBe(user.email);
    // The owner's sign-in does not lift the lockout of the stranger's address.
    expect(outcomeOf(await attacker.signIn(user.email, user.password))).toBe('429 RATE_LIMITED');

    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, user.email), eq(securityEvents.eventType, 'rate_limited_login')));
    // (Coalesced per 15-minute window: two rows when the test straddles a window boundary.)
    expect(events.every((e) => e.ip === attacker.ip && e.details.email === user.email)).toBe(true);
    expect(events.reduce((n, e) => n + e.count, 0)).toBe(2);
    // The attempts keep the spec's shape: identifier the lower-cased email, type 'login', the address beside it.
    const attempts = await t.database.db
      .select()
      .from(rateLimitAttempts)
      .where(and(eq(rateLimitAttempts.identifier, user.email), eq(rateLimitAttempts.attemptType, 'login')));
    expect(attempts.filter((a) => a.ip === attacker.ip && !a.successful)).toHaveLength(LOGIN_MAX_ATTEMPTS);
    expect(attempts.filter((a) => a.ip === owner.ip).map((a) => a.successful).sort()).toEqual([false, true]);
  });

  it('counts the address Fastify resolved: without TRUST_PROXY, an X-Forwarded-For header does not move a locked-out client', async () => {
    const user = await createUser(t.app);
    const attacker = clientOnOwnIp();
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS; i++) await attacker.signIn(user.email, `guess-${i}`);
    expect(outcomeOf(await signInForwarded(attacker, '192.0.2.77', user.email, user.password))).toBe('429 RATE_LIMITED');
    expect(outcomeOf(await signInForwarded(attacker, '192.0.2.78', user.email, 'one-more-guess'))).toBe('429 RATE_LIMITED');
  });

  it('behind a trusted proxy, each client address the proxy reports is counted on its own', async () => {
    const proxied = await createTestApp({ seed: false, jobs: 'manual', env: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const user = await createUser(proxied.app);
      const attacker = new TestClient(proxied.app);
      const owner = new TestClient(proxied.app);
      attacker.ip = owner.ip = '10.0.0.2'; // both reach the server through the same proxy
      for (let i = 0; i < LOGIN_MAX_ATTEMPTS; i++) {
        expect(outcomeOf(await signInForwarded(attacker, '198.51.100.200', user.email, `guess-${i}`))).toBe('401 INVALID_CREDENTIALS');
      }
      expect(outcomeOf(await signInForwarded(attacker, '198.51.100.200', user.email, user.password))).toBe('429 RATE_LIMITED');
      expect(outcomeOf(await signInForwarded(owner, '198.51.100.201', user.email, user.password))).toBe('200');
    } finally {
      await proxied.close();
    }
  });

  it('one address cannot try many accounts: its failures are capped across all emails, whatever each email counts', async () => {
    const { db } = t.database;
    const cap = ACCOUNT_RATE_LIMITS.failedSignInsPerIp.max;
    const address = clientOnOwnIp().ip;
    const emails = Array.from({ length: Math.ceil(cap / LOGIN_MAX_ATTEMPTS) }, () => uniqueEmail('tried'));
    // Every email stays within its 5 from this address, yet the address reaches its cap.
    for (let i = 0; i < cap; i++) {
      expect(await reserveSignIn(db, emails[Math.floor(i / LOGIN_MAX_ATTEMPTS)]!, address)).toMatchObject({ allowed: true });
    }
    expect(await reserveSignIn(db, uniqueEmail('next'), address)).toEqual({ allowed: false, refusedBy: 'address' });
    expect(await reserveSignIn(db, emails[0]!, address)).toEqual({ allowed: false, refusedBy: 'email_and_address' });
    // Another address may still try each of those emails.
    expect(await reserveSignIn(db, emails[0]!, clientOnOwnIp().ip)).toMatchObject({ allowed: true });
  });
});

describe('names without direction-changing characters', () => {
  it('sign-up and the profile store the name without them; the mail greets the clean name', async () => {
    const c = clientOnOwnIp();
    const email = uniqueEmail('bidi');
    const res = await signUp(c, email, ' Eve\u202Egnp.exe\u202C \u2067Mallory\u2069\u200F ');
    expect(res.statusCode).toBe(201);
    expect(res.json().user.full_name).toBe('Evegnp.exe Mallory');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.name).toBe('Evegnp.exe Mallory');
    const mail = await lastMailTo(t.database.db, email);
    expect(mail!.text).toContain('Hello Evegnp.exe Mallory,');
    expect(mail!.text).not.toMatch(BIDI);
    expect(mail!.html).not.toMatch(BIDI);

    const onlyControls = await signUp(c, uniqueEmail('bidi'), '\u202E\u2066\u200F ');
    expect(onlyControls.statusCode).toBe(400);
    expect(onlyControls.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'full_name' });
    expect(onlyControls.json().error.message).toContain('Please enter your full name');

    const { client } = await signedInClient(t.app);
    const patched = await client.patch('/api/account', { full_name: 'Bob\u202E\u0661\u0662' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().full_name).toBe('Bob\u0661\u0662');
  });

  it('a name stored before the cleaning is still greeted without them', async () => {
    const email = uniqueEmail('old-name');
    expect((await signUp(clientOnOwnIp(), email)).statusCode).toBe(201);
    await t.database.db.update(users).set({ name: 'Old\u202Eeman' }).where(eq(users.email, email));
    await clientOnOwnIp().post('/api/auth/verification/resend', { email });
    const mail = await lastMailTo(t.database.db, email);
    expect(mail!.text).toContain('Hello Oldeman,');
  });

  it('nominee and nominator names lose the same characters (one shared helper)', async () => {
    const [award] = await t.database.db.insert(awards).values({ slug: `bidi-award-${Date.now()}`, title: 'Bidi Award' }).returning();
    await t.database.db.insert(templates).values({ slug: `bidi-tpl-${Date.now()}`, name: 'Plain' }).onConflictDoNothing();
    const res = await clientOnOwnIp().post('/api/nominations', {
      award_id: award!.id,
      nominee_name: 'Dana\u200F\u061C Scully',
      nominator_name: '\u200ESam\u2067',
      reason: 'For \u202Ereasons\u202C',
      is_public: false,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.awardId, award!.id));
    expect(row).toMatchObject({ nomineeName: 'Dana Scully', nominatorName: 'Sam', reason: 'For reasons' });
  });
});

describe('security events are coalesced', () => {
  it('50 refused sign-ins for one address are a handful of rows whose counts add up, visible in the export', async () => {
    const { client: owner, user } = await signedInClient(t.app);
    const attacker = clientOnOwnIp();
    const outcomes: string[] = [];
    for (let i = 0; i < 50; i++) outcomes.push(outcomeOf(await attacker.signIn(user.email, `guess-${i}`)));
    expect(outcomes).toEqual([...Array<string>(5).fill('401 INVALID_CREDENTIALS'), ...Array<string>(45).fill('429 RATE_LIMITED')]);

    const rows = await t.database.db.select().from(securityEvents).where(eq(securityEvents.email, user.email));
    // One row per event type and window (two when the run straddles a window boundary).
    expect(rows.length).toBeLessThanOrEqual(4);
    const total = (type: string) => rows.filter((r) => r.eventType === type).reduce((n, r) => n + r.count, 0);
    expect(total('failed_login')).toBe(5);
    expect(total('rate_limited_login')).toBe(45);
    for (const r of rows) expect(r.lastSeenAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());

    const exported = (await owner.get('/api/account/export')).json() as AccountExport;
    const exportedTotal = exported.security_events.reduce((n, e) => n + e.count, 0);
    expect(exportedTotal).toBe(50);
  });

  // 60 sign-ins, each hashing a password (unknown addresses too, so they take as long): slow on a busy 2-core box.
  it('a flood with a new address each time is stopped per IP and stays a bounded number of rows', async () => {
    const max = ACCOUNT_RATE_LIMITS.failedSignInsPerIp.max;
    const attacker = clientOnOwnIp();
    const outcomes: string[] = [];
    for (let i = 0; i < max + 10; i++) outcomes.push(outcomeOf(await attacker.signIn(uniqueEmail('stuffing'), 'guess-guess')));
    expect(outcomes).toEqual([...Array<string>(max).fill('401 INVALID_CREDENTIALS'), ...Array<string>(10).fill('429 RATE_LIMITED')]);

    const rows = await t.database.db.select().from(securityEvents).where(eq(securityEvents.ip, attacker.ip));
    expect(rows.length).toBeLessThanOrEqual(max + 2);
    const refusedRows = rows.filter((r) => r.eventType === 'rate_limited_login');
    expect(refusedRows.reduce((n, r) => n + r.count, 0)).toBe(10);
    expect(refusedRows.every((r) => r.email === null)).toBe(true);

    // The cap holds for a real account's right password too, while its owner, on another address, signs in as usual.
    const user = await createUser(t.app);
    expect(outcomeOf(await attacker.signIn(user.email, user.password))).toBe('429 RATE_LIMITED');
    expect((await clientOnOwnIp().signIn(user.email, user.password)).statusCode).toBe(200);
  }, 180_000);
});
