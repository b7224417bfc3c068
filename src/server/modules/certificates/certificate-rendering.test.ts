/**
 * Certificate files under load (docs/decisions/021), through HTTP on apps with tiny render pools:
 * the cap answers 503 + Retry-After, a second request for a file being drawn waits on that render,
 * a render over its time budget fails cleanly, and the server keeps answering meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '@/contract/nominations';
import { TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { isPng } from './raster';
import { catalogue, freshClient, nominate } from '../nominations/test-support';

async function certificates(t: TestApp, count: number): Promise<Certificate[]> {
  const cat = await catalogue(t.database.db);
  const out: Certificate[] = [];
  for (let i = 0; i < count; i++) {
    const res = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: `Nominee Number ${i + 1}` });
    out.push(res.certificate);
  }
  return out;
}

const fileUrl = (cert: Certificate, file: string) => `/api/certificates/${cert.share_id}/${file}`;

function expectRenderUnavailable(res: Awaited<ReturnType<TestClient['get']>>, code: string) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(res.headers['cache-control']).toBe('no-store');
  // Not the file's strong validator (the app may still add its weak one to any JSON answer).
  expect(String(res.headers.etag ?? '')).not.toMatch(/^"/);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(/try again/);
}

// Real render processes (started under tsx): seconds each on a busy 2-core machine.
describe('one render at a time, nothing queued (RENDER_WORKERS=1, RENDER_QUEUE_MAX=0)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let certs: Certificate[];
  beforeAll(async () => {
    t = await createTestApp({ env: { RENDER_WORKERS: '1', RENDER_QUEUE_MAX: '0' } });
    certs = await certificates(t, 7);
  });
  afterAll(async () => {
    await t.close();
  });

  it('past the cap: 503 RENDER_BUSY with Retry-After, while the server keeps answering', async () => {
    const client = new TestClient(t.app);
    const asked = certs.slice(0, 6).map((cert) => client.get(fileUrl(cert, 'print.png')));
    // Asked once the cap has turned one away, so while the others are being drawn (or, failing that, after all).
    const turnedAway = Promise.race(asked.map((p) => p.then((r) => (r.statusCode === 503 ? r : new Promise<never>(() => {})))));
    const [health, ...files] = await Promise.all([Promise.race([turnedAway, Promise.all(asked)]).then(() => client.get('/api/health')), ...asked]);
    expect(health!.statusCode).toBe(200);
    const statuses = files.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    for (const res of files) {
      if (res.statusCode === 200) expect(isPng(res.rawPayload)).toBe(true);
      else expectRenderUnavailable(res, 'RENDER_BUSY');
    }
    // Once the pool is free, the refused file is drawn.
    const refused = certs[statuses.indexOf(503)]!;
    const retried = await client.get(fileUrl(refused, 'print.png'));
    expect(retried.statusCode).toBe(200);
    expect(isPng(retried.rawPayload)).toBe(true);
  });

  it('a second request for a file being drawn waits on that render instead of needing a slot of its own', async () => {
    const client = new TestClient(t.app);
    // Six at once for one undrawn PDF: with room for one render, only a shared render lets all six succeed.
    const files = await Promise.all(Array.from({ length: 6 }, () => client.get(fileUrl(certs[6]!, 'certificate.pdf'))));
    expect(files.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const first = files[0]!.rawPayload;
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const res of files) expect(res.rawPayload.equals(first)).toBe(true);
  });
});

describe('a render over its time budget (RENDER_TIMEOUT_MS=1)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let cert: Certificate;
  beforeAll(async () => {
    t = await createTestApp({ env: { RENDER_TIMEOUT_MS: '1' } });
    cert = (await certificates(t, 1))[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is stopped and answered 503 RENDER_TIMEOUT with Retry-After; the SVG and the rest of the server still answer', async () => {
    const client = new TestClient(t.app);
    expectRenderUnavailable(await client.get(fileUrl(cert, 'print.png')), 'RENDER_TIMEOUT');
    expectRenderUnavailable(await client.get(fileUrl(cert, 'share.png')), 'RENDER_TIMEOUT');
    expect((await client.get(fileUrl(cert, 'certificate.svg'))).statusCode).toBe(200);
    expect((await client.get('/api/health')).statusCode).toBe(200);
    expect((await client.get(`/api/certificates/${cert.share_id}`)).statusCode).toBe(200);
  });
});
