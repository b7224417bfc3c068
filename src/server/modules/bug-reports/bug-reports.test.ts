import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as UpngModule from '@pdf-lib/upng';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUG_LIMITS, BUG_RATE_LIMIT, type BugEndpointTest, type BugReportDetail, type BugReportList, type BugSeverity, type BugStatus } from '@/contract/bug-reports';
import type { ObjectStorage } from '@/server/adapters/storage/object-storage';
import { auditLog, bugReports, mailOutbox } from '@/server/db/schema/index';
import { createUser, outcomeOf, signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { parseRange } from './admin-bug-reports.routes';
import { createBugReport, parseBugFields } from './bug-reports.service';
import { BUG_BUCKET, bugReportsContext } from './context';
import { BUG_REPORT_RETENTION_DAYS, deleteExpiredBugReports } from './bug-report-retention';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

let t: TestApp;
let admin: TestClient;
let adminUser: { id: string; email: string };
let secondAdmin: { id: string; email: string };
let member: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: admin, user: adminUser } = await signedInClient(t.app, { admin: true, name: 'Ada Admin' }));
  secondAdmin = await createUser(t.app, { admin: true });
  ({ client: member } = await signedInClient(t.app));
});
afterAll(async () => {
  await t.close();
});

// ---- bodies ----

/** A real, valid PNG (8×6 RGBA) drawn by the same encoder the certificates use. */
function pngBytes(): Buffer {
  const w = 8;
  const h = 6;
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) rgba.set([(i * 37) % 256, (i * 11) % 256, 200, 255], i * 4);
  return Buffer.from(UPNG.encode([rgba.buffer], w, h, 0));
}

