import { createRequire } from 'node:module';
import type * as UpngModule from '@pdf-lib/upng';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAward, AdminAwardList, AdminCategory, AwardAuditList, ImportPreview } from '@/contract/admin-awards';
import type { Award } from '@/contract/awards';
import { auditLog, awards, awardsAudit } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { pngSize } from '../certificates/raster';
import { freshClient, nominate } from '../nominations/test-support';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, { admin: true, name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
});

const api = () => admin.client;
const publicAwards = async (query = '') => (await new TestClient(t.app).get(`/api/awards${query}`)).json() as Award[];
const categories = async () => ((await api().get('/api/admin/categories')).json() as { categories: AdminCategory[] }).categories;
const categoryId = async (slug: string) => (await categories()).find((c) => c.slug === slug)!.id;
const create = async (body: Record<string, unknown>) => {
  const res = await api().post('/api/admin/awards', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminAward;
};
const history = async (awardId: string) => ((await api().get(`/api/admin/awards-audit?award_id=${awardId}`)).json() as AwardAuditList).entries;

function pngBytes(seed = 0): Buffer {
  const w = 8;
  const h = 6;
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) rgba.set([(i * 37 + seed) % 256, (i * 11) % 256, 200, 255], i * 4);
  return Buffer.from(UPNG.encode([rgba.buffer], w, h, 0));
}
async function upload(awardId: string, bytes: Buffer, type = 'image/png', field = 'image') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'picture');
  const res = new Response(form);
  return api().request({ method: 'POST', url: `/api/admin/awards/${awardId}/image`, payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } });
}

