import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentAddressedKey } from '@/server/adapters/storage/object-storage';
import { startS3Server, type S3Server } from '@/server/test/loopback/s3-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { IMMUTABLE_CACHE_CONTROL, REPLACEABLE_CACHE_CONTROL, etagMatches } from './storage.routes';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('pretend the rest of a png')]);

describe('GET /files/award-images/* (local disk)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('serves a content-addressed image with its type, nosniff and a year of caching', async () => {
    const key = contentAddressedKey('awards', PNG, 'png');
    await t.app.storage.put('award-images', key, PNG, { contentType: 'image/png', upsert: true });
    const url = t.app.storage.publicUrl('award-images', key);
    expect(url).toBe(`/files/award-images/${key}`);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.rawPayload).toEqual(PNG);
  });

  it('serves a replaceable key for five minutes, then revalidates with its ETag (304)', async () => {
    await t.app.storage.put('award-images', 'awards/emblem.png', PNG, { contentType: 'image/png', upsert: true });
    const res = await t.app.inject({ method: 'GET', url: '/files/award-images/awards/emblem.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(REPLACEABLE_CACHE_CONTROL);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await t.app.inject({ method: 'GET', url: '/files/award-images/awards/emblem.png', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Replaced: the old ETag no longer matches.
    await t.app.storage.put('award-images', 'awards/emblem.png', Buffer.concat([PNG, Buffer.from('v2')]), { contentType: 'image/png', upsert: true });
    const changed = await t.app.inject({ method: 'GET', url: '/files/award-images/awards/emblem.png', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.subarray(-2).toString()).toBe('v2');
  });

  it('answers HEAD without a body', async () => {
    await t.app.storage.put('award-images', 'awards/head.png', PNG, { contentType: 'image/png', upsert: true });
    const res = await t.app.inject({ method: 'HEAD', url: '/files/award-images/awards/head.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.body).toBe('');
  });

  it('answers a JSON 404 for a missing file or a key that cannot be one', async () => {
    for (const url of ['/files/award-images/awards/missing.png', '/files/award-images/..%2F..%2Fetc%2Fpasswd', '/files/award-images/a%20b.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'FILE_NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('never serves bug attachments, by any path', async () => {
    await t.app.storage.put('bug-attachments', 'screenshots/secret.png', PNG, { contentType: 'image/png' });
    for (const url of [
      '/files/bug-attachments/screenshots/secret.png',
      '/files/award-images/../bug-attachments/screenshots/secret.png',
      '/files/award-images/..%2Fbug-attachments%2Fscreenshots%2Fsecret.png',
      '/files/award-images/%2e%2e/bug-attachments/screenshots/secret.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(PNG)).toBe(false);
    }
  });

  it('sends a stored non-image type as a download, never as a page', async () => {
    await t.app.storage.put('award-images', 'awards/page.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html', upsert: true });
    const res = await t.app.inject({ method: 'GET', url: '/files/award-images/awards/page.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });
});

describe('GET /files/award-images/* (proxied from S3)', () => {
  let server: S3Server;
  let t: TestApp;
  beforeAll(async () => {
    server = await startS3Server({ accessKeyId: 'AKIAROUTETEST', secretAccessKey: 'route-test-secret', buckets: ['shop-files'] });
    t = await createTestApp({
      seed: false,
      env: { S3_BUCKET: 'shop-files', S3_ENDPOINT: server.url, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'AKIAROUTETEST', S3_SECRET_ACCESS_KEY: 'route-test-secret' },
    });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('streams the object from the bucket with its type and ETag', async () => {
    expect(t.app.storage.kind).toBe('s3');
    await t.app.storage.put('award-images', 'awards/s3.png', PNG, { contentType: 'image/png', upsert: true });
    expect(server.objects('shop-files').has('award-images/awards/s3.png')).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/files/award-images/awards/s3.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload).toEqual(PNG);
    const again = await t.app.inject({ method: 'GET', url: '/files/award-images/awards/s3.png', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/files/award-images/awards/none.png' })).statusCode).toBe(404);
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists and with *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"x", W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