const box = (type: string, body: Buffer) => {
  const b = Buffer.alloc(8 + body.length);
  b.writeUInt32BE(8 + body.length, 0);
  b.write(type, 4, 'latin1');
  body.copy(b, 8);
  return b;
};
/** The start of an MP4 file (an ftyp box): what file-type reads. */
const mp4Bytes = () => Buffer.concat([box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')])), box('free', Buffer.alloc(64, 7))]);
/** An EBML header with DocType webm, then some payload. */
function webmBytes(): Buffer {
  const el = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const header = Buffer.concat([
    el([0x42, 0x86], Buffer.from([1])),
    el([0x42, 0xf7], Buffer.from([1])),
    el([0x42, 0x82], Buffer.from('webm')),
    el([0x42, 0x87], Buffer.from([4])),
    el([0x42, 0x85], Buffer.from([2])),
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header, Buffer.alloc(300, 3)]);
}

interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it. */
async function formBody(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

let ipCounter = 0;
/** An anonymous browser at an address of its own, so the per-IP limit of one test never touches another. */
const stranger = () => {
  const c = new TestClient(t.app);
  ipCounter += 1;
  c.ip = `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  return c;
};

async function report(client: TestClient, fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = {}) {
  const body = await formBody(fields, files);
  return client.request({ method: 'POST', url: '/api/bug-reports', payload: body.payload, headers: { 'content-type': body.contentType, ...headers } });
}

const rowOf = async (id: string) => (await t.database.db.select().from(bugReports).where(eq(bugReports.id, id)))[0]!;
const reportCount = async () => (await t.database.db.select({ id: bugReports.id }).from(bugReports)).length;
const storedFiles = async (folder: 'screenshots' | 'videos') =>
  (await fs.readdir(path.join(t.config.dataDir, 'storage', BUG_BUCKET, folder)).catch(() => [] as string[])).filter((f) => !f.endsWith('.meta.json'));

const png = (over: Partial<FilePart> = {}): FilePart => ({ field: 'screenshot', name: 'shot.png', type: 'image/png', bytes: pngBytes(), ...over });

describe('POST /api/bug-reports (create-bug)', () => {
  it('stores a real PNG and a video under screenshots/ and videos/, served back byte-identical to admins only', async () => {
    const shot = pngBytes();
    const video = webmBytes();
    const res = await report(stranger(), { title: 'Cart button does nothing', severity: 'high', page_url: 'https://certifiable.test/cart' }, [
      { field: 'screenshot', name: 'shot.png', type: 'image/png', bytes: shot },
      // The browser's type is wrong on purpose: the bytes decide.
      { field: 'repro_video', name: 'clip.bin', type: 'application/octet-stream', bytes: video },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { success: boolean; id: string; error: null };
    expect(body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown as string, error: null });
    const row = await rowOf(body.id);
    expect(row.screenshotPath).toMatch(/^screenshots\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/);
    expect(row.reproVideoPath).toMatch(/^videos\/[0-9a-f-]{36}\.webm$/);

    const url = `/api/admin/bug-reports/${body.id}/screenshot`;
    const served = await admin.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(shot)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': 'inline',
    });
    expect(outcomeOf(await new TestClient(t.app).get(url))).toBe('401 UNAUTHORIZED');
    expect(outcomeOf(await member.get(url))).toBe('403 FORBIDDEN');

    const videoUrl = `/api/admin/bug-reports/${body.id}/video`;
    const whole = await admin.get(videoUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    expect(outcomeOf(await member.get(videoUrl))).toBe('403 FORBIDDEN');

    const part = await admin.request({ method: 'GET', url: videoUrl, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(4, 12))).toBe(true);
    const tail = await admin.request({ method: 'GET', url: videoUrl, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const outside = await admin.request({ method: 'GET', url: videoUrl, headers: { range: `bytes=${video.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);

    const detail = (await admin.get(`/api/admin/bug-reports/${body.id}`)).json() as BugReportDetail;
    expect(detail).toMatchObject({ screenshot_url: url, video_url: videoUrl, has_screenshot: true, has_video: true, severity: 'high', status: 'new' });
  });

  it('refuses a text file named shot.png sent as image/png (415 naming screenshot) and stores nothing', async () => {
    const before = { rows: await reportCount(), files: (await storedFiles('screenshots')).length };
    const res = await report(stranger(), { title: 'Disguised' }, [png({ bytes: Buffer.from('<html><script>alert(1)</script></html>') })]);
    expect(outcomeOf(res)).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    expect(res.json()).toMatchObject({ error: { field: 'screenshot', message: 'screenshot must be a PNG, JPEG, WebP or GIF image' } });
    expect(await reportCount()).toBe(before.rows);
    expect((await storedFiles('screenshots')).length).toBe(before.files);
  });

  it('refuses a video as the screenshot and an image as the video', async () => {
    for (const bytes of [mp4Bytes(), webmBytes()]) {
      const res = await report(stranger(), { title: 'Video as image' }, [png({ bytes })]);
      expect(outcomeOf(res)).toBe('415 UNSUPPORTED_MEDIA_TYPE');
      expect(res.json()).toMatchObject({ error: { field: 'screenshot' } });
    }
    const res = await report(stranger(), { title: 'Image as video' }, [{ field: 'repro_video', name: 'clip.mp4', type: 'video/mp4', bytes: pngBytes() }]);
    expect(outcomeOf(res)).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    expect(res.json()).toMatchObject({ error: { field: 'repro_video', message: 'repro_video must be an MP4, WebM or QuickTime video' } });
    // An MP4 is a fine video.
    const ok = await report(stranger(), { title: 'MP4 video' }, [{ field: 'repro_video', name: 'clip.mp4', type: 'video/mp4', bytes: mp4Bytes() }]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await rowOf((ok.json() as { id: string }).id)).reproVideoPath).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
  });

  it('refuses a screenshot over its cap (413 naming screenshot)', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(BUG_LIMITS.screenshotMaxBytes)]);
    const res = await report(stranger(), { title: 'Huge screenshot' }, [png({ bytes: big })]);
    expect(outcomeOf(res)).toBe('413 FILE_TOO_LARGE');
    expect(res.json()).toMatchObject({ error: { field: 'screenshot', message: 'screenshot is too large: at most 5 MB' } });
  });

  it("says 'Title is required' for a missing, empty or blank title", async () => {
    const cases: Record<string, string>[] = [{}, { title: '' }, { title: '   \n\t ' }];
    for (const fields of cases) {
      const res = await report(stranger(), { ...fields, description: 'Something broke' });
      expect(outcomeOf(res)).toBe('400 VALIDATION_ERROR');
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: 'Title is required', field: 'title' } });
    }
  });

  it('stores empty optional fields as null, trims the title and takes the defaults', async () => {
    const res = await report(
      stranger(),
      { title: '  Spaces around  ', description: '', steps_to_repro: '   ', page_url: '', reporter_email: ' ', console_logs: '', metadata: '' },
      // An empty file input is sent as an empty file part.
      [png({ bytes: Buffer.alloc(0), name: '' })],
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf((res.json() as { id: string }).id);
    expect(row).toMatchObject({
      title: 'Spaces around',
      description: null,
      stepsToRepro: null,
      pageUrl: null,
      reporterEmail: null,
      screenshotPath: null,
      reproVideoPath: null,
      severity: 'medium',
      status: 'new',
      consoleLogs: [],
      metadata: {},
      viewportHeader: null,
      reporterUserId: null,
      userAgent: 'vitest',
    });
  });

  it('stores every field, the parsed x-viewport-json header, the user agent and the IP', async () => {
    const client = stranger();
    const viewport = { width: 1280, height: 720, devicePixelRatio: 2 };
    const res = await report(
      client,
      {
        title: 'Checkout total wrong',
        description: 'It says 0',
        steps_to_repro: '1. add\n2. pay',
        severity: 'low',
        page_url: 'https://certifiable.test/checkout',
        console_logs: JSON.stringify(['[log] hello', '[error] boom']),
        metadata: JSON.stringify({ viewport, timestamp: '2026-11-23T10:00:00.000Z', userAgent: 'Mozilla/5.0', extra: 'dropped' }),
        reporter_email: 'someone@example.test',
      },
      [],
      { 'x-viewport-json': JSON.stringify(viewport) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf((res.json() as { id: string }).id);
    expect(row).toMatchObject({
      description: 'It says 0',
      stepsToRepro: '1. add\n2. pay',
      severity: 'low',
      pageUrl: 'https://certifiable.test/checkout',
      consoleLogs: ['[log] hello', '[error] boom'],
      metadata: { viewport, timestamp: '2026-11-23T10:00:00.000Z', userAgent: 'Mozilla/5.0' },
      viewportHeader: viewport,
      reporterEmail: 'someone@example.test',
      ip: client.ip,
      userAgent: 'vitest',
    });
  });

  it('takes a full console of non-Latin text, and refuses a text field over 256 KB (413 naming it)', async () => {
    const lines = Array.from({ length: BUG_LIMITS.consoleSent }, (_, i) => `[log] ${i} ${'漢'.repeat(BUG_LIMITS.consoleLineMax - 10)}`);
    const full = await report(stranger(), { title: 'Busy console', console_logs: JSON.stringify(lines) });
    expect(full.statusCode, full.body).toBe(201);
    expect((await rowOf((full.json() as { id: string }).id)).consoleLogs).toEqual(lines);
    const tooLong = await report(stranger(), { title: 'Long', description: 'x'.repeat(256 * 1024 + 1) });
    expect(outcomeOf(tooLong)).toBe('413 FIELD_TOO_LARGE');
    expect(tooLong.json()).toMatchObject({ error: { field: 'description' } });
  });

  it('keeps the report when x-viewport-json is not JSON or too long (stored as null)', async () => {
    for (const header of ['{not json', JSON.stringify({ pad: 'x'.repeat(BUG_LIMITS.viewportHeaderMaxBytes) }), '"\\u0000"']) {
      const res = await report(stranger(), { title: 'Odd header' }, [], { 'x-viewport-json': header });
      expect(res.statusCode, res.body).toBe(201);
      expect((await rowOf((res.json() as { id: string }).id)).viewportHeader).toBeNull();
    }
  });

  it('names the field of bad JSON, an unknown field and an unknown file field', async () => {
    expect((await report(stranger(), { title: 'x', console_logs: '[oops' })).json()).toMatchObject({ error: { code: 'INVALID_JSON', field: 'console_logs' } });
    expect((await report(stranger(), { title: 'x', metadata: '{' })).json()).toMatchObject({ error: { code: 'INVALID_JSON', field: 'metadata' } });
    const notList = await report(stranger(), { title: 'x', console_logs: '{"a":1}' });
    expect(outcomeOf(notList)).toBe('400 VALIDATION_ERROR');
    expect(notList.json()).toMatchObject({ error: { field: 'console_logs' } });
    const badSeverity = await report(stranger(), { title: 'x', severity: 'apocalyptic' });
    expect(badSeverity.json()).toMatchObject({ error: { field: 'severity', message: 'severity must be low, medium, high or critical' } });
    const badEmail = await report(stranger(), { title: 'x', reporter_email: 'not-an-email' });
    expect(badEmail.json()).toMatchObject({ error: { field: 'reporter_email' } });
    const unknownFile = await report(stranger(), { title: 'x' }, [png({ field: 'attachment' })]);
    expect(outcomeOf(unknownFile)).toBe('400 VALIDATION_ERROR');
    expect(unknownFile.json()).toMatchObject({ error: { field: 'attachment' } });
    const unknownField = await report(stranger(), { title: 'x', is_admin: 'true' });
    expect(unknownField.json()).toMatchObject({ error: { field: 'is_admin', message: "Unknown field 'is_admin'" } });
    const twoShots = await report(stranger(), { title: 'x' }, [png(), png()]);
    expect(twoShots.json()).toMatchObject({ error: { field: 'screenshot' } });
    const nul = await report(stranger(), { title: 'bad\u0000title' });
    expect(outcomeOf(nul)).toBe('400 INVALID_TEXT');
  });

  it('stores only an http or https page link: javascript:, data: and the like are 400 naming page_url', async () => {
    const before = await reportCount();
    for (const page_url of ['javascript:alert(1)', ' JavaScript:alert(document.cookie)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://certifiable.test/x', '/cart', 'https:/cart']) {
      const res = await report(stranger(), { title: 'Odd link', page_url });
      expect(outcomeOf(res), page_url).toBe('400 VALIDATION_ERROR');
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: 'page_url must be an http or https address', field: 'page_url' } });
    }
    expect(await reportCount()).toBe(before);

    for (const page_url of ['https://certifiable.test/store?award=gold#top', 'http://localhost:5173/cart']) {
      const res = await report(stranger(), { title: 'Good link', page_url });
      expect(res.statusCode, res.body).toBe(201);
      expect((await rowOf((res.json() as { id: string }).id)).pageUrl).toBe(page_url);
    }
  });

  it('refuses a body that is not multipart (415) and a broken multipart body (400)', async () => {
    const json = await stranger().request({ method: 'POST', url: '/api/bug-reports', payload: { title: 'JSON' } });
    expect(outcomeOf(json)).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    const body = await formBody({ title: 'cut short' });
    const cut = await stranger().request({
      method: 'POST',
      url: '/api/bug-reports',
      payload: body.payload.subarray(0, body.payload.length - 20),
      headers: { 'content-type': body.contentType },
    });
    expect(outcomeOf(cut)).toBe('400 INVALID_BODY');
  });

  it('links a signed-in reporter, who sends the CSRF header like for any write', async () => {
    const { client, user } = await signedInClient(t.app, { name: 'Rita Reporter' });
    client.ip = '192.0.2.200';
    const res = await report(client, { title: 'Signed in' });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    expect((await rowOf(id)).reporterUserId).toBe(user.id);
    const detail = (await admin.get(`/api/admin/bug-reports/${id}`)).json() as BugReportDetail;
    expect(detail.reporter).toEqual({ user_id: user.id, email: user.email, name: 'Rita Reporter' });
    expect(detail).toMatchObject({ screenshot_url: null, video_url: null });

    client.csrf = false;
    expect(outcomeOf(await report(client, { title: 'No token' }))).toMatch(/^403 /);
  });

  it(`allows ${BUG_RATE_LIMIT.burst.max} reports per IP in ${BUG_RATE_LIMIT.burst.windowMinutes} minutes, then 429; another IP is still fine`, async () => {
    const client = stranger();
    for (let i = 0; i < BUG_RATE_LIMIT.burst.max; i++) expect((await report(client, { title: `Burst ${i}` })).statusCode).toBe(201);
    const refused = await report(client, { title: 'One too many' }, [png()]);
    expect(outcomeOf(refused)).toBe('429 RATE_LIMITED');
    expect((refused.json() as { error: { message: string } }).error.message).toMatch(/Please wait a few minutes/);
    expect(refused.headers['retry-after']).toBe(String(BUG_RATE_LIMIT.burst.windowMinutes * 60));
    expect((await report(stranger(), { title: 'Someone else' })).statusCode).toBe(201);
  });

  it('queues a mail to every admin for a critical report, once, and none for the others', async () => {
    const mailsOf = (kind: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
    const before = (await mailsOf('bug_report_critical')).length;
    const calm = await report(stranger(), { title: 'Just a typo', severity: 'high' });
    expect(calm.statusCode).toBe(201);
    expect((await mailsOf('bug_report_critical')).length).toBe(before);

    const res = await report(stranger(), { title: 'Payments are down', severity: 'critical', page_url: 'https://certifiable.test/checkout' });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    const mails = (await mailsOf('bug_report_critical')).filter((m) => m.dedupeKey?.startsWith(`bug_report:${id}:`));
    expect(mails.map((m) => m.to).sort()).toEqual([adminUser.email, secondAdmin.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Critical bug reported: Payments are down');
      expect(mail.text).toContain('Payments are down');
      expect(mail.text).toContain('Severity: Critical');
      expect(mail.text).toContain('Page: https://certifiable.test/checkout');
      expect(mail.text).toContain(`https://certifiable.test/admin/bug-reports?report=${id}`);
    }
  });
});