describe('/api/admin/awards', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/awards')).statusCode).toBe(401);
    const member = await signedInClient(t.app);
    expect((await member.client.get('/api/admin/awards')).statusCode).toBe(403);
    expect((await member.client.post('/api/admin/awards', { title: 'Nope' })).statusCode).toBe(403);
    expect((await member.client.get('/api/admin/awards/export.csv')).statusCode).toBe(403);
  });

  it('lists every award with the spec filters, sorting and pages', async () => {
    const all = (await api().get('/api/admin/awards')).json() as AdminAwardList;
    expect(all.total).toBe(44);
    expect(all.awards).toHaveLength(44);
    expect(all.awards.map((a) => a.sort_order)).toEqual([...all.awards.map((a) => a.sort_order)].sort((a, b) => a - b));
    const searched = (await api().get('/api/admin/awards?search=MUTE')).json() as AdminAwardList;
    expect(searched.awards.map((a) => a.slug)).toEqual(['lifetime-achievement-in-youre-on-mute']);
    const kitchen = await categoryId('kitchen-cooking');
    const inKitchen = (await api().get(`/api/admin/awards?category_id=${kitchen}&min_sort_order=0&max_sort_order=1000&sort=title&dir=desc`)).json() as AdminAwardList;
    expect(inKitchen.awards.length).toBeGreaterThan(1);
    expect(inKitchen.awards.every((a) => a.category_id === kitchen)).toBe(true);
    const titles = inKitchen.awards.map((a) => a.title.toLowerCase());
    expect(titles).toEqual([...titles].sort().reverse());
    expect(((await api().get('/api/admin/awards?is_active=false')).json() as AdminAwardList).awards.map((a) => a.slug)).toEqual(['most-improved-fax-etiquette']);
    const bad = await api().get('/api/admin/awards?min_sort_order=5&max_sort_order=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('max_sort_order');
    expect((await api().get('/api/admin/awards?sort=password')).json().error.field).toBe('sort');
  });

  it('creates an award: slug from the title made unique, auto_assign_category, audited with after; the gallery shows it at once', async () => {
    const first = await create({ title: 'Order of the Burnt Toast', description: 'For bravery at the grill.', stats: { Slices: 3, 'Smoke Level': 'Biblical' } });
    expect(first).toMatchObject({ slug: 'order-of-the-burnt-toast', is_active: true, sort_order: 0, tagline: null, category_slug: 'kitchen-cooking' });
    expect(first.category?.slug).toBe('kitchen-cooking');
    const second = await create({ title: 'Order of the Burnt Toast!', category_id: null });
    expect(second.slug).toBe('order-of-the-burnt-toast-2');
    const unmatched = await create({ title: 'Zebra Quokka Medal' });
    expect(unmatched.category_id).toBeNull();

    expect((await publicAwards('?search=burnt%20toast')).map((a) => a.id)).toContain(first.id);

    const [entry] = await history(first.id);
    expect(entry).toMatchObject({ action: 'create', source: 'form', before: null, changed_by: { id: admin.user.id, email: admin.user.email } });
    expect(entry!.after).toMatchObject({ title: 'Order of the Burnt Toast', stats: { Slices: 3, 'Smoke Level': 'Biblical' } });
    const logged = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'award'), eq(auditLog.entityId, first.id)));
    expect(logged.map((r) => r.action)).toEqual(['award.created']);
  });

  it('refuses bad input naming the field (nothing stored) and a taken slug with 409', async () => {
    const before = (await api().get('/api/admin/awards')).json() as AdminAwardList;
    for (const [body, field] of [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ title: 'Ok', slug: 'Not A Slug' }, 'slug'],
      [{ title: 'Ok', stats: ['a'] }, 'stats'],
      [{ title: 'Ok', stats: { a: { nested: true } } }, 'stats'],
      [{ title: 'Ok', image_url: 'javascript:alert(1)' }, 'image_url'],
      [{ title: 'Ok', sort_order: 1.5 }, 'sort_order'],
      [{ title: 'Ok', category_id: 'not-a-uuid' }, 'category_id'],
      [{ title: 'Ok', category_id: '00000000-0000-4000-8000-000000000000' }, 'category_id'],
      [{ title: 'Ok', is_active: 'yes' }, 'is_active'],
      [{ title: 'Ok', colour: 'red' }, undefined],
    ] as const) {
      const res = await api().post('/api/admin/awards', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(String(res.json().error.field).split('.')[0], JSON.stringify(body)).toBe(field);
    }
    const dup = await api().post('/api/admin/awards', { title: 'Again', slug: 'order-of-the-last-biscuit' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    expect(((await api().get('/api/admin/awards')).json() as AdminAwardList).total).toBe(before.total);
  });

  it('updates an award with before and after in awards_audit and audit_log; deactivating hides it from the gallery', async () => {
    const award = await create({ title: 'Keeper of the Spare Charger', tagline: 'Always 1%', category_id: await categoryId('tech-devices') });
    const res = await api().patch(`/api/admin/awards/${award.id}`, { tagline: 'Now 2%', stats: { Cables: 4 }, is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tagline: 'Now 2%', stats: { Cables: 4 }, is_active: false });
    const [latest] = await history(award.id);
    expect(latest).toMatchObject({ action: 'update', source: 'form' });
    expect(latest!.before).toMatchObject({ tagline: 'Always 1%', is_active: true, stats: {} });
    expect(latest!.after).toMatchObject({ tagline: 'Now 2%', is_active: false, stats: { Cables: 4 } });
    const [row] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, award.id), eq(auditLog.action, 'award.updated')));
    expect(row).toMatchObject({ actorUserId: admin.user.id, before: expect.objectContaining({ tagline: 'Always 1%' }), after: expect.objectContaining({ tagline: 'Now 2%' }) });
    expect((await publicAwards()).map((a) => a.id)).not.toContain(award.id);

    // A change that changes nothing writes no history.
    await api().patch(`/api/admin/awards/${award.id}`, { tagline: 'Now 2%' });
    expect(await history(award.id)).toHaveLength(2);
    expect((await api().patch(`/api/admin/awards/${award.id}`, { category_id: null })).json()).toMatchObject({ category_id: null, category_slug: null, category: null });
  });

  it('activates and deactivates in bulk, each change audited, and the gallery follows', async () => {
    const a = await create({ title: 'Bulk Medal One' });
    const b = await create({ title: 'Bulk Medal Two', is_active: false });
    const off = await api().post('/api/admin/awards/bulk', { ids: [a.id, b.id], is_active: false });
    expect(off.json()).toEqual({ updated: 1 });
    expect((await publicAwards('?search=Bulk%20Medal')).length).toBe(0);
    const on = await api().post('/api/admin/awards/bulk', { ids: [a.id, b.id], is_active: true });
    expect(on.json()).toEqual({ updated: 2 });
    expect((await publicAwards('?search=Bulk%20Medal')).map((x) => x.title).sort()).toEqual(['Bulk Medal One', 'Bulk Medal Two']);
    expect((await history(a.id)).map((e) => [e.action, e.source])).toEqual([
      ['update', 'bulk'],
      ['update', 'bulk'],
      ['create', 'form'],
    ]);
    expect((await api().post('/api/admin/awards/bulk', { ids: [], is_active: true })).json().error.field).toBe('ids');
  });

  it('moves an award up and down among its category, spreading equal sort orders first', async () => {
    const pets = await categoryId('pets-plants');
    const list = async () => ((await api().get(`/api/admin/awards?category_id=${pets}`)).json() as AdminAwardList).awards.map((a) => a.slug);
    const start = await list();
    const second = ((await api().get(`/api/admin/awards?category_id=${pets}`)).json() as AdminAwardList).awards[1]!;
    expect((await api().post(`/api/admin/awards/${second.id}/move`, { direction: 'up' })).statusCode).toBe(200);
    const moved = await list();
    expect(moved.slice(0, 2)).toEqual([start[1], start[0]]);
    await api().post(`/api/admin/awards/${second.id}/move`, { direction: 'down' });
    expect(await list()).toEqual(start);
    // At the top already: nothing moves.
    const top = ((await api().get(`/api/admin/awards?category_id=${pets}`)).json() as AdminAwardList).awards[0]!;
    expect((await api().post(`/api/admin/awards/${top.id}/move`, { direction: 'up' })).json()).toMatchObject({ sort_order: top.sort_order });

    const none = [await create({ title: 'Zyx Alpha', category_id: null }), await create({ title: 'Zyx Beta', category_id: null })];
    await api().patch(`/api/admin/awards/${none[0]!.id}`, { category_id: null });
    await api().patch(`/api/admin/awards/${none[1]!.id}`, { category_id: null });
    const beta = await api().post(`/api/admin/awards/${none[1]!.id}/move`, { direction: 'up' });
    const alpha = (await api().get(`/api/admin/awards/${none[0]!.id}`)).json() as AdminAward;
    expect((beta.json() as AdminAward).sort_order).toBeLessThan(alpha.sort_order);
    expect((await history(none[1]!.id))[0]).toMatchObject({ source: 'reorder' });
  });

  it('deletes an unused award (its history stays) and refuses one on a certificate with 409, offering deactivation', async () => {
    const unused = await create({ title: 'Short-Lived Honour' });
    expect((await api().delete(`/api/admin/awards/${unused.id}`)).json()).toEqual({ deleted: true });
    expect(await t.database.db.select().from(awards).where(eq(awards.id, unused.id))).toEqual([]);
    const trail = await history(unused.id);
    expect(trail.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(trail[0]).toMatchObject({ before: expect.objectContaining({ title: 'Short-Lived Honour' }), after: null, title: 'Short-Lived Honour' });
    expect((await api().get(`/api/admin/awards/${unused.id}`)).statusCode).toBe(404);

    const used = await create({ title: 'Much-Loved Honour' });
    await nominate(freshClient(t.app), { award_id: used.id });
    const refused = await api().delete(`/api/admin/awards/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'AWARD_IN_USE', message: expect.stringMatching(/1 certificate.*Deactivate/) });
    expect(await t.database.db.select({ id: awards.id }).from(awards).where(eq(awards.id, used.id))).toHaveLength(1);
  });

  it('uploads a picture to award-images (upsert, then the public URL), typed by its bytes and capped in size', async () => {
    const award = await create({ title: 'Portrait Medal' });
    const first = await upload(award.id, pngBytes(1));
    expect(first.statusCode, first.body).toBe(200);
    const url1 = (first.json() as AdminAward).image_url!;
    expect(url1).toMatch(new RegExp(`^/files/award-images/awards/${award.id}/image\\?v=[0-9a-f]{12}$`));
    const served = await new TestClient(t.app).get(url1);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(pngBytes(1))).toBe(true);

    const second = await upload(award.id, pngBytes(2), 'application/octet-stream');
    const url2 = (second.json() as AdminAward).image_url!;
    expect(url2.split('?')[0]).toBe(url1.split('?')[0]);
    expect(url2).not.toBe(url1);
    expect((await new TestClient(t.app).get(url2)).rawPayload.equals(pngBytes(2))).toBe(true);
    expect((await publicAwards('?search=Portrait%20Medal'))[0]!.image_url).toBe(url2);
    expect((await history(award.id))[0]).toMatchObject({ source: 'image', after: expect.objectContaining({ image_url: url2 }) });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusedSvg = await upload(award.id, svg, 'image/svg+xml');
    expect(refusedSvg.statusCode).toBe(415);
    expect(refusedSvg.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'image' });
    expect((await upload(award.id, Buffer.from('just text'), 'image/png')).statusCode).toBe(415);
    const huge = Buffer.concat([pngBytes(3), Buffer.alloc(2 * 1024 * 1024)]);
    const refusedHuge = await upload(award.id, huge);
    expect(refusedHuge.statusCode).toBe(413);
    expect(refusedHuge.json().error.field).toBe('image');
    expect((await api().post(`/api/admin/awards/${award.id}/image`, { image: 'x' })).statusCode).toBe(415);
    expect((await upload(award.id, pngBytes(), 'image/png', 'picture')).json().error.field).toBe('image');

    const removed = await api().delete(`/api/admin/awards/${award.id}/image`);
    expect((removed.json() as AdminAward).image_url).toBeNull();
    expect((await new TestClient(t.app).get(url2)).statusCode).toBe(404);
  });
});

describe('an uploaded picture on the certificate', () => {
  /** A WebP header (VP8L, 40 × 30): a picture the upload takes but resvg 2.6 cannot draw. */
  function webpBytes(): Buffer {
    const vp8l = Buffer.alloc(5 + 16);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE((40 - 1) | ((30 - 1) << 14), 1);
    const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.from(Uint32Array.of(vp8l.length).buffer), vp8l]);
    return Buffer.concat([Buffer.from('RIFF'), Buffer.from(Uint32Array.of(4 + chunk.length).buffer), Buffer.from('WEBP'), chunk]);
  }
  const preview = async (awardId: string) => {
    const res = await new TestClient(t.app).get(`/api/certificates/preview.svg?award_id=${awardId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const drawnPicture = (svg: string) => /href="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(svg)?.[1];

  it("draws an award's own upload as a 512 px PNG, follows a new upload, and keeps the medal for a picture it cannot draw", async () => {
    const award = await create({ title: 'Framed Portrait Award' });
    const medal = await preview(award.id);
    expect(drawnPicture(medal)).toBeUndefined();

    expect((await upload(award.id, pngBytes(5))).statusCode).toBe(200);
    const first = drawnPicture(await preview(award.id));
    expect(first).toBeDefined();
    const png = Buffer.from(first!, 'base64');
    expect(pngSize(png)).toEqual({ width: 512, height: 512 });
    // The 8 × 6 picture scaled to fit: opaque in the middle, transparent above and below it.
    const decoded = UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
    const rgba = new Uint8Array(UPNG.toRGBA8(decoded)[0]!);
    const alphaAt = (x: number, y: number) => rgba[(y * 512 + x) * 4 + 3];
    expect(alphaAt(256, 256)).toBe(255);
    expect(alphaAt(256, 10)).toBe(0);

    // A new upload is a new picture (its URL's ?v= changes), not the one remembered.
    expect((await upload(award.id, pngBytes(90))).statusCode).toBe(200);
    const second = drawnPicture(await preview(award.id));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    expect((await upload(award.id, webpBytes(), 'image/webp')).statusCode).toBe(200);
    expect(drawnPicture(await preview(award.id))).toBeUndefined();
  });

  it("draws nothing that is not the award's own upload: another award's picture keeps the medal", async () => {
    const owner = await create({ title: 'Picture Owner Award' });
    const borrower = await create({ title: 'Picture Borrower Award' });
    const uploaded = await upload(owner.id, pngBytes(7));
    const url = (uploaded.json() as AdminAward).image_url!;
    const changed = await api().patch(`/api/admin/awards/${borrower.id}`, { image_url: url });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(drawnPicture(await preview(owner.id))).toBeDefined();
    expect(drawnPicture(await preview(borrower.id))).toBeUndefined();
  });
});

describe('CSV export and import', () => {
  const tricky = {
    title: 'The "Quoted", Comma Award — ünïcødé 🏆',
    description: 'He said "no", then "yes". Ça va?',
    tagline: '',
    stats: { 'Recipients Reached': 214, Motto: 'Yes, and "no"', Charge: '1%', 'Größe': 'très grand', Empty: '' },
    is_active: false,
    sort_order: -7,
  };
  const fields = (a: AdminAward) => ({ title: a.title, description: a.description, tagline: a.tagline, stats: a.stats, category_slug: a.category_slug, is_active: a.is_active, sort_order: a.sort_order });

  it('exports the spec format and an export imported again reproduces the same awards, unicode and quotes included', async () => {
    const kitchen = await categoryId('kitchen-cooking');
    const a = await create({ ...tricky, category_id: kitchen });
    const b = await create({ title: 'Plain Empty Award', category_id: null });
    await api().patch(`/api/admin/awards/${b.id}`, { category_id: null });
    const exported = await api().get('/api/admin/awards/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="awards-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = exported.body;
    expect(csv.split('\n')[0]).toBe('title,description,stats,tagline,category_slug,is_active,sort_order');
    expect(csv).toContain('"The ""Quoted"", Comma Award — ünïcødé 🏆","He said ""no"", then ""yes"". Ça va?",');
    expect(csv).toContain('""Recipients Reached"" 214');
    expect(csv).toContain('"Plain Empty Award","","","","",true,0');

    // Unchanged database: every row is recognised and nothing would change.
    const same = (await api().post('/api/admin/awards/import/preview', { csv })).json() as ImportPreview;
    expect(same.errors).toEqual([]);
    expect(same.summary).toMatchObject({ create: 0, update: 0, invalid: 0 });
    expect(same.summary.unchanged).toBe(same.summary.rows);

    // Change one, delete the other: the import puts both back as they were exported.
    const beforeA = (await api().get(`/api/admin/awards/${a.id}`)).json() as AdminAward;
    await api().patch(`/api/admin/awards/${a.id}`, { description: 'edited', stats: {}, is_active: true, sort_order: 99, category_id: null });
    await api().delete(`/api/admin/awards/${b.id}`);
    const preview = (await api().post('/api/admin/awards/import/preview', { csv })).json() as ImportPreview;
    expect(preview.summary).toMatchObject({ create: 1, update: 1, invalid: 0 });
    expect(preview.rows.find((r) => r.award_id === a.id)!.changes.sort()).toEqual(['category', 'description', 'is_active', 'sort_order', 'stats']);
    const result = await api().post('/api/admin/awards/import', { csv });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ created: 1, updated: 1 });
    expect(fields((await api().get(`/api/admin/awards/${a.id}`)).json() as AdminAward)).toEqual(fields(beforeA));
    const back = ((await api().get('/api/admin/awards?search=Plain%20Empty%20Award')).json() as AdminAwardList).awards[0]!;
    expect(fields(back)).toEqual({ title: 'Plain Empty Award', description: '', tagline: null, stats: {}, category_slug: null, is_active: true, sort_order: 0 });
    expect((await history(a.id))[0]).toMatchObject({ source: 'import', action: 'update' });
    expect((await history(back.id))[0]).toMatchObject({ source: 'import', action: 'create' });
  });

  it('escapes text a spreadsheet would run as a formula, and imports its own export as the same awards', async () => {
    const formulas = {
      title: '=HYPERLINK("http://evil.example","Claim your prize") Award',
      description: '-2+3 reasons to click',
      tagline: "'=quoted already",
      stats: { '+P': '=1+1', Motto: '@everyone' }, // jsonb keeps the shorter key first
      is_active: true,
      sort_order: -2,
    };
    const a = await create(formulas);
    await api().patch(`/api/admin/awards/${a.id}`, { category_id: null });
    const before = (await api().get(`/api/admin/awards/${a.id}`)).json() as AdminAward;
    const csv = (await api().get('/api/admin/awards/export.csv?search=Claim%20your%20prize')).body;
    expect(csv.split('\n')[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Claim your prize"") Award","'-2+3 reasons to click","'+P =1+1, Motto @everyone","''=quoted already","",true,-2`,
    );
    // No text cell of the file starts with a formula character (-2 is a number, and a spreadsheet reads it as one).
    expect(csv).not.toMatch(/(^|,)"[=+\-@\t\r]/m);

    const same = (await api().post('/api/admin/awards/import/preview', { csv })).json() as ImportPreview;
    expect(same.summary).toMatchObject({ rows: 1, unchanged: 1, invalid: 0 });
    await api().patch(`/api/admin/awards/${a.id}`, { description: 'edited', tagline: null, stats: {} });
    const result = await api().post('/api/admin/awards/import', { csv });
    expect(result.json()).toMatchObject({ created: 0, updated: 1 });
    expect(fields((await api().get(`/api/admin/awards/${a.id}`)).json() as AdminAward)).toEqual(fields(before));
  });

  it('applies the defaults and auto_assign_category to rows without them, and reports a bad row with its line; nothing is imported then', async () => {
    const csv = [
      'title,description,stats,tagline,category_slug,is_active,sort_order',
      '"Grand Order of the Cold Coffee","Sip later.","Sips 2","","","",""',
      '"Second, Good Row","Multi',
      'line description","speed 9000, dignity 0","Fast","office-work-life",false,5',
      '"Broken Row","x","","","",maybe,1',
      '"Wrong Category","x","","","no-such-category",true,1',
      '"Too, many",fields,here,"",,true,1,extra',
    ].join('\n');
    const preview = (await api().post('/api/admin/awards/import/preview', { csv })).json() as ImportPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'invalid'],
    ]);
    expect(preview.rows[0]).toMatchObject({ is_active: true, sort_order: 0, tagline: null, stats: { Sips: 2 }, category: { slug: 'kitchen-cooking' }, category_auto: true });
    expect(preview.rows[1]).toMatchObject({ description: 'Multi line description', stats: { speed: 9000, dignity: 0 }, category: { slug: 'office-work-life' }, category_auto: false, is_active: false, sort_order: 5 });
    expect(preview.rows[2]!.errors).toEqual([{ field: 'is_active', message: "is_active must be true or false, not 'maybe'" }]);
    expect(preview.rows[3]!.errors[0]).toMatchObject({ field: 'category_slug' });
    expect(preview.rows[4]!.errors[0]).toMatchObject({ field: 'row', message: expect.stringContaining('8 fields; the header has 7') });

    const refused = await api().post('/api/admin/awards/import', { csv });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'IMPORT_INVALID', message: expect.stringContaining('line 5') });
    expect(((await api().get('/api/admin/awards?search=Cold%20Coffee')).json() as AdminAwardList).total).toBe(0);

    const good = csv.split('\n').slice(0, 4).join('\n');
    const imported = await api().post('/api/admin/awards/import', { csv: good });
    expect(imported.json()).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const coffee = ((await api().get('/api/admin/awards?search=Cold%20Coffee')).json() as AdminAwardList).awards[0]!;
    expect(coffee).toMatchObject({ is_active: true, sort_order: 0, category_slug: 'kitchen-cooking', slug: 'grand-order-of-the-cold-coffee' });
    expect((await publicAwards('?search=Cold%20Coffee')).map((x) => x.id)).toEqual([coffee.id]);
  });

  it('refuses files it cannot read, naming the line: broken quotes, unknown columns, repeated awards, ambiguous titles', async () => {
    const preview = async (csv: string) => (await api().post('/api/admin/awards/import/preview', { csv })).json() as ImportPreview;
    expect((await preview('title,description\n"ok","fine"\n"broken,"x\n')).errors[0]).toMatchObject({ line: expect.any(Number), message: expect.stringMatching(/quote/i) });
    expect((await preview('title,colour\nA,red\n')).errors[0]).toMatchObject({ line: 1, message: expect.stringContaining("Unknown column 'colour'") });
    expect((await preview('description\nA\n')).errors[0]!.message).toContain('no title column');
    const twice = await preview('title\nSame Thing\nsame thing\n');
    expect(twice.rows[1]!.errors[0]!.message).toBe('Line 2 already imports this award. Each award may appear once.');
    await create({ title: 'Twin Title' });
    await create({ title: 'Twin Title' });
    expect((await preview('title\nTwin Title\n')).rows[0]!.errors[0]!.message).toContain('Add a slug column');
    expect((await preview('title,slug\nTwin Title,twin-title-2\n')).rows[0]).toMatchObject({ action: 'unchanged' });
    const empty = await api().post('/api/admin/awards/import/preview', { csv: '' });
    expect(empty.json().error.field).toBe('csv');
  });
});

describe('awards_audit', () => {
  it('lists every change newest first, for all awards or one', async () => {
    const all = (await api().get('/api/admin/awards-audit')).json() as AwardAuditList;
    expect(all.total).toBeGreaterThan(10);
    const times = all.entries.map((e) => e.changed_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await t.database.db.select().from(awardsAudit)).length).toBe(all.total);
    expect((await api().get('/api/admin/awards-audit?award_id=nope')).json().error.field).toBe('award_id');
  });
});
