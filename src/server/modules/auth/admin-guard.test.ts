import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { userRoles } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { outcomeOf as outcome, signedInClient, TestClient } from '@/server/test/auth-client';

let t: TestApp;
let member: TestClient;
let memberId: string;
let admin: TestClient;

interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ client: member, user: { id: memberId } } = await signedInClient(t.app));
  ({ client: admin } = await signedInClient(t.app, { admin: true }));
});
afterAll(async () => {
  await t.close();
});

const SIGNED_OUT = { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' };
const NOT_ADMIN = { code: 'FORBIDDEN', message: 'You need admin privileges to access this page.' };

/** Every (method, path) under /api/admin in the OpenAPI document, path params filled in. */
async function adminRoutes(): Promise<[string, string][]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
  const routes: [string, string][] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!/^\/api\/admin(\/|$)/.test(path)) continue;
    for (const method of Object.keys(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      routes.push([method.toUpperCase(), path.replace(/\{[^}]+\}/g, randomUUID())]);
    }
  }
  return routes;
}

describe('every /api/admin route (enumerated from the OpenAPI document)', () => {
  it('there are admin routes to check', async () => {
    expect((await adminRoutes()).length).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 UNAUTHORIZED to a signed-out caller, 403 FORBIDDEN to a signed-in non-admin, and lets an admin in', async () => {
    const routes = await adminRoutes();
    const outcomes: string[] = [];
    for (const [method, url] of routes) {
      const anonymous = await new TestClient(t.app).request({ method, url, payload: method === 'GET' ? undefined : {} });
      const asMember = await member.request({ method, url, payload: method === 'GET' ? undefined : {} });
      const asAdmin = await admin.request({ method, url, payload: method === 'GET' ? undefined : {} });
      const admitted = asAdmin.statusCode < 401 || asAdmin.statusCode > 403 ? 'in' : outcome(asAdmin);
      outcomes.push(`${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} | ${outcome(anonymous)} | ${outcome(asMember)} | ${admitted}`);
    }
    expect(outcomes).toEqual(outcomes.map((o) => o.replace(/ \|.*$/, ' | 401 UNAUTHORIZED | 403 FORBIDDEN | in')));
  });

  it('covers admin routes added later, wherever they are registered (one hook, decided by the matched route)', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://certifiable.test' }),
      database: t.database,
    });
    await app.register(async (child) => {
      child.get('/api/admin/brand-new-thing', async () => ({ secret: true }));
      // Outside /api/admin, the route's own `admin: true` option asks for the same guard.
      child.get('/api/reports/secret', { config: { admin: true } }, async () => ({ secret: true }));
    });
    await app.ready();
    const cookie = member.cookieHeader();
    for (const url of ['/api/admin/brand-new-thing', '/api/%61dmin/brand-new-thing', '/api/reports/secret', '/api/reports/secr%65t']) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect([anonymous.statusCode, anonymous.json().error], url).toMatchObject([401, SIGNED_OUT]);
      const asMember = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect([asMember.statusCode, asMember.json().error], url).toMatchObject([403, NOT_ADMIN]);
      expect((await app.inject({ method: 'GET', url, headers: { cookie: admin.cookieHeader() } })).json(), url).toEqual({ secret: true });
    }
    // A path no route answers is the same 404 for everyone: it runs nothing, so it needs no guard.
    const missing = [undefined, cookie, admin.cookieHeader()].map(async (c) =>
      (await app.inject({ method: 'GET', url: '/api/admin/no-such-route', headers: c ? { cookie: c } : {} })).json(),
    );
    for (const body of await Promise.all(missing)) {
      expect(body).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Nothing here: GET /api/admin/no-such-route' } });
    }
    await app.close();
  });
});

describe('a user cannot make themselves admin through any API', () => {
  it('not through the admin API', async () => {
    const res = await member.patch(`/api/admin/users/${memberId}`, { is_admin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject(NOT_ADMIN);
  });

  it('not through the account API', async () => {
    for (const payload of [{ is_admin: true }, { role: 'admin' }, { roles: ['admin'] }, { full_name: 'X', is_admin: true }]) {
      const res = await member.patch('/api/account', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code, JSON.stringify(payload)).toBe('VALIDATION_ERROR');
    }
  });

  it('not through sign-up or Better Auth endpoints we do not expose', async () => {
    const anonymous = new TestClient(t.app);
    const signUp = await anonymous.post('/api/auth/sign-up', { full_name: 'A', email: 'x@example.test', password: '123456', is_admin: true });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: "Unknown field 'is_admin'", field: 'is_admin' });
    for (const url of ['/api/auth/update-user', '/api/auth/admin/set-role', '/api/auth/admin/create-user']) {
      const res = await member.post(url, { role: 'admin' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toMatchObject({ code: 'NOT_FOUND', message: `Nothing here: POST ${url}` });
    }
  });

  it('and after all of that holds no role', async () => {
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.userId, memberId))).toEqual([]);
    expect((await member.session()).is_admin).toBe(false);
  });
});