describe('over a real socket', () => {
  it('answers an oversized video with 413 naming it, and a good report with 201', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = async (form: FormData) => fetch(`http://127.0.0.1:${port}/api/bug-reports`, { method: 'POST', body: form });
    const big = new FormData();
    big.append('title', 'Big over HTTP');
    big.append('repro_video', new Blob([new Uint8Array(webmBytes()), new Uint8Array(BUG_LIMITS.videoMaxBytes)], { type: 'video/webm' }), 'big.webm');
    const refused = await send(big);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: { code: 'FILE_TOO_LARGE', field: 'repro_video' } });
    const good = new FormData();
    good.append('title', 'Good over HTTP');
    good.append('screenshot', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), 'shot.png');
    const ok = await send(good);
    expect(ok.status).toBe(201);
  });
});

describe('nothing is half-written', () => {
  it('deletes the stored files when the report cannot be inserted', async () => {
    const ctx = bugReportsContext(t.app);
    const before = { shots: (await storedFiles('screenshots')).length, rows: await reportCount() };
    const fields = parseBugFields({ title: 'Will not insert' });
    await expect(
      createBugReport(ctx, {
        // Past validation on purpose: the database's check constraint refuses it.
        fields: { ...fields, severity: 'bogus' as BugSeverity },
        viewportHeader: null,
        attachments: [{ field: 'screenshot', bytes: pngBytes(), mime: 'image/png', ext: 'png' }],
        reporterUserId: null,
        userAgent: null,
        ip: null,
      }),
    ).rejects.toThrow();
    expect((await storedFiles('screenshots')).length).toBe(before.shots);
    expect(await reportCount()).toBe(before.rows);
  });

  it('writes no report and keeps no file when an upload fails', async () => {
    const ctx = bugReportsContext(t.app);
    const real = ctx.storage;
    // The storage service failing for videos (a full disk, S3 down), the real one otherwise.
    const failingVideos: ObjectStorage = Object.assign(Object.create(real) as ObjectStorage, {
      put: (bucket: Parameters<ObjectStorage['put']>[0], key: string, body: Buffer, opts: Parameters<ObjectStorage['put']>[3]) =>
        key.startsWith('videos/') ? Promise.reject(new Error('disk full')) : real.put(bucket, key, body, opts),
    });
    const before = { shots: (await storedFiles('screenshots')).length, rows: await reportCount() };
    await expect(
      createBugReport(
        { ...ctx, storage: failingVideos },
        {
          fields: parseBugFields({ title: 'Upload fails' }),
          viewportHeader: null,
          attachments: [
            { field: 'screenshot', bytes: pngBytes(), mime: 'image/png', ext: 'png' },
            { field: 'repro_video', bytes: webmBytes(), mime: 'video/webm', ext: 'webm' },
          ],
          reporterUserId: null,
          userAgent: null,
          ip: null,
        },
      ),
    ).rejects.toThrow('disk full');
    expect((await storedFiles('screenshots')).length).toBe(before.shots);
    expect(await reportCount()).toBe(before.rows);
  });
});

