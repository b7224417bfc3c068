import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { createTestDatabase } from './test/test-database';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const logged: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://certifiable.test' }),
    database,
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  app.get('/api/test/boom', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  app.post('/api/test/echo', async (req) => req.body);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('error handling', () => {
  it('hides the details of a 5xx from the caller and logs them', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again in a moment.', request_id: requestId },
    });
    expect(res.body).not.toContain('postgres://');
    // The log line of the failure carries the id the caller was given: a person quoting it leads to the details.
    const line = logged.find((l) => JSON.stringify(l).includes('secret connection string')) as { request_id?: string } | undefined;
    expect(line?.request_id).toBe(requestId);
  });

  it('gives every answer a request id of its own, in its header and in an error body; a caller cannot choose it', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-id' } });
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    const invalid = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"broken":' });
    const badUrl = await app.inject({ method: 'GET', url: '/api/awards/%E0%A4%A' });
    const ids = [ok, missing, invalid, badUrl].map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(4);
    expect(ok.headers['x-request-id']).not.toBe('forged-id');
    for (const r of [missing, invalid, badUrl]) expect((r.json() as { error: { request_id: string } }).error.request_id).toBe(r.headers['x-request-id']);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' } });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The same headers on every answer, an unknown address's too (the middleware is built once, decision 148).
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(missing.headers[name], name).toBe(res.headers[name]);
    }
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('OpenAPI document', () => {
  it('is generated from the route schemas and every route declares a response schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: { in: string; name: string }[] }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/awards', '/api/categories', '/sitemap.xml']));
    const awardsParams = doc.paths['/api/awards']!.get!.parameters!.map((p) => p.name);
    expect(awardsParams).toEqual(expect.arrayContaining(['search', 'category_id', 'is_active', 'min_sort_order', 'max_sort_order']));
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/test/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const ok = Object.entries(op.responses ?? {}).some(([code, r]) => code.startsWith('2') && JSON.stringify(r).includes('schema'));
        if (!ok) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
