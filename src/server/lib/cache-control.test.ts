import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate } from '../modules/nominations/test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control: no-store unless the route says otherwise (docs/decisions/067)', () => {
  it('answers no-store from routes that set nothing, for reads, writes and unknown API paths', async () => {
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');

    const { award } = await catalogue(t.database.db);
    const preview = await freshClient(t.app).post('/api/certificates/preview', { award_id: award.id, nominee_name: 'Ada' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');

    const unknown = await get('/api/no-such-route');
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Nothing here: GET /api/no-such-route' } });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('keeps what a route declares in its config, also on a 304 revalidation', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
    const again = await get('/sitemap.xml', { 'if-none-match': String(sitemap.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=3600');

    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/api/community')).headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps what a handler sets per answer (the catalogue, public and private certificate files)', async () => {
    expect((await get('/api/awards')).headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');

    const { award } = await catalogue(t.database.db);
    const open = await nominate(freshClient(t.app), { award_id: award.id, is_public: true });
    const closed = await nominate(freshClient(t.app), { award_id: award.id, is_public: false });
    expect((await get(open.certificate.urls.svg)).headers['cache-control']).toBe('public, no-cache');
    expect((await get(closed.certificate.urls.svg)).headers['cache-control']).toBe('private, no-cache');
    expect((await get(`/api/certificates/${open.certificate.share_id}`)).headers['cache-control']).toBe('private, no-cache');
  });

  it('answers every error no-store, even from a route that is cacheable when it succeeds', async () => {
    const missing = await get('/api/certificates/AAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('CERTIFICATE_NOT_FOUND');
    expect(missing.headers['cache-control']).toBe('no-store');

    const badCursor = await get('/api/community?cursor=not-a-cursor');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
    expect(badCursor.headers['cache-control']).toBe('no-store');

    const signedOut = await new TestClient(t.app).get('/api/account');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHORIZED');
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });

  it('leaves pages to the HTML shell, which asks browsers to revalidate', async () => {
    const page = await get('/gallery');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
