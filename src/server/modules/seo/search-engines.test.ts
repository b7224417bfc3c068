/**
 * What a search engine and a link-preview crawler read (docs/decisions/121): addresses on PUBLIC_URL whatever host
 * was asked, structured data that passes Google's rich-result rules, a sitemap of canonical addresses only, and
 * robots rules that let every preview image through.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faq } from '@/contract/faq';
import { TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import * as entry from '@/web/entry-server';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';
import { firstAnswers, getQuiz, takeQuiz } from '../quiz/test-support';
import { rootOf } from './test-support';

const PUBLIC = 'https://certifiable.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ssr: entry, jobs: 'manual' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const attr = (html: string, re: RegExp) => re.exec(html)?.[1]?.replace(/&amp;/g, '&');
const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const ogImageOf = (html: string) => attr(html, /<meta property="og:image" content="([^"]*)"/);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

type Thing = Record<string, unknown>;
/** Every JSON-LD object of a page, by @type. */
function structuredData(html: string): Thing[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Thing | Thing[]);
  return blocks.flat();
}
const ofType = (html: string, type: string) => structuredData(html).filter((d) => d['@type'] === type);

// ---------- Google's rich-result rules (Search Central: product snippet / merchant listing, breadcrumb, FAQ) ----------

const isAbsoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^/]+/.test(v);
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