describe('GET /api/admin/bug-reports', () => {
  const marker = `zq${Date.now().toString(36)}`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const rows: (typeof bugReports.$inferInsert & { key: string })[] = [
      { key: 'jan1', title: `Jan first ${marker}`, severity: 'low', status: 'new', createdAt: new Date('2026-01-01T00:00:00Z') },
      { key: 'jan31', title: `Jan last ${marker}`, severity: 'high', status: 'triaged', createdAt: new Date('2026-01-31T23:59:59Z') },
      { key: 'feb1', title: 'February', description: `has ${marker} inside`, severity: 'high', status: 'resolved', createdAt: new Date('2026-02-01T00:00:00Z') },
      { key: 'email', title: 'By email', reporterEmail: `Reporter.${marker}@Example.test`, severity: 'critical', status: 'new', createdAt: new Date('2026-02-02T00:00:00Z') },
      { key: 'page', title: 'By page', pageUrl: `https://certifiable.test/${marker.toUpperCase()}/x`, severity: 'medium', status: 'wont_fix', createdAt: new Date('2026-02-03T00:00:00Z') },
      { key: 'percent', title: `100% broken ${marker}`, severity: 'low', status: 'in_progress', createdAt: new Date('2026-02-04T00:00:00Z') },
      { key: 'underscore', title: `snake_case ${marker}`, severity: 'low', status: 'new', createdAt: new Date('2026-02-05T00:00:00Z') },
    ];
    for (const { key, ...values } of rows) {
      const [row] = await t.database.db.insert(bugReports).values(values).returning({ id: bugReports.id });
      ids[key] = row!.id;
    }
  });

  const list = async (query: string) => {
    const res = await admin.get(`/api/admin/bug-reports?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BugReportList;
  };
  const keysOf = (body: BugReportList) => body.reports.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0] ?? r.id);

  it('is for admins only', async () => {
    expect(outcomeOf(await new TestClient(t.app).get('/api/admin/bug-reports'))).toBe('401 UNAUTHORIZED');
    expect(outcomeOf(await member.get('/api/admin/bug-reports'))).toBe('403 FORBIDDEN');
  });

  it('searches title, description, email and page case-insensitively, newest first, with counts per status', async () => {
    const body = await list(`q=${marker.toUpperCase()}`);
    expect(keysOf(body)).toEqual(['underscore', 'percent', 'page', 'email', 'feb1', 'jan31', 'jan1']);
    expect(body).toMatchObject({ total: 7, page: 1, page_size: 25 });
    expect(body.status_counts).toEqual({ new: 3, triaged: 1, in_progress: 1, resolved: 1, wont_fix: 1 });
    expect(body.reports[0]).toMatchObject({ has_screenshot: false, has_video: false, status: 'new', severity: 'low' });
  });

  it('takes LIKE wildcards literally', async () => {
    expect(keysOf(await list(`q=${encodeURIComponent(`% broken ${marker}`)}`))).toEqual(['percent']);
    expect(keysOf(await list(`q=${encodeURIComponent(`e_case ${marker}`)}`))).toEqual(['underscore']);
    expect((await list(`q=${encodeURIComponent(`${marker}%`)}`)).total).toBe(0);
  });

  it('filters by status (counts keep the other filters), severity and inclusive dates', async () => {
    const byStatus = await list(`q=${marker}&status=new`);
    expect(keysOf(byStatus)).toEqual(['underscore', 'email', 'jan1']);
    expect(byStatus.status_counts).toEqual({ new: 3, triaged: 1, in_progress: 1, resolved: 1, wont_fix: 1 });
    const high = await list(`q=${marker}&severity=high`);
    expect(keysOf(high)).toEqual(['feb1', 'jan31']);
    expect(high.status_counts).toEqual({ new: 0, triaged: 1, in_progress: 0, resolved: 1, wont_fix: 0 });
    expect(keysOf(await list(`q=${marker}&from=2026-01-01&to=2026-01-31`))).toEqual(['jan31', 'jan1']);
    expect(keysOf(await list(`q=${marker}&from=2026-02-01&to=2026-02-01`))).toEqual(['feb1']);
    expect(outcomeOf(await admin.get('/api/admin/bug-reports?status=closed'))).toBe('400 VALIDATION_ERROR');
    expect(outcomeOf(await admin.get('/api/admin/bug-reports?from=2026-02-30'))).toBe('400 VALIDATION_ERROR');
  });

  it('pages 25 at a time', async () => {
    const paging = `pg${marker}`;
    await t.database.db.insert(bugReports).values(Array.from({ length: 27 }, (_, i) => ({ title: `${paging} ${i}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })));
    const first = await list(`q=${paging}`);
    expect(first).toMatchObject({ total: 27, page: 1, page_size: 25 });
    expect(first.reports).toHaveLength(25);
    expect(first.reports[0]!.title).toBe(`${paging} 26`);
    const second = await list(`q=${paging}&page=2`);
    expect(second.reports.map((r) => r.title)).toEqual([`${paging} 1`, `${paging} 0`]);
  });
});

