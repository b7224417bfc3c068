import { createRequire } from 'node:module';
import type * as UpngModule from '@pdf-lib/upng';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLandingPage, AdminLandingPageList, LandingCtaTargets, LandingPageBody, LandingPageView } from '@/contract/landing-pages';
import * as entry from '@/web/entry-server';
import { auditLog, awards, landingPages, products } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { rootOf } from '../seo/test-support';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let award: { id: string; title: string };
let product: { id: string; name: string };

beforeAll(async () => {
  // The server renderer too: the served HTML of /l/{slug} is part of what is tested.
  t = await createTestApp({ ssr: entry });
  admin = await signedInClient(t.app, { admin: true });
  [award] = await t.database.db.select({ id: awards.id, title: awards.title }).from(awards).where(eq(awards.isActive, true)).orderBy(asc(awards.sortOrder)).limit(1) as [typeof award];
  [product] = await t.database.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.isActive, true)).limit(1) as [typeof product];
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const body = (over: Partial<LandingPageBody> = {}): LandingPageBody => ({
  slug: `office-olympics-${++n}`,
  title: 'The Office Olympics',
  meta_description: 'Nominate the colleague who has earned gold in replying-all.',
  hero_heading: 'Gold medals for the office’s finest',
  hero_subheading: 'Every team has a champion. Make it official.',
  sections: [{ heading: 'How it works', markdown: 'Pick an **award**, name a colleague, [share it](/gallery).' }],
  cta_label: 'Nominate a colleague',
  cta_kind: 'award_nominate',
  cta_award_id: award.id,
  ...over,
});

