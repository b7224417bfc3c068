import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_SERVER_MESSAGES } from '@/contract/auth';
import { rateLimitAttempts, securityEvents, sessions, users } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { createUser, firstLink, lastMailTo, waitForMailTo, setCookies, TestClient, uniqueEmail } from '@/server/test/auth-client';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const client = () => new TestClient(t.app);

async function verifyFromMail(c: TestClient, email: string) {
  const mail = await lastMailTo(t.database.db, email);
  expect(mail?.kind).toBe('verify_email');
  const link = new URL(firstLink(mail!.text));
  expect(link.origin).toBe('https://certifiable.test');
  return c.get(`${link.pathname}${link.search}`);
}

describe('sign-up → mail → verify → sign-in → sign-out', () => {
  it('goes through the whole journey', async () => {
    const c = client();
    const email = uniqueEmail('Journey');
    const signUp = await c.post('/api/auth/sign-up', { full_name: 'Dana Scully', email, password: 'trustno1' });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toMatchObject({
      user: { email: email.toLowerCase(), full_name: 'Dana Scully', email_verified: false },
      email_verification_required: true,
    });
    // No session before verification.
    expect(setCookies(signUp).has('certifiable_session')).toBe(false);
    expect((await c.session()).user).toBeNull();

    const mail = await waitForMailTo(t.database.db, email, 'verify_email', { delivered: true });
    expect(mail).toMatchObject({ subject: expect.stringContaining('Confirm your email'), transport: 'log', status: 'logged' });
    expect(mail!.text).toContain('Hello Dana Scully');

    // An unverified account cannot sign in, and is told so.
    const early = await c.signIn(email, 'trustno1');
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: AUTH_SERVER_MESSAGES.emailNotVerified });

    const verify = await verifyFromMail(c, email);
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/auth?verified=1');

    const signIn = await c.signIn(email, 'trustno1');
    expect(signIn.statusCode).toBe(200);
    const body = signIn.json();
    expect(body).toMatchObject({ user: { email: email.toLowerCase(), email_verified: true }, is_admin: false });
    expect(new Date(body.session.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const state = await c.session();
    expect(state.user?.email).toBe(email.toLowerCase());
    expect(state.session?.expires_at).toBeTruthy();

    const out = await c.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).get('certifiable_session')?.value).toBeNull();
    expect(await c.session()).toEqual({ user: null, session: null, is_admin: false });
  });

  it('sets the session cookie httpOnly, Secure, SameSite=Lax for 30 days', async () => {
    const user = await createUser(t.app);
    const res = await client().signIn(user.email, user.password);
    const raw = setCookies(res).get('certifiable_session')!.raw;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/Secure/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).toMatch(/Max-Age=2592000/);
    expect(raw).toMatch(/Path=\//);
  });

  it('rejects a sign-in with a forged or revoked session cookie', async () => {
    const c = client();
    c.cookies.set('certifiable_session', 'made-up.token');
    expect((await c.session()).user).toBeNull();
  });

  it('answers bad verification links by sending the browser back to /auth', async () => {
    const res = await client().get('/api/auth/verify-email?token=not-a-token');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?verification=invalid');
  });

  it('resends the verification mail to unverified accounts only, answering the same always', async () => {
    const c = client();
    const email = uniqueEmail('resend');
    await c.post('/api/auth/sign-up', { full_name: 'Resend Me', email, password: 'secret1' });
    const first = await lastMailTo(t.database.db, email);
    const res = await c.post('/api/auth/verification/resend', { email: email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    const second = await lastMailTo(t.database.db, email);
    expect(second!.id).not.toBe(first!.id);
    expect((await verifyFromMail(c, email)).headers.location).toBe('/auth?verified=1');

    const unknown = await c.post('/api/auth/verification/resend', { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(202);
    expect(await lastMailTo(t.database.db, 'nobody@example.test')).toBeNull();
  });

  it('stores the full name, and lower-cases the email', async () => {
    const email = uniqueEmail('MiXeD');
    await client().post('/api/auth/sign-up', { full_name: '  Fox Mulder ', email, password: 'secret1' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row).toMatchObject({ name: 'Fox Mulder', emailVerified: false });
  });
});

describe('duplicate sign-up', () => {
  it('answers 409 "User already registered" (any letter case) and records failed_signup', async () => {
    const user = await createUser(t.app);
    const res = await client().post('/api/auth/sign-up', {
      full_name: 'Copy Cat',
      email: user.email.toUpperCase(),
      password: 'whatever1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: 'User already registered', field: 'email' });
    const events = await t.database.db.select().from(securityEvents).where(eq(securityEvents.email, user.email));
    expect(events.map((e) => e.eventType)).toContain('failed_signup');
    const count = await t.database.db.select().from(users).where(eq(users.email, user.email));
    expect(count).toHaveLength(1);
  });
});

describe('wrong password', () => {
  it('answers 401 "Invalid login credentials", logs the attempt and a failed_login event', async () => {
    const user = await createUser(t.app);
    const c = client();
    c.userAgent = 'Mozilla/5.0 (test) Wrong Password';
    const res = await c.signIn(user.email, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' });
    expect(setCookies(res).has('certifiable_session')).toBe(false);

    const attempts = await t.database.db
      .select()
      .from(rateLimitAttempts)
      .where(and(eq(rateLimitAttempts.identifier, user.email), eq(rateLimitAttempts.attemptType, 'login')));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ successful: false, ip: '203.0.113.7' });

    const [event] = await t.database.db.select().from(securityEvents).where(eq(securityEvents.email, user.email));
    expect(event).toMatchObject({
      eventType: 'failed_login',
      details: { email: user.email, error_message: 'invalid_credentials' },
      userAgent: 'Mozilla/5.0 (test) Wrong Password',
      ip: '203.0.113.7',
    });
    expect(event!.createdAt).toBeInstanceOf(Date);

    const ok = await c.signIn(user.email, user.password);
    expect(ok.statusCode).toBe(200);
    const logged = await t.database.db.select().from(rateLimitAttempts).where(eq(rateLimitAttempts.identifier, user.email));
    expect(logged.map((a) => a.successful).sort()).toEqual([false, true]);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await client().signIn(uniqueEmail('ghost'), 'whatever1');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' });
  });
});

describe('validation (the same rules as the form, spec §5)', () => {
  it.each([
    ['/api/auth/sign-in', { email: '', password: '' }, 'Please fill in all fields', 'email'],
    ['/api/auth/sign-in', { email: 'a@b.test' }, 'Please fill in all fields', 'password'],
    ['/api/auth/sign-in', { email: 'a@b.test', password: '12345' }, 'Password must be at least 6 characters', 'password'],
    ['/api/auth/sign-in', { email: 'not-an-email', password: '123456' }, 'Please enter a valid email address', 'email'],
    ['/api/auth/sign-up', { email: 'a@b.test', password: '123456' }, 'Please enter your full name', 'full_name'],
    ['/api/auth/sign-up', { full_name: '   ', email: 'a@b.test', password: '123456' }, 'Please enter your full name', 'full_name'],
    ['/api/auth/sign-up', { full_name: 'A', email: 'a@b.test', password: '123' }, 'Password must be at least 6 characters', 'password'],
  ])('%s %j → 400 %s', async (url, payload, message, field) => {
    const res = await client().post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(res.json().error.message).toContain(message);
  });

  it('refuses fields it does not know, such as a role', async () => {
    const res = await client().post('/api/auth/sign-up', {
      full_name: 'Sneaky',
      email: uniqueEmail('sneaky'),
      password: 'secret1',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: "Unknown field 'role'", field: 'role' });
  });
});

describe('password reset', () => {
  it('mails a link; the new password works, the old one does not, and every session is signed out', async () => {
    const user = await createUser(t.app);
    const elsewhere = client();
    expect((await elsewhere.signIn(user.email, user.password)).statusCode).toBe(200);

    const c = client();
    expect((await c.post('/api/auth/password/forgot', { email: user.email.toUpperCase() })).statusCode).toBe(202);
    const mail = await lastMailTo(t.database.db, user.email);
    expect(mail?.kind).toBe('reset_password');
    const link = new URL(firstLink(mail!.text));
    expect(link.pathname).toBe('/auth/reset-password');
    const token = link.searchParams.get('token')!;

    const tooShort = await c.post('/api/auth/password/reset', { token, new_password: '123' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `new_password: ${AUTH_MESSAGES.passwordTooShort}`,
      field: 'new_password',
    });

    const reset = await c.post('/api/auth/password/reset', { token, new_password: 'brand-new-secret' });
    expect(reset.statusCode).toBe(200);

    expect((await elsewhere.session()).user).toBeNull();
    const oldPassword = await c.signIn(user.email, user.password);
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await c.signIn(user.email, 'brand-new-secret')).statusCode).toBe(200);

    const again = await client().post('/api/auth/password/reset', { token, new_password: 'another-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This reset link is invalid or has expired. Ask for a new one.',
      field: 'token',
    });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    expect((await client().post('/api/auth/password/forgot', { email })).statusCode).toBe(202);
    expect(await lastMailTo(t.database.db, email)).toBeNull();
  });
});

describe('change password', () => {
  it('needs the current password and signs out every other session', async () => {
    const user = await createUser(t.app);
    const other = client();
    await other.signIn(user.email, user.password);
    const c = client();
    await c.signIn(user.email, user.password);

    const wrong = await c.post('/api/account/password', { current_password: 'nope-nope', new_password: 'next-secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Your current password is not correct.',
      field: 'current_password',
    });

    const ok = await c.post('/api/account/password', { current_password: user.password, new_password: 'next-secret' });
    expect(ok.statusCode).toBe(200);
    expect((await c.session()).user?.email).toBe(user.email);
    expect((await other.session()).user).toBeNull();
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
  });

  it('is refused when signed out', async () => {
    const res = await client().post('/api/account/password', { current_password: 'a', new_password: 'bcdefg' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  });
});

describe('sessions', () => {
  it('renews a session used a day after it was last renewed', async () => {
    const user = await createUser(t.app);
    const c = client();
    await c.signIn(user.email, user.password);
    const old = new Date(Date.now() + 20 * 24 * 3600_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: old, updatedAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(sessions.userId, user.id));
    const res = await c.get('/api/auth/session');
    const renewed = new Date(res.json().session.expires_at);
    expect(renewed.getTime()).toBeGreaterThan(old.getTime() + 5 * 24 * 3600_000);
    expect(setCookies(res).get('certifiable_session')?.raw).toMatch(/Max-Age=2592000/);
  });

  it('treats an expired session as signed out', async () => {
    const user = await createUser(t.app);
    const c = client();
    await c.signIn(user.email, user.password);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await c.session()).user).toBeNull();
  });

  it('reports the admin flag from user_roles', async () => {
    const admin = await createUser(t.app, { admin: true });
    const c = client();
    const res = await c.signIn(admin.email, admin.password);
    expect(res.json().is_admin).toBe(true);
    expect((await c.session()).is_admin).toBe(true);
  });
});

describe('CSRF protection', () => {
  const CSRF_FAILED = {
    code: 'CSRF_FAILED',
    message: 'The security check for this request failed. Reload the page and try again.',
  };

  it('refuses auth mutations without the token', async () => {
    const user = await createUser(t.app);
    const c = client();
    c.csrf = false;
    const res = await c.signIn(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject(CSRF_FAILED);
    expect(setCookies(res).has('certifiable_session')).toBe(false);
  });

  it('refuses a token that does not match the cookie, or that the server did not sign', async () => {
    const user = await createUser(t.app);
    const c = client();
    await c.get('/api/auth/csrf');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { cookie: 'certifiable_csrf=abc.def', 'x-csrf-token': 'abc.def' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toMatchObject(CSRF_FAILED);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { cookie: `certifiable_csrf=${c.cookies.get('certifiable_csrf')}`, 'x-csrf-token': 'other' },
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error).toMatchObject(CSRF_FAILED);
  });

  it('protects every mutation of a signed-in browser, not only /api/auth', async () => {
    const user = await createUser(t.app);
    const c = client();
    await c.signIn(user.email, user.password);
    c.csrf = false;
    // A real route outside /api/auth: the guard follows the matched route (an unknown path is just a 404).
    const res = await c.request({ method: 'POST', url: '/api/nominations', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject(CSRF_FAILED);
    // With the token the same request reaches the route, whose validation answers instead.
    c.csrf = true;
    const withToken = await c.request({ method: 'POST', url: '/api/nominations', payload: {} });
    expect(withToken.statusCode).toBe(400);
    expect(withToken.json().error.code).toBe('VALIDATION_ERROR');
  });

  it("refuses one user's token with another user's session cookie, and takes each user's own", async () => {
    const [userA, userB] = [await createUser(t.app), await createUser(t.app)];
    const [a, b] = [client(), client()];
    await a.signIn(userA.email, userA.password);
    await b.signIn(userB.email, userB.password);
    const tokenA = a.cookies.get('certifiable_csrf')!;
    /** B's session cookie with a CSRF cookie and header of our choosing. */
    const asB = (url: string, token: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { cookie: `certifiable_session=${b.cookies.get('certifiable_session')}; certifiable_csrf=${token}`, 'x-csrf-token': token },
      });

    for (const url of ['/api/nominations', '/api/auth/sign-out']) {
      const crossed = await asB(url, tokenA);
      expect(crossed.statusCode, url).toBe(403);
      expect(crossed.json().error).toMatchObject(CSRF_FAILED);
    }
    expect((await b.session()).user?.email).toBe(userB.email);

    // Each user's own token passes the check (and the route's validation answers).
    const own = await a.request({ method: 'POST', url: '/api/nominations', payload: {} });
    expect(own.json().error.code).toBe('VALIDATION_ERROR');
    expect((await asB('/api/nominations', b.cookies.get('certifiable_csrf')!)).json().error.code).toBe('VALIDATION_ERROR');
    expect((await asB('/api/auth/sign-out', b.cookies.get('certifiable_csrf')!)).statusCode).toBe(200);
  });

  it('hands out a token for the new session at sign-in and sign-out; the one before stops working', async () => {
    const user = await createUser(t.app);
    const c = client();
    await c.get('/api/auth/csrf');
    const signedOut = c.cookies.get('certifiable_csrf')!;

    const signIn = await c.signIn(user.email, user.password);
    expect(signIn.statusCode).toBe(200);
    const signedIn = setCookies(signIn).get('certifiable_csrf')?.value;
    expect(signedIn).toBeTruthy();
    expect(signedIn).not.toBe(signedOut);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/nominations',
      payload: {},
      headers: { cookie: `certifiable_session=${c.cookies.get('certifiable_session')}; certifiable_csrf=${signedOut}`, 'x-csrf-token': signedOut },
    });
    expect(stale.json().error).toMatchObject(CSRF_FAILED);
    // The session lookup keeps the token it already holds.
    expect(setCookies(await c.get('/api/auth/session')).has('certifiable_csrf')).toBe(false);
    expect((await c.post('/api/nominations', {})).json().error.code).toBe('VALIDATION_ERROR');

    const signOut = await c.post('/api/auth/sign-out');
    expect(signOut.statusCode).toBe(200);
    const again = setCookies(signOut).get('certifiable_csrf')?.value;
    expect(again).toBeTruthy();
    expect(again).not.toBe(signedIn);
    // Signed out, the new token signs in again (auth mutations always need one).
    expect((await c.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('gives a signed-in browser that lost its CSRF cookie (a restart) a token for its session', async () => {
    const user = await createUser(t.app);
    const c = client();
    await c.signIn(user.email, user.password);
    c.cookies.delete('certifiable_csrf');
    // The test client fetches /api/auth/csrf first, like the web app's API client.
    expect((await c.post('/api/nominations', {})).json().error.code).toBe('VALIDATION_ERROR');
    expect((await c.post('/api/auth/sign-out')).statusCode).toBe(200);
  });

  it('sets a readable, signed CSRF cookie with the session lookup', async () => {
    const res = await client().get('/api/auth/session');
    const csrf = setCookies(res).get('certifiable_csrf')!;
    expect(csrf.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(csrf.raw).not.toMatch(/HttpOnly/i);
    expect(csrf.raw).toMatch(/SameSite=Lax/i);
    expect(csrf.raw).not.toMatch(/Max-Age/i);
  });
});

describe('disabled accounts', () => {
  it('cannot sign in', async () => {
    const user = await createUser(t.app);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const res = await client().signIn(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_DISABLED', message: AUTH_SERVER_MESSAGES.accountDisabled });
    expect(setCookies(res).has('certifiable_session')).toBe(false);
  });
});

describe('Better Auth routes we do not expose', () => {
  it.each([
    ['POST', '/api/auth/sign-in/email'],
    ['POST', '/api/auth/sign-up/email'],
    ['POST', '/api/auth/update-user'],
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/admin/set-role'],
  ])('%s %s is not there', async (method, url) => {
    const res = await client().request({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: `Nothing here: ${method} ${url}` } });
  });
});

describe('auth config', () => {
  it('says Google sign-in is off when it is not configured', async () => {
    const res = await client().get('/api/auth/config');
    expect(res.json()).toEqual({ google_enabled: false, password_min_length: 6 });
    const start = await client().post('/api/auth/google', {});
    expect(start.statusCode).toBe(404);
    expect(start.json().error).toMatchObject({ code: 'GOOGLE_NOT_CONFIGURED', message: AUTH_SERVER_MESSAGES.googleNotConfigured });
  });
});