describe('PATCH /api/admin/bug-reports/:id', () => {
  let id: string;
  beforeAll(async () => {
    const [row] = await t.database.db.insert(bugReports).values({ title: 'To triage' }).returning({ id: bugReports.id });
    id = row!.id;
  });
  const auditFor = () => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);

  it('changes the status with a note: a note row and an audit row with before and after', async () => {
    const res = await admin.patch(`/api/admin/bug-reports/${id}`, { status: 'triaged', note: '  Seen it, on it.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as BugReportDetail;
    expect(detail.status).toBe('triaged');
    expect(detail.notes).toEqual([
      {
        id: expect.any(String) as unknown as string,
        author: 'Ada Admin',
        author_email: adminUser.email,
        body: 'Seen it, on it.',
        from_status: 'new',
        to_status: 'triaged',
        created_at: expect.any(String) as unknown as string,
      },
    ]);
    const audits = await auditFor();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'bug_report.status_changed',
      entityType: 'bug_report',
      actorUserId: adminUser.id,
      before: { status: 'new' },
      after: { status: 'triaged', note: 'Seen it, on it.' },
    });
  });

  it('adds a note alone; the same status without a note is 409 NO_CHANGE; notes come newest first', async () => {
    const same = await admin.patch(`/api/admin/bug-reports/${id}`, { status: 'triaged' });
    expect(outcomeOf(same)).toBe('409 NO_CHANGE');
    const noted = await admin.patch(`/api/admin/bug-reports/${id}`, { status: 'triaged', note: 'Still looking' });
    expect(noted.statusCode, noted.body).toBe(200);
    const detail = noted.json() as BugReportDetail;
    expect(detail.status).toBe('triaged');
    expect(detail.notes.map((n) => [n.body, n.from_status, n.to_status])).toEqual([
      ['Still looking', null, null],
      ['Seen it, on it.', 'new', 'triaged'],
    ]);
    const audits = await auditFor();
    expect(audits.map((a) => a.action)).toEqual(['bug_report.status_changed', 'bug_report.note_added']);
  });

  it('moves any status to any other (a resolved report can be reopened)', async () => {
    const statuses: BugStatus[] = ['resolved', 'new', 'wont_fix', 'in_progress'];
    for (const status of statuses) {
      const res = await admin.patch(`/api/admin/bug-reports/${id}`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as BugReportDetail).status).toBe(status);
    }
  });

  it('refuses nothing to change, unknown fields, unknown reports and non-admins', async () => {
    expect(outcomeOf(await admin.patch(`/api/admin/bug-reports/${id}`, {}))).toBe('400 VALIDATION_ERROR');
    expect(outcomeOf(await admin.patch(`/api/admin/bug-reports/${id}`, { note: '   ' }))).toBe('400 VALIDATION_ERROR');
    expect(outcomeOf(await admin.patch(`/api/admin/bug-reports/${id}`, { status: 'new', title: 'x' }))).toBe('400 VALIDATION_ERROR');
    expect(outcomeOf(await admin.patch('/api/admin/bug-reports/00000000-0000-4000-8000-000000000000', { status: 'new' }))).toBe('404 BUG_REPORT_NOT_FOUND');
    expect(outcomeOf(await admin.get('/api/admin/bug-reports/00000000-0000-4000-8000-000000000000'))).toBe('404 BUG_REPORT_NOT_FOUND');
    expect(outcomeOf(await admin.get(`/api/admin/bug-reports/${id}/screenshot`))).toBe('404 ATTACHMENT_NOT_FOUND');
    expect(outcomeOf(await admin.get('/api/admin/bug-reports/not-a-uuid'))).toBe('400 VALIDATION_ERROR');
    expect(outcomeOf(await member.patch(`/api/admin/bug-reports/${id}`, { status: 'new' }))).toBe('403 FORBIDDEN');
  });
});