/** Problems of one item; [] when it is eligible. Required properties, and the recommended ones we promise. */
function richResultProblems(item: Thing): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${String(item['@type'])}: ${what}`);
  };
  switch (item['@type']) {
    case 'Product': {
      need(text(item.name), 'name is required');
      const images = Array.isArray(item.image) ? item.image : [item.image];
      need(images.length > 0 && images.every(isAbsoluteUrl), 'image is required (absolute URLs)');
      need(text(item.description), 'description is recommended');
      need(typeof item.brand === 'object' && text((item.brand as Thing).name), 'brand.name is recommended');
      const offers = (Array.isArray(item.offers) ? item.offers : [item.offers]) as Thing[];
      need(offers.length > 0 && offers.every(Boolean), 'offers is required');
      for (const offer of offers.filter(Boolean)) {
        need(offer['@type'] === 'Offer', 'offers are Offer');
        need(typeof offer.price === 'string' && /^\d+(\.\d+)?$/.test(offer.price) && Number(offer.price) > 0, `Offer.price must be a number above zero (${String(offer.price)})`);
        need(typeof offer.priceCurrency === 'string' && /^[A-Z]{3}$/.test(offer.priceCurrency), 'Offer.priceCurrency is an ISO 4217 code');
        need(typeof offer.availability === 'string' && offer.availability.startsWith('https://schema.org/'), 'Offer.availability is a schema.org ItemAvailability');
        need(isAbsoluteUrl(offer.url), 'Offer.url is recommended (absolute)');
        need(text(offer.name) && text(offer.sku), 'Offer.name and sku');
      }
      break;
    }
    case 'BreadcrumbList': {
      const steps = item.itemListElement as Thing[];
      need(Array.isArray(steps) && steps.length >= 2, 'itemListElement needs at least two ListItems');
      (steps ?? []).forEach((step, i) => {
        need(step['@type'] === 'ListItem', 'itemListElement holds ListItems');
        need(step.position === i + 1, `ListItem.position is ${i + 1}`);
        need(text(step.name), 'ListItem.name is required');
        // The last step may leave out its URL; we always give it.
        need(isAbsoluteUrl(step.item), 'ListItem.item is an absolute URL');
      });
      break;
    }
    case 'FAQPage': {
      const questions = item.mainEntity as Thing[];
      need(Array.isArray(questions) && questions.length > 0, 'mainEntity is required');
      for (const q of questions ?? []) {
        need(q['@type'] === 'Question' && text(q.name), 'Question.name is required');
        const answer = q.acceptedAnswer as Thing | undefined;
        need(answer?.['@type'] === 'Answer' && text(answer.text), 'Question.acceptedAnswer.text is required');
      }
      break;
    }
  }
  return problems;
}

// ---------- robots.txt as crawlers read it (RFC 9309, Google's matching) ----------

interface Rule {
  allow: boolean;
  pattern: string;
}
/** The rules of the group for every crawler (`User-agent: *`). */
function robotsRules(txt: string): Rule[] {
  const rules: Rule[] = [];
  let forAll = false;
  let inRules = false;
  for (const raw of txt.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    if (key === 'user-agent') {
      if (inRules) forAll = false;
      inRules = false;
      forAll ||= m[2] === '*';
    } else if (key === 'allow' || key === 'disallow') {
      inRules = true;
      if (forAll && m[2]) rules.push({ allow: key === 'allow', pattern: m[2] });
    }
  }
  return rules;
}
const patternRegExp = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\\\$$|\$$/, '$')}`);
/** The longest matching pattern decides; on a tie, Allow wins; no match: allowed. */
function allowedBy(rules: Rule[], pathAndQuery: string): boolean {
  let best: Rule | null = null;
  for (const rule of rules) {
    if (!patternRegExp(rule.pattern).test(pathAndQuery)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
  }
  return best?.allow ?? true;
}

describe('the robots.txt reader of this test', () => {
  it('reads longest match, Allow on a tie, * and $ as crawlers do', () => {
    const rules = robotsRules('User-agent: *\nAllow: /\nDisallow: /api/\nAllow: /api/x/*/a.png$\nDisallow: /p\nAllow: /p\n');
    expect(allowedBy(rules, '/gallery')).toBe(true);
    expect(allowedBy(rules, '/api/awards')).toBe(false);
    expect(allowedBy(rules, '/api/x/1/a.png')).toBe(true);
    expect(allowedBy(rules, '/api/x/1/a.png?v=2')).toBe(false);
    expect(allowedBy(rules, '/api/x/1/b.png')).toBe(false);
    expect(allowedBy(rules, '/p')).toBe(true);
  });
});

describe('addresses that leave the site', () => {
  it('name PUBLIC_URL whatever Host the request came with', async () => {
    const { award } = await catalogue(t.database.db);
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: award.id });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`);
    for (const url of ['/gallery', `/certificate/${certificate.share_id}`, `/store?award=${award.slug}`]) {
      const res = await get(url, { host: 'internal-lb.example:8080', 'x-forwarded-host': 'evil.example' });
      expect(res.statusCode, url).toBe(200);
      expect(canonicalOf(res.body), url).toMatch(new RegExp(`^${PUBLIC}/`));
      expect(ogImageOf(res.body), url).toMatch(new RegExp(`^${PUBLIC}/`));
      expect(res.body, url).not.toMatch(/internal-lb\.example|evil\.example/);
      // The browser builds share links and later pages' head tags from this (src/web/lib/absolute-url.ts).
      expect(JSON.parse(attr(res.body, /<script id="app-settings" type="application\/json">([\s\S]*?)<\/script>/)!)).toMatchObject({ public_url: PUBLIC });
    }
    const cert = await get(`/certificate/${certificate.share_id}`, { host: 'internal-lb.example:8080' });
    expect(ogImageOf(cert.body)).toBe(`${PUBLIC}/api/certificates/${certificate.share_id}/share.png`);
  });
});

describe('structured data', () => {
  it('FAQPage only on the home page, where the questions are shown; breadcrumbs on every page below it', async () => {
    const home = await get('/');
    expect(rootOf(home.body)).toContain(faq[0]!.question.replace(/'/g, '&#x27;'));
    expect(ofType(home.body, 'FAQPage')).toHaveLength(1);
    expect(ofType(home.body, 'BreadcrumbList')).toHaveLength(0);
    for (const item of structuredData(home.body)) expect(richResultProblems(item)).toEqual([]);

    for (const url of ['/gallery', '/quiz/gallery', '/privacy-policy', '/store']) {
      const res = await get(url);
      expect(ofType(res.body, 'FAQPage'), url).toHaveLength(0);
      const [trail] = ofType(res.body, 'BreadcrumbList');
      expect(trail, url).toBeDefined();
      expect(richResultProblems(trail!), url).toEqual([]);
      const steps = trail!.itemListElement as Thing[];
      expect(steps[0]).toMatchObject({ name: 'Home', item: `${PUBLIC}/` });
      expect(steps.at(-1)!.item, url).toBe(canonicalOf(res.body));
    }
    const quizTrail = ofType((await get('/quiz/gallery')).body, 'BreadcrumbList')[0]!.itemListElement as Thing[];
    expect(quizTrail.map((s) => s.item)).toEqual([`${PUBLIC}/`, `${PUBLIC}/quiz`, `${PUBLIC}/quiz/gallery`]);

    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(ofType(missing.body, 'FAQPage')).toHaveLength(0);
    expect(ofType(missing.body, 'BreadcrumbList')).toHaveLength(0);
  });

  it('an award’s product page: Product with an Offer per printed variant, its own canonical, a breadcrumb through the store', async () => {
    const award = ((await get('/api/awards')).json() as { id: string; slug: string; title: string; description: string }[])[1]!;
    const catalogueRes = (await get('/api/store/products')).json() as { products: { variants: { price: number; currency: string; sku: string }[] }[] };
    const variants = catalogueRes.products.flatMap((p) => p.variants);
    for (const url of [`/store?award=${award.slug}`, `/store?award=${award.id}&utm_source=x`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(canonicalOf(res.body), url).toBe(`${PUBLIC}/store?award=${award.slug}`);
      expect(attr(res.body, /<title[^>]*>([^<]*)<\/title>/)).toBe(`${award.title}: Printed Certificate | Certifiable`.replace(/'/g, '&#x27;'));
      const [product] = ofType(res.body, 'Product');
      expect(product, url).toBeDefined();
      expect(richResultProblems(product!)).toEqual([]);
      expect(product).toMatchObject({ name: `${award.title} certificate`, description: award.description, url: `${PUBLIC}/store?award=${award.slug}` });
      const offers = product!.offers as Thing[];
      expect(offers.map((o) => o.sku).sort()).toEqual(variants.map((v) => v.sku).sort());
      const first = variants[0]!;
      expect(offers.find((o) => o.sku === first.sku)).toMatchObject({ price: (first.price / 100).toFixed(2), priceCurrency: first.currency, availability: 'https://schema.org/InStock' });
      const trail = ofType(res.body, 'BreadcrumbList')[0]!.itemListElement as Thing[];
      expect(trail.map((s) => s.name)).toEqual(['Home', 'Store', `${award.title}: Printed Certificate`]);
    }
    // The store itself, and an award it does not offer: no product.
    expect(ofType((await get('/store')).body, 'Product')).toHaveLength(0);
    expect(ofType((await get('/store?award=no-such-award')).body, 'Product')).toHaveLength(0);
  });
});

describe('sitemap.xml', () => {
  it('lists only canonical addresses: every one answers 200, indexable, naming itself as canonical', { timeout: 120_000 }, async () => {
    const listed = locs((await get('/sitemap.xml')).body);
    const { awards } = await catalogue(t.database.db);
    expect(listed).toContain(`${PUBLIC}/store?award=${awards[0]!.slug}`);
    expect(listed.some((l) => l.includes('/nominate?'))).toBe(false);
    const wrong: string[] = [];
    for (const loc of listed) {
      const res = await get(loc.slice(PUBLIC.length));
      if (res.statusCode !== 200) wrong.push(`${loc}: ${res.statusCode}`);
      if (canonicalOf(res.body) !== loc) wrong.push(`${loc}: canonical ${canonicalOf(res.body)}`);
      if (!/<meta name="robots" content="index, follow"/.test(res.body)) wrong.push(`${loc}: not indexable`);
    }
    expect(wrong).toEqual([]);
  });
});

/** The site's static files, served from the build's copy of this folder. */
const PUBLIC_FILES = path.resolve(import.meta.dirname, '../../../web/public');

describe('robots.txt', () => {
  it('lets crawlers fetch every og:image of the public pages (certificates, quiz results, products), and keeps the rest of the API out', { timeout: 120_000 }, async () => {
    const rules = robotsRules((await get('/robots.txt')).body);
    const { award } = await catalogue(t.database.db);
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: award.id });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`);
    const quiz = await getQuiz(t.app);
    const { result } = await takeQuiz(freshClient(t.app), { answers: firstAnswers(quiz) });
    const pages = [
      ...locs((await get('/sitemap.xml')).body).map((l) => l.slice(PUBLIC.length)),
      `/certificate/${certificate.share_id}`,
      `/quiz/results/${result.id}`,
    ];
    const images = new Set<string>();
    for (const page of pages) {
      const res = await get(page);
      const image = ogImageOf(res.body);
      expect(image, page).toBeDefined();
      images.add(image!);
      const [product] = ofType(res.body, 'Product');
      for (const picture of (product?.image as string[] | undefined) ?? []) images.add(picture);
    }
    expect(images).toContain(`${PUBLIC}/api/quiz/results/${result.id}/share.png`);
    for (const image of images) {
      const url = new URL(image);
      expect(url.origin).toBe(PUBLIC);
      expect(allowedBy(rules, url.pathname + url.search), image).toBe(true);
      // And it is there to fetch: the server draws what is under /api/; the rest is a file the build copies from
      // src/web/public (the unit tests run before the build, so it is looked for there).
      if (url.pathname.startsWith('/api/')) expect((await get(url.pathname + url.search)).statusCode, image).toBe(200);
      else expect(fs.existsSync(path.join(PUBLIC_FILES, decodeURIComponent(url.pathname))), image).toBe(true);
    }
    // The rest of the API stays out: data, print files.
    for (const path of ['/api/awards', `/api/certificates/${certificate.share_id}`, `/api/certificates/${certificate.share_id}/certificate.pdf`, `/api/certificates/${certificate.share_id}/print.png`]) {
      expect(allowedBy(rules, path), path).toBe(false);
    }
  });
});
