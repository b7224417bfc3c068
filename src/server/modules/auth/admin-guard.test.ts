import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { userRoles } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { signedInClient, TestClient } from '@/server/test/auth-client';

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

  it('answers 401 to a signed-out caller, 403 to a signed-in non-admin, and lets an admin in', async () => {
    const routes = await adminRoutes();
    const outcomes: string[] = [];
    for (const [method, url] of routes) {
      const anonymous = await new TestClient(t.app).request({ method, url, payload: method === 'GET' ? undefined : {} });
      const asMember = await member.request({ method, url, payload: method === 'GET' ? undefined : {} });
      const asAdmin = await admin.request({ method, url, payload: method === 'GET' ? undefined : {} });
      outcomes.push(`${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} ${anonymous.statusCode} ${asMember.statusCode} ${asAdmin.statusCode < 401 || asAdmin.statusCode > 403 ? 'in' : asAdmin.statusCode}`);
    }
    expect(outcomes).toEqual(outcomes.map((o) => o.replace(/ \S+ \S+ \S+$/, ' 401 403 in')));
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
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode, url).toBe(403);
      expect((await app.inject({ method: 'GET', url, headers: { cookie: admin.cookieHeader() } })).json(), url).toEqual({ secret: true });
    }
    // A path no route answers is the same 404 for everyone: it runs nothing, so it needs no guard.
    const missing = [undefined, cookie, admin.cookieHeader()].map(async (c) =>
      (await app.inject({ method: 'GET', url: '/api/admin/no-such-route', headers: c ? { cookie: c } : {} })).json(),
    );
    for (const body of await Promise.all(missing)) {
      expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Nothing here: GET /api/admin/no-such-route' } });
    }
    await app.close();
  });
});

describe('a user cannot make themselves admin through any API', () => {
  it('not through the admin API', async () => {
    const res = await member.patch(`/api/admin/users/${memberId}`, { is_admin: true });
    expect(res.statusCode).toBe(403);
  });

  it('not through the account API', async () => {
    for (const payload of [{ is_admin: true }, { role: 'admin' }, { roles: ['admin'] }, { full_name: 'X', is_admin: true }]) {
      const res = await member.patch('/api/account', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('not through sign-up or Better Auth endpoints we do not expose', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/auth/sign-up', { full_name: 'A', email: 'x@example.test', password: '123456', is_admin: true })).statusCode).toBe(400);
    for (const url of ['/api/auth/update-user', '/api/auth/admin/set-role', '/api/auth/admin/create-user']) {
      expect((await member.post(url, { role: 'admin' })).statusCode, url).toBe(404);
    }
  });

  it('and after all of that holds no role', async () => {
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.userId, memberId))).toEqual([]);
    expect((await member.session()).is_admin).toBe(false);
  });
});