describe('account data export', () => {
  it('holds the reports sent while signed in or under the account email, and no one else’s', async () => {
    const { client, user } = await signedInClient(t.app);
    client.ip = '192.0.2.202';
    await report(client, { title: 'Signed-in report', severity: 'low' }, [png()]);
    await report(stranger(), { title: 'Sent signed out', reporter_email: user.email.toUpperCase() });
    await report(stranger(), { title: 'Someone else', reporter_email: 'someone@example.test' });
    const exported = (await client.get('/api/account/export')).json() as { bug_reports: { title: string; has_screenshot: boolean }[] };
    expect(exported.bug_reports.map((r) => [r.title, r.has_screenshot]).sort()).toEqual([
      ['Sent signed out', false],
      ['Signed-in report', true],
    ]);
  });
});

describe('account deletion', () => {
  it("blanks the reporter's email and IP on their reports (signed in, or anonymous under their address)", async () => {
    const { client, user } = await signedInClient(t.app);
    client.ip = '192.0.2.201';
    const signedIn = await report(client, { title: 'Mine', reporter_email: user.email });
    const anonymous = await report(stranger(), { title: 'Also mine', reporter_email: user.email.toUpperCase() });
    const other = await report(stranger(), { title: 'Not mine', reporter_email: 'other@example.test' });
    const idsOf = [signedIn, anonymous, other].map((r) => (r.json() as { id: string }).id);
    const deleted = await client.delete('/api/account', { confirm_email: user.email, password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await t.database.db.select().from(bugReports).where(inArray(bugReports.id, idsOf));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(idsOf[0]!)).toMatchObject({ title: 'Mine', reporterEmail: null, reporterUserId: null, ip: null });
    expect(byId.get(idsOf[1]!)).toMatchObject({ title: 'Also mine', reporterEmail: null, ip: null });
    expect(byId.get(idsOf[2]!)).toMatchObject({ reporterEmail: 'other@example.test' });
  });
});

describe('retention', () => {
  it(`deletes reports older than ${BUG_REPORT_RETENTION_DAYS} days with their attachments, and keeps younger ones`, async () => {
    const old = await report(stranger(), { title: 'Ancient history' }, [png()]);
    const young = await report(stranger(), { title: 'Still fresh' }, [png()]);
    const [oldId, youngId] = [old, young].map((r) => (r.json() as { id: string }).id) as [string, string];
    const oldRow = await rowOf(oldId);
    await t.database.db
      .update(bugReports)
      .set({ createdAt: new Date(Date.now() - (BUG_REPORT_RETENTION_DAYS + 1) * 86_400_000) })
      .where(eq(bugReports.id, oldId));
    const ctx = bugReportsContext(t.app);
    expect(await ctx.storage.head(BUG_BUCKET, oldRow.screenshotPath!)).not.toBeNull();

    // Other tests file reports dated far back too: every report past the cutoff goes, none younger.
    const cutoff = new Date(Date.now() - BUG_REPORT_RETENTION_DAYS * 86_400_000);
    const before = await t.database.db.select({ id: bugReports.id, createdAt: bugReports.createdAt }).from(bugReports);
    expect(await deleteExpiredBugReports(ctx)).toBe(before.filter((r) => r.createdAt < cutoff).length);
    const after = await t.database.db.select({ id: bugReports.id }).from(bugReports);
    expect(after.length).toBe(before.filter((r) => r.createdAt >= cutoff).length);
    expect((await admin.get(`/api/admin/bug-reports/${oldId}`)).statusCode).toBe(404);
    expect(await ctx.storage.head(BUG_BUCKET, oldRow.screenshotPath!)).toBeNull();
    const kept = await admin.get(`/api/admin/bug-reports/${youngId}/screenshot`);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(pngBytes())).toBe(true);
  });
});

