/**
 * The OpenAPI document as a client generator or a gateway reads it (docs/decisions/122): generated from the real
 * app, linted with Redocly's recommended rules at zero errors, and its `security` true to what the routes do.
 */
import { randomUUID } from 'node:crypto';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  'x-required-role'?: string;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

let t: TestApp;
let doc: Doc;
const ops: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false, jobs: 'manual' });
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
  for (const [path, item] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(item)) ops.push({ method, path, op });
});
afterAll(async () => {
  await t.close();
});

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');
/** Signed out and without a link's token, may the caller try it? (`{}`: no credentials needed.) */
const anonymousAllowed = (op: Operation) => (op.security ?? []).length === 0 || op.security!.some((r) => Object.keys(r).every((k) => k === 'csrf'));

describe('GET /api/openapi.json', () => {
  it('passes the Redocly recommended rules with zero errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('names the session cookie, the CSRF header and the admin role as security schemes, and every operation its own', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'certifiable_session' },
      adminSession: { type: 'apiKey', in: 'cookie', name: 'certifiable_session' },
      csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
    });
    expect(ops.length).toBeGreaterThan(150);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter(({ op }) => !Array.isArray(op.security)).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const find = (method: string, path: string) => doc.paths[path]![method]!;
    expect(find('get', '/api/awards').operationId).toBe('getAwards');
    expect(find('get', '/api/admin/awards')).toMatchObject({ security: [{ adminSession: [] }], 'x-required-role': 'admin' });
    expect(find('delete', '/api/admin/awards/{id}').security).toEqual([{ adminSession: [], csrf: [] }]);
    expect(find('get', '/api/account').security).toEqual([{ session: [] }]);
    expect(find('post', '/api/auth/sign-in').security).toEqual([{ csrf: [] }, { session: [], csrf: [] }]);
    expect(find('post', '/api/nominations').security).toEqual([{}, { session: [], csrf: [] }]);
    expect(find('post', '/api/webhooks/payments').security).toEqual([]);
  });

  it('declares what signed-out callers meet: 401 exactly where it says a session is needed', { timeout: 120_000 }, async () => {
    const anonymous = new TestClient(t.app);
    const wrong: string[] = [];
    for (const { method, path, op } of ops) {
      if (method === 'head' || path === '/api/openapi.json') continue;
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const res = await anonymous.request({ method: method.toUpperCase(), url, ...(method === 'get' || method === 'delete' ? {} : { payload: {} }) });
      const code = res.statusCode === 401 ? (res.json() as { error?: { code?: string } }).error?.code : undefined;
      // Without a session and without a link's token (an order link's `?token=` is a credential of its own).
      const allowed = anonymousAllowed(op);
      if (code === 'UNAUTHORIZED' && allowed) wrong.push(`${method} ${path}: 401 to a signed-out caller, but its security allows one`);
      // A GET is refused before anything about its input is read; a mutation may first say its body is wrong.
      if (method === 'get' && !allowed && res.statusCode !== 401) wrong.push(`${method} ${path}: ${res.statusCode} to a signed-out caller, but its security needs a session`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares files as files and their errors as the JSON they are', async () => {
    const files = ops.filter(({ op }) => Object.entries(op.responses).some(([s, r]) => s.startsWith('2') && Object.keys(r.content ?? {}).some((c) => !isJson(c))));
    expect(files.map(({ path }) => path)).toEqual(
      expect.arrayContaining(['/api/certificates/{share_id}/share.png', '/api/quiz/results/{result_id}/share.png', '/files/award-images/{path}', '/api/admin/awards/export.csv']),
    );
    for (const { method, path, op } of files) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual(['application/json']);
      }
    }
    // As served: a missing share image is a JSON error, as declared.
    const res = await t.app.inject({ method: 'GET', url: '/api/certificates/AAAAAAAAAAAAAAAA/share.png' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(doc.paths['/api/certificates/{share_id}/share.png']!.get!.responses['404']!.content!)).toEqual(['application/json']);
    // The award image route: one named path parameter, an image (or a download) for 200.
    const image = doc.paths['/files/award-images/{path}']!.get!;
    expect(Object.keys(image.responses['200']!.content!)).toEqual(expect.arrayContaining(['image/png', 'application/octet-stream']));
    expect(Object.keys(image.responses['200']!.content!)).not.toContain('application/json');
  });
});
