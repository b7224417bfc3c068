/**
 * Authorisation is decided by the route that runs, not by the text of the URL (docs/decisions/050).
 * Every route of the OpenAPI document is called over real HTTP — signed out, as a member and as an admin —
 * with its plain path and with spellings a router may decode or normalise differently from a string match:
 * percent-encoded letters, doubled slashes, a trailing slash, upper case, dot segments. Whatever a spelling
 * reaches, it meets the same guard as the plain path, or no route at all (404). The list of routes comes from
 * the app, so a route added later is covered without touching this file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '@/contract/auth';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { signedInClient } from '@/server/test/auth-client';

let t: TestApp;
let base: { host: string; port: number };
const cookies: Record<Role, string> = { anonymous: '', member: '', admin: '' };

type Role = 'anonymous' | 'member' | 'admin';
type Outcome = 'signed-out' | 'not-admin' | 'csrf' | 'no-route' | 'handled' | 'server-error';

interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  cookies.member = (await signedInClient(t.app)).client.cookieHeader();
  cookies.admin = (await signedInClient(t.app, { admin: true })).client.cookieHeader();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
});
afterAll(async () => {
  await t.close();
});

/** One raw HTTP request: the path goes on the wire exactly as written (fetch would normalise it). */
function send(method: string, path: string, role: Role): Promise<{ status: number; body: string }> {
  const unsafe = method !== 'GET';
  const body = unsafe ? '{}' : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        ...base,
        method,
        path,
        headers: {
          ...(cookies[role] ? { cookie: cookies[role] } : {}),
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function classify({ status, body }: { status: number; body: string }): Outcome {
  if (status >= 500) return 'server-error';
  let error: { code?: string; message?: string } = {};
  try {
    error = (JSON.parse(body) as { error?: typeof error }).error ?? {};
  } catch {
    // Not JSON: a page, a file or a redirect. A 404 page is the app shell for a path no route matched.
    return status === 404 ? 'no-route' : 'handled';
  }
  if (status === 401 && error.code === 'UNAUTHORIZED') return 'signed-out';
  if (status === 403 && error.code === 'FORBIDDEN') return 'not-admin';
  if (status === 403 && error.code === AUTH_ERROR_CODES.csrf) return 'csrf';
  if (status === 404 && error.code === 'NOT_FOUND' && error.message?.startsWith('Nothing here')) return 'no-route';
  if (status === 400 && error.code === 'FST_ERR_BAD_URL') return 'no-route';
  return 'handled';
}

/** Spellings of one path. Each may reach the same route (then the same guard) or none. */
const VARIANTS: Record<string, (path: string) => string> = {
  'percent-encoded letter': (p) => p.replace(/^\/api\/(\w)/, (_, c: string) => `/api/%${c.charCodeAt(0).toString(16)}`),
  'percent-encoded (upper-case hex) letters': (p) =>
    p.replace(/^\/api\/(\w+)/, (_, seg: string) => `/api/${[...seg].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')}`),
  'percent-encoded slash': (p) => p.replace(/^\/api\//, '/api%2F'),
  'doubled slash': (p) => p.replace(/^\/api\//, '/api//'),
  'leading doubled slash': (p) => `/${p}`,
  'trailing slash': (p) => `${p}/`,
  'upper case': (p) => p.toUpperCase(),
  'capitalised segment': (p) => p.replace(/^\/api\/(\w)/, (_, c: string) => `/api/${c.toUpperCase()}`),
  'dot segment': (p) => p.replace(/^\/api\//, '/api/./'),
  'dot-dot segment': (p) => p.replace(/^\/api\//, '/api/x/../'),
  'encoded dot-dot segment': (p) => p.replace(/^\/api\//, '/api/x/%2e%2e/'),
};

/** Every (method, path) of the OpenAPI document, path parameters filled in. */
async function allRoutes(): Promise<{ method: string; path: string }[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
  const routes: { method: string; path: string }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      routes.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, randomUUID()) });
    }
  }
  return routes;
}

/** What the plain path must meet: the rules of docs/decisions/012 and 050, written out independently. */
function expected(method: string, path: string, role: Role): Outcome | null {
  const admin = /^\/api\/admin(\/|$)/.test(path);
  const unsafe = method !== 'GET';
  // Webhooks authenticate by signature, never by cookie: no CSRF token, whoever sends them. Analytics beacons
  // cannot send headers: the token travels in the body and only decides whether the event names the account
  // (docs/decisions/094), so the route itself is exempt. A mail client's one-click unsubscribe (RFC 8058) posts without
  // cookies: the signed token in its URL is the authority (docs/decisions/123).
  const webhook = /^\/api\/webhooks\//.test(path) || path === '/api/analytics/events' || path === '/api/mail/unsubscribe';
  if (admin && role === 'anonymous') return 'signed-out';
  if (admin && role === 'member') return 'not-admin';
  if (unsafe && !webhook && (role !== 'anonymous' || /^\/api\/(auth|account|admin)(\/|$)/.test(path))) return 'csrf';
  return admin ? 'handled' : null; // null: whatever the handler says (not a guard's business)
}

describe('every route, every role, every spelling of its path (real HTTP)', () => {
  // About 3,700 real requests: seconds on a quiet machine, more beside busy neighbours.
  it('meets the guard of its matched route, or no route at all', { timeout: 120_000 }, async () => {
    const routes = await allRoutes();
    expect(routes.filter((r) => r.path.startsWith('/api/admin')).length).toBeGreaterThanOrEqual(5);
    const problems: string[] = [];
    let requests = 0;
    // One route at a time, its roles and spellings side by side: the same checks, a fraction of the wall time.
    for (const { method, path } of routes) {
      await Promise.all(
        (['anonymous', 'member', 'admin'] as const).map(async (role) => {
          const plain = classify(await send(method, path, role));
          requests++;
          const want = expected(method, path, role);
          if (plain === 'server-error' || (want && plain !== want)) {
            problems.push(`${role} ${method} ${path}: ${plain}, expected ${want ?? 'no 5xx'}`);
          }
          const outcomes = await Promise.all(
            Object.entries(VARIANTS).map(async ([name, spell]) => {
              const url = spell(path);
              return { name, url, outcome: classify(await send(method, url, role)) };
            }),
          );
          requests += outcomes.length;
          for (const { name, url, outcome } of outcomes) {
            if (outcome !== plain && outcome !== 'no-route') {
              problems.push(`${role} ${method} ${url} (${name}): ${outcome}, but the plain path meets ${plain}`);
            }
          }
        }),
      );
    }
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  });

  it('a member sending a valid CSRF token, as the browser does, gets 403 from every admin route and changes nothing', async () => {
    const admin = (await allRoutes()).filter((r) => r.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(40);
    expect(admin).toContainEqual({ method: 'PUT', path: '/api/admin/settings/brand' });
    const { client: member } = await signedInClient(t.app);
    const before = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).body;
    const answers = await Promise.all(
      admin.map(async ({ method, path }) => `${method} ${path} → ${(await member.request({ method, url: path, ...(method === 'GET' ? {} : { payload: {} }) })).statusCode}`),
    );
    expect(answers.filter((line) => !line.endsWith('→ 403'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).body).toBe(before);
    expect((await member.session()).is_admin).toBe(false);
  });

  it('the holes of the old string match stay closed', async () => {
    expect(classify(await send('GET', '/api/%61dmin/users', 'anonymous'))).toBe('signed-out');
    // A member with a valid CSRF token (as the browser sends it) cannot make themselves admin.
    const { client: member, user } = await signedInClient(t.app);
    const res = await member.patch(`/api/%61dmin/users/${user.id}`, { is_admin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'You need admin privileges to access this page.' } });
    expect((await member.session()).is_admin).toBe(false);
    // A mutation under /api/auth needs a CSRF token however its path is spelt (login CSRF).
    expect(classify(await send('POST', '/api/%61uth/sign-in', 'anonymous'))).toBe('csrf');
  });
});
