import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate, int4, utcTimestamp } from '@/contract/fields';
import { signedInClient, TestClient } from '../test/auth-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { catalogue, freshClient } from '../modules/nominations/test-support';
import { findUnstorableText } from './validation';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: admin } = await signedInClient(t.app, { admin: true }));
});
afterAll(async () => {
  await t.close();
});

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; field?: string; message: string } }).error;

describe('text no column can hold, refused for every route at the schema layer', () => {
  it('a NUL in a query parameter is a 400 naming it, on public and admin routes alike', async () => {
    for (const [client, url, field] of [
      [new TestClient(t.app), '/api/awards?search=tea%00pot', 'search'],
      [admin, '/api/admin/users?search=%00', 'search'],
      [admin, '/api/admin/nominations?search=a%00b', 'search'],
    ] as const) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res), url).toMatchObject({ code: 'INVALID_TEXT', field });
    }
  });

  it('a NUL or a lone surrogate in a body field is a 400 naming the field, and nothing is stored', async () => {
    const { award } = await catalogue(t.database.db);
    for (const [field, value] of [
      ['nominee_name', 'Dana\u0000'],
      ['reason', 'half an emoji \ud83d'],
      ['nominator_name', '\udc00'],
    ] as const) {
      const res = await freshClient(t.app).post('/api/nominations', { award_id: award.id, nominee_name: 'Dana', [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res), field).toMatchObject({ code: 'INVALID_TEXT', field });
      expect(errorOf(res).message).toContain(field);
    }
    const mine = await freshClient(t.app).post('/api/nominations', { award_id: award.id, nominee_name: 'Dana 🏆 👩‍🚀' });
    expect(mine.statusCode).toBe(201);
  });

  it('a NUL in a token is a 400, not a database error', async () => {
    const res = await new TestClient(t.app).post('/api/auth/password/reset', { token: 'abc\u0000', new_password: 'long enough password' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'INVALID_TEXT', field: 'token' });
  });

  it('finds the path of the first bad string in nested bodies, keys included, without recursion', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual(['a', '1', 'c']);
    expect(findUnstorableText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findUnstorableText({ ok: 'Zoë 👩‍🚀 ✓' })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(100_000);
  });
});

describe('values that pass a format check but not the calendar or the integer range', () => {
  it('admin date filters: year 0000, 30 February, month 13 are 400s naming the filter', async () => {
    for (const [q, field] of [
      ['from=0000-01-01', 'from'],
      ['to=2024-02-30', 'to'],
      ['from=2024-13-01', 'from'],
    ] as const) {
      const res = await admin.get(`/api/admin/nominations?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res), q).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect((await admin.get('/api/admin/nominations?from=2024-02-29&to=9999-12-31')).statusCode).toBe(200);
  });

  it('community cursors with impossible dates or counts are a 400 naming the cursor', async () => {
    const cursor = (c: unknown) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [sort, c] of [
      ['newest', { s: 'newest', t: '2024-13-45T25:61:61Z', i: id }],
      ['newest', { s: 'newest', t: '0000-01-01T00:00:00Z', i: id }],
      ['most_liked', { s: 'most_liked', r: 2 ** 31, t: '2024-01-01T00:00:00Z', i: id }],
      ['most_liked', { s: 'most_liked', r: 1e300, t: '2024-01-01T00:00:00Z', i: id }],
    ] as const) {
      const res = await new TestClient(t.app).get(`/api/community?sort=${sort}&cursor=${cursor(c)}`);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
    }
  });

  it('the shared field schemas', () => {
    expect(calendarDate('d').safeParse('2024-02-29').success).toBe(true);
    expect(calendarDate('d').safeParse('2023-02-29').success).toBe(false);
    expect(calendarDate('d').safeParse('0000-01-01').success).toBe(false);
    expect(utcTimestamp('t').safeParse('2024-01-31T23:59:59.123456Z').success).toBe(true);
    expect(utcTimestamp('t').safeParse('2024-01-31T24:00:00Z').success).toBe(false);
    expect(int4('n').safeParse(2 ** 31 - 1).success).toBe(true);
    expect(int4('n').safeParse(2 ** 31).success).toBe(false);
  });
});

describe('errors Fastify raises before a route runs', () => {
  it('answer in the JSON error shape with our own codes and words', async () => {
    const anon = new TestClient(t.app);
    const cases = [
      [await t.app.inject({ method: 'GET', url: '/api/certificates/%E0%A4%A' }), 400, 'BAD_URL'],
      [await t.app.inject({ method: 'GET', url: `/api/certificates/${'x'.repeat(200)}` }), 414, 'URL_TOO_LONG'],
      [await t.app.inject({ method: 'POST', url: '/api/nominations', payload: '{"a":', headers: { 'content-type': 'application/json' } }), 400, 'INVALID_JSON'],
      [await t.app.inject({ method: 'POST', url: '/api/nominations', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [await anon.request({ method: 'POST', url: '/api/nominations', payload: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'application/json' } }), 413, 'BODY_TOO_LARGE'],
    ] as const;
    for (const [res, status, code] of cases) {
      expect(res.statusCode, code).toBe(status);
      expect(errorOf(res).code).toBe(code);
      expect(res.body).not.toContain('FST_');
    }
  });
});