describe('POST /api/admin/bug-reports/test', () => {
  it('checks the database and the attachment storage', async () => {
    const res = await admin.post('/api/admin/bug-reports/test');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BugEndpointTest;
    expect(body.success).toBe(true);
    expect(body.checks.map((c) => [c.name, c.ok])).toEqual([
      ['database', true],
      ['storage', true],
    ]);
    expect(outcomeOf(await member.post('/api/admin/bug-reports/test'))).toBe('403 FORBIDDEN');
  });

  it('answers 200 with success false and the failing check when storage is broken', async () => {
    const root = path.join(t.config.dataDir, 'storage');
    const aside = `${root}-aside`;
    await fs.mkdir(root, { recursive: true });
    await fs.rename(root, aside);
    // A file where the storage folder should be: nothing can be written under it, not even by root.
    await fs.writeFile(root, 'not a folder');
    try {
      const res = await admin.post('/api/admin/bug-reports/test');
      expect(res.statusCode).toBe(200);
      const body = res.json() as BugEndpointTest;
      expect(body.success).toBe(false);
      expect(body.checks.find((c) => c.name === 'database')?.ok).toBe(true);
      expect(body.checks.find((c) => c.name === 'storage')).toMatchObject({ ok: false, detail: expect.any(String) as unknown as string });
    } finally {
      await fs.rm(root, { force: true });
      await fs.rename(aside, root);
    }
  });
});

describe('parseRange', () => {
  it('reads one range and ignores what it cannot use', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });
});
