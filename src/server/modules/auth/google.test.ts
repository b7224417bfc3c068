import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '@/server/db/schema/index';
import { createUser, setCookies, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { signInAtIssuer, startOidcIssuer } from '@/server/test/loopback/oidc-issuer';
import { createTestApp, type TestApp } from '@/server/test/test-app';

const PUBLIC_URL = 'https://certifiable.test';
let issuer: Awaited<ReturnType<typeof startOidcIssuer>>;
let t: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer({
    clientId: 'certifiable-test',
    clientSecret: 'loopback-secret',
    redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`],
  });
  t = await createTestApp({
    seed: false,
    env: {
      GOOGLE_CLIENT_ID: 'certifiable-test',
      GOOGLE_CLIENT_SECRET: 'loopback-secret',
      GOOGLE_ISSUER_URL: issuer.issuer,
    },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

/** Start → the issuer's sign-in page as `email` → our callback. Returns the final redirect. */
async function googleSignIn(c: TestClient, email: string | null, redirect?: string) {
  const start = await c.post('/api/auth/google', redirect ? { redirect } : {});
  expect(start.statusCode).toBe(200);
  const { url } = start.json() as { url: string };
  const authorize = new URL(url);
  expect(authorize.origin).toBe(issuer.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback/google`);
  const callback = await signInAtIssuer(url, email);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${PUBLIC_URL}/api/auth/callback/google`);
  const res = await c.get(`${callback.pathname}${callback.search}`);
  expect(res.statusCode).toBe(302);
  return { res, location: new URL(res.headers.location as string, PUBLIC_URL) };
}

describe('Google sign-in (a real OIDC provider on loopback, same code path as Google)', () => {
  it('is offered', async () => {
    expect((await new TestClient(t.app).get('/api/auth/config')).json().google_enabled).toBe(true);
  });

  it('creates a verified account on first sign-in and returns to the page the visitor came from', async () => {
    const c = new TestClient(t.app);
    const email = uniqueEmail('gina.google');
    const { res, location } = await googleSignIn(c, email, '/account');
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('provider')).toBe('google');
    expect(location.searchParams.get('redirect')).toBe('/account');
    expect(location.searchParams.get('error')).toBeNull();
    expect(setCookies(res).get('certifiable_session')?.raw).toMatch(/HttpOnly/);

    const state = await c.session();
    expect(state.user).toMatchObject({ email: email.toLowerCase() });
    expect(state.user?.full_name).toMatch(/^Gina Google/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.emailVerified).toBe(true);
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, row!.id));
    expect(linked.map((a) => a.providerId)).toEqual(['google']);
    // Tokens are stored encrypted, never in the clear.
    expect(linked[0]!.accessToken ?? '').not.toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // Signing in again finds the same account.
    const again = new TestClient(t.app);
    await googleSignIn(again, email);
    expect((await again.session()).user?.id).toBe(row!.id);
  });

  it('links Google to an existing verified account with the same email', async () => {
    const user = await createUser(t.app, { email: uniqueEmail('both.ways') });
    const c = new TestClient(t.app);
    await googleSignIn(c, user.email);
    expect((await c.session()).user?.id).toBe(user.id);
    const methods = await t.database.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(methods.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
  });

  it('sends the browser back to /auth with an error when the visitor cancels', async () => {
    const c = new TestClient(t.app);
    const { location } = await googleSignIn(c, null);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect((await c.session()).user).toBeNull();
  });

  it('refuses a callback whose state cookie is missing (login CSRF)', async () => {
    const c = new TestClient(t.app);
    const start = await c.post('/api/auth/google', {});
    const callback = await signInAtIssuer((start.json() as { url: string }).url, uniqueEmail('csrf'));
    const stranger = new TestClient(t.app); // a different browser: no certifiable_oauth cookie
    const res = await stranger.get(`${callback.pathname}${callback.search}`);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, PUBLIC_URL);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBe('state_mismatch');
    expect((await stranger.session()).user).toBeNull();
  });

  it('sets the OAuth state cookie as certifiable_oauth for 10 minutes', async () => {
    const res = await new TestClient(t.app).post('/api/auth/google', {});
    const cookie = setCookies(res).get('certifiable_oauth');
    expect(cookie?.raw).toMatch(/Max-Age=600/);
    expect(cookie?.raw).toMatch(/HttpOnly/);
  });

  it('only accepts a same-site path to return to', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const res = await new TestClient(t.app).post('/api/auth/google', { redirect });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.json().error, redirect).toMatchObject({ code: 'VALIDATION_ERROR', message: 'redirect must be a path on this site', field: 'redirect' });
    }
  });

  it('does not sign in a disabled account', async () => {
    const user = await createUser(t.app, { email: uniqueEmail('disabled.google') });
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const c = new TestClient(t.app);
    const { location } = await googleSignIn(c, user.email);
    expect(location.searchParams.get('error')).toBe('ACCOUNT_DISABLED');
    expect((await c.session()).user).toBeNull();
  });
});