const create = async (over: Partial<LandingPageBody> = {}) => {
  const res = await admin.client.post('/api/admin/landing-pages', body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminLandingPage;
};
const publish = async (id: string) => {
  const res = await admin.client.post(`/api/admin/landing-pages/${id}/publish`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminLandingPage;
};
const audits = async (entityId: string, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
const anonymous = () => new TestClient(t.app);
const page = (path: string) => t.app.inject({ method: 'GET', url: path });
const meta = (html: string, attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
const sitemapLocs = async () => [...(await page('/sitemap.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const pngBytes = () => {
  const rgba = new Uint8Array(8 * 6 * 4).fill(200);
  return Buffer.from(UPNG.encode([rgba.buffer], 8, 6, 0));
};
async function formBody(file: { bytes: Buffer; name: string; type: string; field?: string }) {
  const form = new FormData();
  form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

describe('/api/admin/landing-pages', () => {
  it('is for admins only', async () => {
    const created = await create();
    expect((await anonymous().get('/api/admin/landing-pages')).statusCode).toBe(401);
    const member = await signedInClient(t.app);
    for (const res of [
      await member.client.get('/api/admin/landing-pages'),
      await member.client.get(`/api/admin/landing-pages/${created.id}`),
      await member.client.post('/api/admin/landing-pages', body()),
      await member.client.patch(`/api/admin/landing-pages/${created.id}`, { title: 'Hijacked' }),
      await member.client.post(`/api/admin/landing-pages/${created.id}/publish`),
      await member.client.post('/api/admin/landing-pages/preview', {}),
      await member.client.delete(`/api/admin/landing-pages/${created.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await admin.client.get(`/api/admin/landing-pages/${created.id}`)).json()).toMatchObject({ title: 'The Office Olympics', status: 'draft' });
  });

  it('creates a draft, changes it, publishes, unpublishes and deletes it — every change audited with before and after', async () => {
    const created = await create({ hero_image_url: '/awards/x.svg', hero_image_alt: 'A gold medal' });
    expect(created).toMatchObject({
      status: 'draft',
      published_at: null,
      path: `/l/${created.slug}`,
      hero_image_url: '/awards/x.svg',
      cta_award_id: award.id,
      cta_product_id: null,
      og_image_url: null,
      updated_by: expect.any(String),
    });
    const [createdRow] = await audits(created.id, 'landing_page.created');
    expect(createdRow).toMatchObject({ actorUserId: admin.user.id, before: null, after: expect.objectContaining({ slug: created.slug, status: 'draft' }) });

    const changed = await admin.client.patch(`/api/admin/landing-pages/${created.id}`, { title: 'The Office Olympics 2027', sections: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'The Office Olympics 2027', sections: [] });
    const [updatedRow] = await audits(created.id, 'landing_page.updated');
    expect(updatedRow!.before).toMatchObject({ title: 'The Office Olympics', sections: [expect.objectContaining({ heading: 'How it works' })] });
    expect(updatedRow!.after).toMatchObject({ title: 'The Office Olympics 2027', sections: [] });

    const published = await publish(created.id);
    expect(published.status).toBe('published');
    expect(Date.parse(published.published_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await audits(created.id, 'landing_page.published'))[0]).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } });
    // Publishing again changes nothing and writes no second row.
    await publish(created.id);
    expect(await audits(created.id, 'landing_page.published')).toHaveLength(1);

    const off = await admin.client.post(`/api/admin/landing-pages/${created.id}/unpublish`);
    expect(off.json()).toMatchObject({ status: 'draft', published_at: null });
    expect((await audits(created.id, 'landing_page.unpublished'))[0]).toMatchObject({ before: { status: 'published' }, after: { status: 'draft', published_at: null } });

    expect((await admin.client.delete(`/api/admin/landing-pages/${created.id}`)).json()).toEqual({ deleted: true });
    expect((await audits(created.id, 'landing_page.deleted'))[0]).toMatchObject({ before: expect.objectContaining({ title: 'The Office Olympics 2027' }), after: null });
    expect((await admin.client.get(`/api/admin/landing-pages/${created.id}`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/admin/landing-pages/${created.id}`)).statusCode).toBe(404);
  });

  it('lists with search, a status filter, sorting and pages', async () => {
    const a = await create({ title: 'Zebra Crossing Awards', slug: 'zebra-crossing-awards' });
    const b = await create({ title: 'Aardvark Appreciation Week', slug: 'aardvark-week' });
    await publish(b.id);
    const list = async (query: string) => {
      const res = await admin.client.get(`/api/admin/landing-pages?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminLandingPageList;
    };
    expect((await list('q=zebra')).landing_pages.map((p) => p.id)).toEqual([a.id]);
    expect((await list('q=AARDVARK-WEEK')).landing_pages.map((p) => p.id)).toEqual([b.id]);
    // LIKE wildcards are text.
    expect((await list('q=%25')).total).toBe(0);
    const published = await list('status=published');
    expect(published.landing_pages.every((p) => p.status === 'published')).toBe(true);
    expect(published.landing_pages.map((p) => p.id)).toContain(b.id);
    expect((await list('status=draft')).landing_pages.map((p) => p.id)).not.toContain(b.id);
    const byTitle = (await list('sort=title')).landing_pages.map((p) => p.title);
    expect(byTitle).toEqual([...byTitle].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    expect(byTitle[0]).toBe('Aardvark Appreciation Week');
    expect((await list('sort=title&dir=desc')).landing_pages[0]!.title).toBe('Zebra Crossing Awards');
    // Newest change first by default, with the button's target named.
    const first = (await list('')).landing_pages[0]!;
    expect(first).toMatchObject({ id: b.id, cta_target: award.title, cta_kind: 'award_nominate', path: '/l/aardvark-week' });
    // Drafts last when sorted by publication, either way round.
    const byPublished = (await list('sort=published&dir=asc')).landing_pages;
    expect(byPublished[0]!.published_at).not.toBeNull();
    expect(byPublished.at(-1)!.published_at).toBeNull();
    const page2 = await list('page=2');
    expect(page2).toMatchObject({ page: 2, page_size: 25 });
    for (const [query, field] of [
      ['status=gone', 'status'],
      ['sort=title; drop table', 'sort'],
      ['page=0', 'page'],
      ['dir=sideways', 'dir'],
    ] as const) {
      const res = await admin.client.get(`/api/admin/landing-pages?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it('refuses bad input naming the field, a reserved or taken address, and a button without a target; nothing is stored', async () => {
    const rows = async () => Number((await t.database.db.select({ n: count() }).from(landingPages))[0]!.n);
    const before = await rows();
    for (const [over, field] of [
      [{ slug: 'Office Olympics' }, 'slug'],
      [{ slug: 'office--olympics' }, 'slug'],
      [{ slug: '-office' }, 'slug'],
      [{ slug: 'admin' }, 'slug'],
      [{ slug: 'checkout' }, 'slug'],
      [{ slug: 'x'.repeat(81) }, 'slug'],
      [{ title: '   ' }, 'title'],
      [{ meta_description: '' }, 'meta_description'],
      [{ hero_heading: '' }, 'hero_heading'],
      [{ cta_label: '' }, 'cta_label'],
      [{ cta_kind: 'somewhere' }, 'cta_kind'],
      [{ cta_award_id: null }, 'cta_award_id'],
      [{ cta_award_id: 'not-an-id' }, 'cta_award_id'],
      [{ cta_kind: 'product', cta_product_id: null }, 'cta_product_id'],
      [{ hero_image_url: 'javascript:alert(1)' }, 'hero_image_url'],
      [{ hero_image_url: '//evil.example/x.png' }, 'hero_image_url'],
      [{ og_image_url: 'http://insecure.example/x.png' }, 'og_image_url'],
      [{ sections: [{ heading: 'A', markdown: 'x'.repeat(20_001) }] }, 'sections.0.markdown'],
      [{ sections: Array.from({ length: 21 }, () => ({ heading: '', markdown: 'x' })) }, 'sections'],
      [{ sections: [{ heading: 'A', markdown: 'b', html: '<b>' }] }, 'sections.0.html'],
      [{ status: 'published' }, 'status'],
    ] as [Record<string, unknown>, string][]) {
      const res = await admin.client.post('/api/admin/landing-pages', { ...body(), ...over });
      expect(res.statusCode, `${JSON.stringify(over).slice(0, 80)}: ${res.body}`).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    // A target that does not exist: 400 naming it.
    const ghost = await admin.client.post('/api/admin/landing-pages', body({ cta_award_id: '00000000-0000-4000-8000-000000000000' }));
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().error.field).toBe('cta_award_id');
    expect(await rows()).toBe(before);

    const taken = await create();
    const dup = await admin.client.post('/api/admin/landing-pages', body({ slug: taken.slug }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    const other = await create();
    const renamed = await admin.client.patch(`/api/admin/landing-pages/${other.id}`, { slug: taken.slug });
    expect(renamed.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    // Switching the button to a product without naming one.
    const half = await admin.client.patch(`/api/admin/landing-pages/${other.id}`, { cta_kind: 'product' });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.field).toBe('cta_product_id');
    expect((await admin.client.get(`/api/admin/landing-pages/${other.id}`)).json()).toMatchObject({ slug: other.slug, cta_kind: 'award_nominate' });
    expect((await admin.client.patch('/api/admin/landing-pages/not-a-uuid', { title: 'x' })).json().error.field).toBe('id');
  });

  it('keeps the text tidy: one-line fields are trimmed and de-spaced, invisible characters go, Markdown keeps its lines', async () => {
    const created = await create({ title: '  The \u202EBig\u200B   Day  ', sections: [{ heading: ' Intro ', markdown: 'Line one\r\nLine two\u200B\n\n- a\n- b   \n' }] });
    expect(created.title).toBe('The Big Day');
    expect(created.sections).toEqual([{ heading: 'Intro', markdown: 'Line one\nLine two\n\n- a\n- b' }]);
  });

  it('will not publish a page whose button leads to an inactive award, nor leave a published page pointing at one', async () => {
    const [retired] = await t.database.db.select({ id: awards.id, title: awards.title }).from(awards).where(eq(awards.isActive, true)).orderBy(asc(awards.sortOrder)).offset(3).limit(1);
    const created = await create({ cta_award_id: retired!.id });
    await t.database.db.update(awards).set({ isActive: false }).where(eq(awards.id, retired!.id));
    try {
      const refused = await admin.client.post(`/api/admin/landing-pages/${created.id}/publish`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ field: 'cta_award_id', message: expect.stringContaining(retired!.title) });
      expect((await admin.client.get(`/api/admin/landing-pages/${created.id}`)).json().status).toBe('draft');

      const live = await create();
      await publish(live.id);
      const pointAtRetired = await admin.client.patch(`/api/admin/landing-pages/${live.id}`, { cta_award_id: retired!.id });
      expect(pointAtRetired.statusCode).toBe(400);
      expect(pointAtRetired.json().error.field).toBe('cta_award_id');
    } finally {
      await t.database.db.update(awards).set({ isActive: true }).where(eq(awards.id, retired!.id));
    }
  });

  it('lists the awards and products a button may lead to', async () => {
    const targets = (await admin.client.get('/api/admin/landing-pages/cta-targets')).json() as LandingCtaTargets;
    expect(targets.awards.map((a) => a.id)).toContain(award.id);
    expect(targets.products.map((p) => p.id)).toContain(product.id);
    expect(targets.awards[0]!.is_active).toBe(true);
  });
});

describe('the public page /l/{slug}', () => {
  it('serves a published page with its title, description, canonical, og:title and og:image in the HTML; a draft or unknown address is 404 for everyone', async () => {
    const created = await create({
      title: 'Reply-All Season',
      meta_description: 'Honour the colleague who replies to everyone, always.',
      hero_heading: 'It is Reply-All Season',
      og_image_url: '/og/reply-all.png',
    });
    const draft = await page(created.path);
    expect(draft.statusCode).toBe(404);
    expect(meta(draft.body, 'name', 'robots')).toBe('noindex, nofollow');
    expect(draft.body).not.toContain('Reply-All Season');
    expect(rootOf(draft.body)).toContain('This page is not (or no longer) on display');
    expect((await anonymous().get(`/api/landing-pages/${created.slug}`)).statusCode).toBe(404);
    // Not even an admin's cookies open a draft at the public address.
    expect((await admin.client.get(`/api/landing-pages/${created.slug}`)).statusCode).toBe(404);

    await publish(created.id);
    // At once: the publish emptied the kept pages (decision 092).
    const live = await page(created.path);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('<title data-head>Reply-All Season | Certifiable</title>');
    expect(meta(live.body, 'name', 'description')).toBe('Honour the colleague who replies to everyone, always.');
    expect(live.body).toContain(`<link rel="canonical" href="https://certifiable.test${created.path}" data-head>`);
    expect(meta(live.body, 'property', 'og:title')).toBe('Reply-All Season | Certifiable');
    expect(meta(live.body, 'property', 'og:image')).toBe('https://certifiable.test/og/reply-all.png');
    expect(meta(live.body, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(live.body, 'name', 'robots')).toBe('index, follow');
    const root = rootOf(live.body);
    expect(root).toContain('It is Reply-All Season');
    expect(root).toContain(`href="/nominate?award=${award.id}"`);
    expect(root).toContain('Nominate a colleague');

    const view = (await anonymous().get(`/api/landing-pages/${created.slug}`)).json() as LandingPageView;
    expect(view).toMatchObject({ title: 'Reply-All Season', cta: { href: `/nominate?award=${award.id}`, target: { title: award.title } }, og_image_url: '/og/reply-all.png' });

    // An edit shows at once too.
    await admin.client.patch(`/api/admin/landing-pages/${created.id}`, { hero_heading: 'Reply-All Season, extended' });
    expect(rootOf((await page(created.path)).body)).toContain('Reply-All Season, extended');

    await admin.client.post(`/api/admin/landing-pages/${created.id}/unpublish`);
    expect((await page(created.path)).statusCode).toBe(404);
    expect((await page('/l/no-such-page')).statusCode).toBe(404);
    expect((await page('/l/NOT_A_SLUG')).statusCode).toBe(404);
  });

  it('falls back to the hero picture for og:image, and leads to the store for a product or a printed award', async () => {
    const store = await create({ cta_kind: 'award_store', hero_image_url: '/awards/hero.png' });
    await publish(store.id);
    const html = (await page(store.path)).body;
    expect(meta(html, 'property', 'og:image')).toBe('https://certifiable.test/awards/hero.png');
    expect(rootOf(html)).toContain(`href="/store?award=${award.id}"`);

    const prod = await create({ cta_kind: 'product', cta_product_id: product.id, cta_award_id: award.id });
    // The unused target is not kept.
    expect(prod).toMatchObject({ cta_product_id: product.id, cta_award_id: null });
    await publish(prod.id);
    const view = (await anonymous().get(`/api/landing-pages/${prod.slug}`)).json() as LandingPageView;
    expect(view.cta).toMatchObject({ kind: 'product', href: '/store', target: { title: product.name } });
    expect(meta((await page(prod.path)).body, 'property', 'og:image')).toBe('https://certifiable.test/og-image.png');
  });

  it('renders Markdown sanitised: a <script> never runs, javascript: links, onerror= attributes and raw iframes never reach the page', async () => {
    const hostile = [
      '<script>alert("md")</script>',
      '[click me](javascript:alert(1)) and [again](JAVASCRIPT:alert(2)) and [data](data:text/html;base64,PHNjcmlwdD4=)',
      '<img src=x onerror=alert(3)>',
      '![pic](x" onerror="alert(4))',
      '<iframe src="https://evil.example/"></iframe>',
      '<a href="javascript:alert(5)">raw link</a>',
      '[protocol-relative](//evil.example/x)',
      '**Still bold** and [a real link](https://example.com/ok) and [mail](mailto:hello@example.com)',
    ].join('\n\n');
    const created = await create({ sections: [{ heading: 'Safe <b>heading</b>', markdown: hostile }] });
    await publish(created.id);

    const view = (await anonymous().get(`/api/landing-pages/${created.slug}`)).json() as LandingPageView;
    const html = view.sections[0]!.html;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<[^>]+\son\w+\s*=/i);
    expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/href="\/\//);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<strong>Still bold</strong>');
    expect(html).toContain('<a href="https://example.com/ok" rel="noopener noreferrer">a real link</a>');
    expect(html).toContain('<a href="mailto:hello@example.com">mail</a>');
    expect(view.sections[0]!.heading).toBe('Safe <b>heading</b>');

    const served = await page(created.path);
    expect(served.statusCode).toBe(200);
    const root = rootOf(served.body);
    // The page's own scripts only (settings, state, the template's entry), nothing from the Markdown.
    expect(served.body).not.toMatch(/<script>alert/);
    expect(root).not.toMatch(/<script|<iframe/i);
    expect(root).not.toMatch(/<[^>]+\son\w+\s*=/i);
    expect(root).not.toMatch(/href="\s*javascript:/i);
    expect(root).toContain('Safe &lt;b&gt;heading&lt;/b&gt;');
    expect(served.body.match(/<script/g)!.length).toBe(served.body.match(/<\/script>/g)!.length);
  });

  it('lists published pages in the sitemap and never a draft', async () => {
    const live = await create();
    const draft = await create();
    await publish(live.id);
    const locs = await sitemapLocs();
    expect(locs).toContain(`https://certifiable.test/l/${live.slug}`);
    expect(locs).not.toContain(`https://certifiable.test/l/${draft.slug}`);
    await admin.client.post(`/api/admin/landing-pages/${live.id}/unpublish`);
    expect(await sitemapLocs()).not.toContain(`https://certifiable.test/l/${live.slug}`);
  });

  it('leads to the gallery when the award is gone, without naming it', async () => {
    const [spare] = await t.database.db.select({ id: awards.id }).from(awards).where(eq(awards.isActive, true)).orderBy(asc(awards.sortOrder)).offset(5).limit(1);
    const created = await create({ cta_award_id: spare!.id });
    await publish(created.id);
    await t.database.db.update(awards).set({ isActive: false }).where(eq(awards.id, spare!.id));
    t.app.catalogCache.clear();
    try {
      const view = (await anonymous().get(`/api/landing-pages/${created.slug}`)).json() as LandingPageView;
      expect(view.cta).toMatchObject({ href: '/gallery', target: null });
      const list = (await admin.client.get(`/api/admin/landing-pages?q=${created.slug}`)).json() as AdminLandingPageList;
      expect(list.landing_pages[0]!.cta_target).not.toBeNull();
    } finally {
      await t.database.db.update(awards).set({ isActive: true }).where(eq(awards.id, spare!.id));
    }
  });
});

describe('preview and pictures', () => {
  it('previews unfinished values exactly as the public page would render them, storing nothing', async () => {
    const before = Number((await t.database.db.select({ n: count() }).from(landingPages))[0]!.n);
    const res = await admin.client.post('/api/admin/landing-pages/preview', {
      hero_heading: 'Draft headline',
      sections: [{ heading: '', markdown: '# Big\n\n<script>alert(1)</script> [x](javascript:alert(1))' }],
      cta_kind: 'award_store',
      cta_award_id: award.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as LandingPageView;
    expect(view.hero.heading).toBe('Draft headline');
    expect(view.sections[0]!.html).toContain('<h3>Big</h3>');
    expect(view.sections[0]!.html).not.toMatch(/<script|href="javascript:/);
    expect(view.cta.href).toBe(`/store?award=${award.id}`);
    expect((await admin.client.post('/api/admin/landing-pages/preview', {})).statusCode).toBe(200);
    const tooLong = await admin.client.post('/api/admin/landing-pages/preview', { title: 'x'.repeat(121) });
    expect(tooLong.json().error.field).toBe('title');
    expect(Number((await t.database.db.select({ n: count() }).from(landingPages))[0]!.n)).toBe(before);
  });

  it('uploads a hero picture typed by its bytes into award-images, audited; an SVG or a text file is refused', async () => {
    const png = pngBytes();
    const form = await formBody({ bytes: png, name: 'hero.svg', type: 'image/svg+xml' });
    const res = await admin.client.request({ method: 'POST', url: '/api/admin/landing-pages/images', payload: form.payload, headers: { 'content-type': form.contentType } });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/files\/award-images\/landing-pages\/[0-9a-f]{32}\.png$/);
    const served = await page(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(png);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'landing_page.image_uploaded'));
    expect(row).toMatchObject({ actorUserId: admin.user.id, after: expect.objectContaining({ url, type: 'image/png' }) });
    // The address works as a hero picture.
    expect((await create({ hero_image_url: url })).hero_image_url).toBe(url);

    const svg = await formBody({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), name: 'x.png', type: 'image/png' });
    const refused = await admin.client.request({ method: 'POST', url: '/api/admin/landing-pages/images', payload: svg.payload, headers: { 'content-type': svg.contentType } });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.field).toBe('file');
    const wrongField = await formBody({ bytes: png, name: 'a.png', type: 'image/png', field: 'picture' });
    const wrong = await admin.client.request({ method: 'POST', url: '/api/admin/landing-pages/images', payload: wrongField.payload, headers: { 'content-type': wrongField.contentType } });
    expect(wrong.statusCode).toBe(400);
    const json = await admin.client.post('/api/admin/landing-pages/images', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const member = await signedInClient(t.app);
    const denied = await member.client.request({ method: 'POST', url: '/api/admin/landing-pages/images', payload: form.payload, headers: { 'content-type': form.contentType } });
    expect(denied.statusCode).toBe(403);
  });
});
