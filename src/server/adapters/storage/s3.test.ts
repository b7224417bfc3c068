import { S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { startS3Server, type S3Server } from '@/server/test/loopback/s3-server';
import { createObjectStorage } from './index';
import { ObjectExistsError, readAll } from './object-storage';
import { S3ObjectStorage, type S3StorageOptions } from './s3';
import { describeObjectStorage } from './storage-behaviour';

const BUCKET = 'certifiable-files';
const ACCESS_KEY_ID = 'AKIALOOPBACKEXAMPLE1';
const SECRET = 'loopback/Secret+Key/0123456789abcdefghijklmno';

let server: S3Server;
let storage: S3ObjectStorage;
const others: S3ObjectStorage[] = [];

function s3(over: Partial<S3StorageOptions> = {}): S3ObjectStorage {
  const s = new S3ObjectStorage({
    bucket: BUCKET,
    region: 'eu-central-1',
    endpoint: server.url,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET },
    ...over,
  });
  others.push(s);
  return s;
}

beforeAll(async () => {
  server = await startS3Server({ accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET, region: 'eu-central-1', buckets: [BUCKET] });
  storage = s3();
});

afterAll(async () => {
  for (const s of others) s.close();
  await server.close();
});

describeObjectStorage('S3 (loopback, every request signature-checked)', () => storage);

describe('S3: the protocol as the provider sees it', () => {
  it('is the store when S3_BUCKET is set', async () => {
    const config = loadConfig({ S3_BUCKET: BUCKET, S3_ENDPOINT: server.url, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET });
    const s = await createObjectStorage(config);
    expect(s.kind).toBe('s3');
    s.close?.();
  });

  it('keeps logical buckets as key prefixes of the one bucket, with type and Cache-Control', async () => {
    await storage.put('award-images', 'awards/seal.png', Buffer.from('png'), { contentType: 'image/png', upsert: true, cacheControl: 'public, max-age=300' });
    const stored = server.objects(BUCKET).get('award-images/awards/seal.png');
    expect(stored).toMatchObject({ contentType: 'image/png', cacheControl: 'public, max-age=300' });
    expect(stored?.body.toString()).toBe('png');
  });

  it('sends If-None-Match: * only when not upserting', async () => {
    const before = server.requests.length;
    await storage.put('bug-attachments', 'inm/a.txt', Buffer.from('a'), { contentType: 'text/plain' });
    await storage.put('award-images', 'inm/b.png', Buffer.from('b'), { contentType: 'image/png', upsert: true });
    const puts = server.requests.slice(before).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.path, r.headers['if-none-match']])).toEqual([
      [`/${BUCKET}/bug-attachments/inm/a.txt`, '*'],
      [`/${BUCKET}/award-images/inm/b.png`, undefined],
    ]);
  });

  it('asks the provider for a byte range (video seeking)', async () => {
    await storage.put('bug-attachments', 'videos/clip.webm', Buffer.from('0123456789'), { contentType: 'video/webm' });
    const before = server.requests.length;
    const part = await storage.get('bug-attachments', 'videos/clip.webm', { start: 3, end: 6 });
    expect(server.requests.slice(before).map((r) => r.headers.range)).toEqual(['bytes=3-6']);
    expect(part).toMatchObject({ size: 10, range: { start: 3, end: 6 } });
    expect((await readAll(part!.body)).toString()).toBe('3456');
  });

  it('signed every request it sent (none was refused)', () => {
    expect(server.requests.length).toBeGreaterThan(20);
    expect(server.requests.filter((r) => r.error === 'SignatureDoesNotMatch' || r.error === 'AccessDenied')).toEqual([]);
    for (const r of server.requests) expect(r.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIALOOPBACKEXAMPLE1\/\d{8}\/eu-central-1\/s3\/aws4_request/);
  });

  it('is refused with a wrong secret (SignatureDoesNotMatch, 403), and stores nothing', async () => {
    const wrong = s3({ credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: `${SECRET}-wrong` }, maxAttempts: 1 });
    const err = await wrong.put('award-images', 'forged.png', Buffer.from('x'), { contentType: 'image/png', upsert: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3ServiceException);
    expect(err).toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    expect(server.objects(BUCKET).has('award-images/forged.png')).toBe(false);
    await expect(wrong.check('award-images')).rejects.toThrow(/signature/i);
  });

  it('is refused with an unknown access key (InvalidAccessKeyId)', async () => {
    const unknown = s3({ credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: SECRET }, maxAttempts: 1 });
    await expect(unknown.get('award-images', 'awards/seal.png')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('counts a create whose answer was lost as done when the retry finds its own bytes', async () => {
    server.dropNextAnswers(1);
    const info = await storage.put('bug-attachments', 'lost-answer.txt', Buffer.from('mine'), { contentType: 'text/plain' });
    expect(info).toMatchObject({ size: 4 });
    expect(server.requests.filter((r) => r.path.endsWith('/lost-answer.txt') && r.method === 'PUT')).toHaveLength(2);
    // …but another writer's object at the key is still "exists".
    await expect(storage.put('bug-attachments', 'lost-answer.txt', Buffer.from('mine too'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(ObjectExistsError);
  });

  it('gives up on a provider that never answers, within its timeout', async () => {
    const impatient = s3({ timeouts: { connectMs: 500, requestMs: 300, socketIdleMs: 300 }, maxAttempts: 1 });
    server.hangNextRequests(1);
    const started = Date.now();
    await expect(impatient.head('award-images', 'awards/seal.png')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('points public URLs at S3_PUBLIC_URL when set, else at our own route', () => {
    expect(s3({ publicUrl: 'https://cdn.certifiable.example/award-images/' }).publicUrl('award-images', 'awards/seal.png')).toBe(
      'https://cdn.certifiable.example/award-images/awards/seal.png',
    );
    expect(storage.publicUrl('award-images', 'awards/seal.png')).toBe('/files/award-images/awards/seal.png');
  });
});
