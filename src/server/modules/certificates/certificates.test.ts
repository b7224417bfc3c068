import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_RATE_LIMIT, type Certificate } from '@/contract/nominations';
import { outcomeOf, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { pngPhys, pngSize } from './raster';
import { assertWellFormedXml } from './test-support';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';
import * as entry from '@/web/entry-server';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogue>>;
let cert: Certificate;
let claimUrl: string;

beforeAll(async () => {
  // The served page's head comes with its server render (the route module's, docs/decisions/126).
  t = await createTestApp({ ssr: entry });
  cat = await catalogue(t.database.db);
  const res = await nominate(freshClient(t.app), {
    award_id: cat.award.id,
    template_id: cat.template('retro').id,
    nominee_name: 'Zoë Ångström',
    reason: 'For sustained excellence in replying "sounds good".',
    nominator_name: 'Sam',
  });
  cert = res.certificate;
  claimUrl = res.claim_url;
});
afterAll(async () => {
  await t.close();
});

const anyone = () => new TestClient(t.app);
const HOSTILE = {
  nominee_name: `</text><script>alert(1)</script> & "Zoë" <svg onload=alert(2)>`,
  reason: `<foreignObject><iframe src="javascript:alert(3)"></iframe></foreignObject> ]]> <text onclick="alert(4)"> &amp;`,
  nominator_name: `<img src=x onerror=alert(5)>`,
};

/** The SVG stays one well-formed document whose only elements are the renderer's own. */
function expectInertSvg(svg: string) {
  assertWellFormedXml(svg);
  // Every tag is the renderer's: no script-capable element, no event-handler attribute.
  // (Failures print the offending tags, not a megabyte of path data.)
  const tags = svg.match(/<[A-Za-z][^>]*>/g) ?? [];
  expect(tags.filter((tag) => /^<(script|foreignObject|iframe|img|object|embed)\b/i.test(tag) || /\son\w+\s*=/i.test(tag))).toEqual([]);
  expect(svg).toContain('&lt;');
}

describe('GET /api/certificates/:share_id', () => {
  it('answers the certificate with reactions and absolute file URLs', async () => {
    const res = await anyone().get(`/api/certificates/${cert.share_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json()).toMatchObject({ share_id: cert.share_id, nominee_name: 'Zoë Ångström', template: { slug: 'retro' }, my_reaction: null });
  });

  it('404 CERTIFICATE_NOT_FOUND for unknown ids, 400 for malformed ones', async () => {
    const unknown = await anyone().get('/api/certificates/AAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('CERTIFICATE_NOT_FOUND');
    expect(outcomeOf(await anyone().get('/api/certificates/AAAAAAAAAAAAAAAA/share.png'))).toBe('404 CERTIFICATE_NOT_FOUND');
    const bad = await anyone().get('/api/certificates/../../etc');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(outcomeOf(await anyone().get('/api/certificates/short-id'))).toBe('400 VALIDATION_ERROR');
  });
});

describe('certificate files', () => {
  it('SVG: image/svg+xml, inline, a locked-down CSP, strong ETag and 304 on revalidation', async () => {
    const res = await anyone().get(`/api/certificates/${cert.share_id}/certificate.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`inline; filename="certificate-${cert.certificate_number}-zoe-angstrom.svg"`);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).toContain('data-template="retro"');
    expect(res.body).toContain(cert.certificate_number);
    assertWellFormedXml(res.body);

    const again = await t.app.inject({ method: 'GET', url: cert.urls.svg, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await t.app.inject({ method: 'GET', url: `/api/certificates/${cert.share_id}/certificate.svg`, headers: { 'if-none-match': `"x", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
  });

  it('share PNG: 1200×630, inline', async () => {
    const res = await anyone().get(`/api/certificates/${cert.share_id}/share.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="certificate-CF-\w+-zoe-angstrom-share\.png"$/);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    // Each output has its own validator.
    const svg = await anyone().get(`/api/certificates/${cert.share_id}/certificate.svg`);
    expect(res.headers.etag).not.toBe(svg.headers.etag);
  });

  it('print PNG: A4 at 300 DPI (3508×2480, pHYs), downloaded with a readable name', async () => {
    const res = await anyone().get(`/api/certificates/${cert.share_id}/print.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${cert.certificate_number}-zoe-angstrom-print.png"`);
    expect(pngSize(res.rawPayload)).toEqual({ width: 3508, height: 2480 });
    expect(pngPhys(res.rawPayload)).toEqual({ x: 11811, y: 11811, unit: 1 });
  });

  it('PDF: one A4 landscape page, downloaded', async () => {
    const res = await anyone().get(`/api/certificates/${cert.share_id}/certificate.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${cert.certificate_number}-zoe-angstrom.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
  });

  it('HEAD works too (link-preview crawlers check before fetching)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/api/certificates/${cert.share_id}/share.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('private certificates are still served to link holders, marked private for caches', async () => {
    const { certificate } = await nominate(freshClient(t.app), { award_id: cat.award.id, is_public: false });
    const res = await anyone().get(`/api/certificates/${certificate.share_id}/certificate.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await anyone().get(`/api/certificates/${certificate.share_id}`)).headers['x-robots-tag']).toBe('noindex');
  });
});

describe('hostile text stays text', () => {
  it('in the stored certificate: SVG, JSON and the served page', async () => {
    const { certificate } = await nominate(freshClient(t.app), { award_id: cat.award.id, ...HOSTILE });
    expect(certificate.nominee_name).toBe(HOSTILE.nominee_name);
    const svg = await anyone().get(`/api/certificates/${certificate.share_id}/certificate.svg`);
    expectInertSvg(svg.body);
    expect(svg.body).toContain('&lt;/text&gt;&lt;script&gt;');
    // The rasterised outputs render it too (resvg's strict parser would fail on broken markup).
    expect(pngSize((await anyone().get(`/api/certificates/${certificate.share_id}/share.png`)).rawPayload)).toEqual({ width: 1200, height: 630 });
    const page = await t.app.inject({ method: 'GET', url: `/certificate/${certificate.share_id}` });
    expect(page.body).not.toMatch(/<script>alert|<svg onload|<img src=x/);
    expect(page.body).toContain('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('in the live preview', async () => {
    for (const template of cat.templates) {
      const res = await freshClient(t.app).post('/api/certificates/preview', { award_id: cat.award.id, template_id: template.id, ...HOSTILE });
      expect(res.statusCode, template.slug).toBe(200);
      expectInertSvg(res.body);
    }
  });
});

describe('POST /api/certificates/preview', () => {
  it('answers SVG, never cached or stored, with placeholders for empty fields', async () => {
    const res = await freshClient(t.app).post('/api/certificates/preview', { award_id: cat.award.id, template_id: cat.template('kids-crayon').id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('data-template="kids-crayon"');
    expect(res.body).toContain('Your Nominee');
    expect(res.body).toContain('CF-SAMPLE');
  });

  it('validates like the form: unknown award or template → 400 on that field', async () => {
    const c = freshClient(t.app);
    expect((await c.post('/api/certificates/preview', {})).json().error.field).toBe('award_id');
    const unknown = await c.post('/api/certificates/preview', { award_id: '00000000-0000-4000-8000-000000000000' });
    expect(outcomeOf(unknown)).toBe('400 VALIDATION_ERROR');
    expect(unknown.json().error.field).toBe('award_id');
    expect((await c.post('/api/certificates/preview', { award_id: cat.award.id, reason: 'x'.repeat(281) })).json().error.field).toBe('reason');
  });

  it(`is limited per IP (${PREVIEW_RATE_LIMIT.max} per ${PREVIEW_RATE_LIMIT.windowMinutes} minutes)`, async () => {
    const c = freshClient(t.app);
    // Fill the window directly rather than rendering hundreds of previews.
    const { rateLimitAttempts } = await import('@/server/db/schema/index');
    await t.database.db.insert(rateLimitAttempts).values(
      Array.from({ length: PREVIEW_RATE_LIMIT.max }, () => ({ identifier: `ip:${c.ip}`, attemptType: 'certificate_preview', successful: false })),
    );
    const res = await c.post('/api/certificates/preview', { award_id: cat.award.id });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect((await freshClient(t.app).post('/api/certificates/preview', { award_id: cat.award.id })).statusCode).toBe(200);
  });
});

describe('GET /api/certificates/preview.svg', () => {
  it("is the POST preview with an empty name, cacheable by anyone, revalidated by its ETag", async () => {
    const c = freshClient(t.app);
    const template = cat.template('kids-crayon');
    const url = `/api/certificates/preview.svg?award_id=${cat.award.id}&template_id=${template.id}`;
    const res = await c.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=3600');
    const posted = await c.post('/api/certificates/preview', { award_id: cat.award.id, template_id: template.id });
    expect(res.body).toBe(posted.body);
    expect(res.body).toContain('Your Nominee');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Without a design: the default one, as the POST draws it.
    const plain = await c.get(`/api/certificates/preview.svg?award_id=${cat.award.id}`);
    expect(plain.body).toBe((await c.post('/api/certificates/preview', { award_id: cat.award.id })).body);
  });

  it('names the field it cannot use: 400 for a missing, malformed or unknown award or design', async () => {
    const c = freshClient(t.app);
    expect((await c.get('/api/certificates/preview.svg')).json().error.field).toBe('award_id');
    expect((await c.get('/api/certificates/preview.svg?award_id=nope')).json().error.field).toBe('award_id');
    const unknown = await c.get('/api/certificates/preview.svg?award_id=00000000-0000-4000-8000-000000000000');
    expect(outcomeOf(unknown)).toBe('400 VALIDATION_ERROR');
    expect(unknown.json().error.field).toBe('award_id');
    const badDesign = await c.get(`/api/certificates/preview.svg?award_id=${cat.award.id}&template_id=00000000-0000-4000-8000-000000000000`);
    expect(badDesign.json().error.field).toBe('template_id');
  });
});

describe('served HTML of /certificate/{share_id} (link previews)', () => {
  const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

  it('carries og:title, og:description and og:image = the share PNG; pending certificates are not indexed yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/certificate/${cert.share_id}` });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:title')).toBe(`Zoë Ångström: ${cat.award.title.replace(/&/g, '&amp;')} | Certifiable`);
    expect(meta(res.body, 'og:image')).toBe(`https://certifiable.test${cert.urls.share_png}`);
    expect(meta(res.body, 'twitter:image')).toBe(`https://certifiable.test${cert.urls.share_png}`);
    expect(meta(res.body, 'og:description')).toContain(`Certificate ${cert.certificate_number}, awarded by Sam.`);
    expect(meta(res.body, 'robots')).toBe('noindex, nofollow');
  });

  it('a public certificate the nominee accepted may be indexed; a private one never', async () => {
    await anyone().post(`/api/claims/${tokenOf(claimUrl)}/accept`);
    const res = await t.app.inject({ method: 'GET', url: `/certificate/${cert.share_id}` });
    expect(meta(res.body, 'robots')).toBe('index, follow');

    const priv = await nominate(freshClient(t.app), { award_id: cat.award.id, is_public: false, nominee_name: 'Quiet Person' });
    await anyone().post(`/api/claims/${tokenOf(priv.claim_url)}/accept`);
    const privRes = await t.app.inject({ method: 'GET', url: `/certificate/${priv.certificate.share_id}` });
    expect(meta(privRes.body, 'robots')).toBe('noindex, nofollow');
    // The link holder's chat preview still works.
    expect(meta(privRes.body, 'og:image')).toBe(`https://certifiable.test${priv.certificate.urls.share_png}`);
  });

  it('unknown certificates say nothing and are not indexed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/certificate/AAAAAAAAAAAAAAAA' });
    expect(meta(res.body, 'og:title')).toBe('Certificate Not Available | Certifiable');
    expect(meta(res.body, 'robots')).toBe('noindex, nofollow');
  });

  it('the sitemap lists no certificates (docs/decisions/031)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).not.toContain('/certificate/');
  });
});
