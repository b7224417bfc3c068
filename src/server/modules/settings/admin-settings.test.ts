import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, SettingsGroup, SettingsValues } from '@/contract/admin-settings';
import type { Funnel } from '@/contract/funnel';
import type { PublicSettings } from '@/contract/settings';
import type { Quote, StoreCatalogue } from '@/contract/shop';
import * as entry from '@/web/entry-server';
import { auditLog, orders, settings } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, placeOrder, shopCatalogue } from '../checkout/test-support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  // The server renderer too: the home page must show new settings as rendered HTML.
  t = await createTestApp({ ssr: entry });
  admin = await signedInClient(t.app, { admin: true });
});
afterAll(async () => {
  await t.close();
});

const anon = () => new TestClient(t.app);
const current = async () => ((await admin.client.get('/api/admin/settings')).json() as AdminSettings).values;
const put = <G extends SettingsGroup>(group: G, body: unknown) => admin.client.put(`/api/admin/settings/${group}`, body);
const audits = (group: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, group))).orderBy(auditLog.createdAt);
const storedRows = async () => Number((await t.database.db.select({ n: count() }).from(settings))[0]!.n);
const publicSettings = async () => (await anon().get('/api/settings/public')).json() as PublicSettings;
/** The served page, without the markers React puts between pieces of text. */
const page = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).body.replace(/<!-- -->/g, '');

describe('/api/admin/settings', () => {
  it('is for admins only, for every group', async () => {
    expect((await anon().get('/api/admin/settings')).statusCode).toBe(401);
    const user = await signedInClient(t.app);
    expect((await user.client.get('/api/admin/settings')).statusCode).toBe(403);
    expect((await user.client.put('/api/admin/settings/brand', { brand_name: 'Hijacked', company_name: 'X' })).statusCode).toBe(403);
    expect((await anon().put('/api/admin/settings/brand', { brand_name: 'Hijacked', company_name: 'X' })).statusCode).toBe(401);
    expect((await publicSettings()).brand_name).toBe('Certifiable');
  });

  it('gives every group with its defaults, nobody as last editor, and the catalogue to choose from', async () => {
    const res = (await admin.client.get('/api/admin/settings')).json() as AdminSettings;
    expect(res.values.brand).toEqual({ brand_name: 'Certifiable', company_name: 'Dubious Enterprises Ltd.' });
    expect(res.values.home.stats).toHaveLength(6);
    // A fresh install sells in four more currencies, its shipping priced in each (the seed, docs/decisions/134).
    expect(res.values.shop).toMatchObject({ currency: 'USD', currencies: ['EUR', 'GBP', 'CAD', 'AUD'], shipping: { standard: { price: 599, prices: { GBP: 499 }, min_days: 7, max_days: 14 } } });
    expect(res.values.funnel).toMatchObject({ enabled: true, offer_minutes: 15, hero: { variant_sku: 'PRINT-A4' } });
    expect(res.values.features).toEqual({ quiz: true, community: true, bug_reports: true });
    expect(res.changed).toEqual({ brand: null, contact: null, home: null, shop: null, funnel: null, features: null });
    expect(res.choices.currencies).toEqual(['USD']);
    expect(res.choices.variants.map((v) => v.sku)).toEqual(expect.arrayContaining(['PRINT-A4', 'FRAME-A4-BLACK', 'PDF']));
    expect(res.cache_seconds).toBe(30);
  });

  it('refuses bad input in every group with a 400 naming the field, and stores nothing', async () => {
    const before = await current();
    const rows = await storedRows();
    const auditRows = Number((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n);
    const okShop = before.shop;
    const okFunnel = before.funnel;
    const zonePrices = Object.fromEntries(okShop.currencies.map((c) => [c, 899]));
    const zone = { name: 'Europe', countries: ['DE', 'FR'], standard: { price: 899, prices: zonePrices, min_days: 4, max_days: 8 }, express: null };
    const cases: [SettingsGroup, unknown, string][] = [
      ['brand', { brand_name: '', company_name: 'X Ltd.' }, 'brand_name'],
      ['brand', { brand_name: '   ', company_name: 'X Ltd.' }, 'brand_name'],
      ['brand', { brand_name: 'B'.repeat(61), company_name: 'X Ltd.' }, 'brand_name'],
      ['brand', { brand_name: 'Ok', company_name: '' }, 'company_name'],
      ['brand', { brand_name: 'Ok', company_name: 'X', extra: 1 }, 'extra'],
      ['contact', { ...before.contact, support_email: 'not an email' }, 'support_email'],
      ['contact', { ...before.contact, social: { ...before.contact.social, x: 'http://x.com/plain' } }, 'social.x'],
      ['contact', { ...before.contact, social: { ...before.contact.social, tiktok: 'javascript:alert(1)' } }, 'social.tiktok'],
      ['contact', { ...before.contact, social: { tiktok: '', x: '' } }, 'social.instagram'],
      ['home', { stats: [] }, 'stats'],
      ['home', { stats: Array.from({ length: 7 }, () => ({ value: '1', label: 'x' })) }, 'stats'],
      ['home', { stats: [{ value: '', label: 'people' }] }, 'stats.0.value'],
      ['home', { stats: [{ value: '1', label: 'L'.repeat(41) }] }, 'stats.0.label'],
      ['shop', { ...okShop, currency: 'US' }, 'currency'],
      ['shop', { ...okShop, currency: 'EUR', currencies: [] }, 'currency'],
      ['shop', { ...okShop, currencies: ['EUR', 'XYZ'] }, 'currencies.1'],
      ['shop', { ...okShop, currencies: ['EUR', 'eur'] }, 'currencies'],
      ['shop', { ...okShop, currencies: [...okShop.currencies, 'usd'] }, 'currencies'],
      ['shop', { ...okShop, currencies: [...okShop.currencies, 'NZD'] }, 'shipping.standard.prices.NZD'],
      ['shop', { ...okShop, shipping: { ...okShop.shipping, express: { ...okShop.shipping.express, prices: { ...okShop.shipping.express.prices, XYZ: 100 } } } }, 'shipping.express.prices.XYZ'],
      ['shop', { ...okShop, shipping: { ...okShop.shipping, express: { ...okShop.shipping.express, prices: { ...okShop.shipping.express.prices, GBP: -1 } } } }, 'shipping.express.prices.GBP'],
      ['shop', { ...okShop, shipping: { ...okShop.shipping, standard: { ...okShop.shipping.standard, price: -1 } } }, 'shipping.standard.price'],
      ['shop', { ...okShop, shipping: { ...okShop.shipping, express: { ...okShop.shipping.express, min_days: 6, max_days: 5 } } }, 'shipping.express.max_days'],
      ['shop', { ...okShop, shipping: { ...okShop.shipping, express: { ...okShop.shipping.express, label: '' } } }, 'shipping.express.label'],
      ['shop', { ...okShop, tax_rates: { XX: 2000 } }, 'tax_rates.XX'],
      ['shop', { ...okShop, tax_rates: { GB: 10_001 } }, 'tax_rates.GB'],
      ['shop', { ...okShop, tax_rates: { GB: 12.5 } }, 'tax_rates.GB'],
      ['shop', { ...okShop, shipping_zones: [{ ...zone, name: ' ' }] }, 'shipping_zones.0.name'],
      ['shop', { ...okShop, shipping_zones: [{ ...zone, countries: [] }] }, 'shipping_zones.0.countries'],
      ['shop', { ...okShop, shipping_zones: [{ ...zone, countries: ['DE', 'XX'] }] }, 'shipping_zones.0.countries'],
      ['shop', { ...okShop, shipping_zones: [zone, { ...zone, name: 'Central Europe', countries: ['AT', 'de'] }] }, 'shipping_zones.1.countries'],
      ['shop', { ...okShop, shipping_zones: [zone, { ...zone, name: 'europe', countries: ['NL'] }] }, 'shipping_zones.1.name'],
      ['shop', { ...okShop, shipping_zones: [{ ...zone, standard: { ...zone.standard, max_days: 1 } }] }, 'shipping_zones.0.standard.max_days'],
      ['shop', { ...okShop, shipping_zones: [{ ...zone, express: { ...zone.standard, price: -5 } }] }, 'shipping_zones.0.express.price'],
      ['shop', { ...okShop, shipping_zones: [{ ...zone, standard: { ...zone.standard, prices: {} } }] }, `shipping_zones.0.standard.prices.${okShop.currencies[0]}`],
      ['shop', { ...okShop, shipping_zones: [zone, { ...zone, name: 'Nordics', countries: ['SE'], express: { ...zone.standard, prices: { EUR: 1 } } }] }, 'shipping_zones.1.express.prices.GBP'],
      ['shop', { ...okShop, shipping_zones: 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL'.split(' ').map((c) => ({ ...zone, name: c, countries: [c] })) }, 'shipping_zones'],
      ['shop', { ...okShop, ships_elsewhere: 'no' }, 'ships_elsewhere'],
      ['shop', { ...okShop, seller: { address: 'x'.repeat(301), tax_id: '' } }, 'seller.address'],
      ['shop', { ...okShop, seller: { address: 'a\nb\nc\nd\ne\nf\ng', tax_id: '' } }, 'seller.address'],
      ['shop', { ...okShop, seller: { address: '', tax_id: 'T'.repeat(41) } }, 'seller.tax_id'],
      ['funnel', { ...okFunnel, hero: { ...okFunnel.hero, variant_sku: 'NO-SUCH-SKU' } }, 'hero.variant_sku'],
      ['funnel', { ...okFunnel, hero: { ...okFunnel.hero, award_id: '00000000-0000-4000-8000-000000000000' } }, 'hero.award_id'],
      ['funnel', { ...okFunnel, hero: { ...okFunnel.hero, template_slug: 'no-such-design' } }, 'hero.template_slug'],
      ['funnel', { ...okFunnel, hero: { ...okFunnel.hero, headline: '' } }, 'hero.headline'],
      ['funnel', { ...okFunnel, offer_minutes: 0 }, 'offer_minutes'],
      ['funnel', { ...okFunnel, oto1: { ...okFunnel.oto1, discount_percent: 95 } }, 'oto1.discount_percent'],
      ['funnel', { ...okFunnel, downsell: { ...okFunnel.downsell, variant_sku: 'NOPE' } }, 'downsell.variant_sku'],
      ['features', { quiz: 'yes', community: true, bug_reports: true }, 'quiz'],
      ['features', { quiz: true, community: true }, 'bug_reports'],
    ];
    for (const [group, body, field] of cases) {
      const res = await put(group, body);
      expect(res.statusCode, `${group} ${JSON.stringify(body).slice(0, 120)}`).toBe(400);
      expect(res.json().error.field, `${group} → ${field}`).toBe(field);
    }
    const eur = await put('shop', { ...okShop, currency: 'eur', currencies: [] });
    expect(eur.json().error).toMatchObject({ code: 'CURRENCY_NOT_PRICED', field: 'currency' });
    expect(eur.json().error.message).toMatch(/No active product is priced in EUR/);
    const unpriced = await put('shop', { ...okShop, currencies: [...okShop.currencies, 'NZD'] });
    expect(unpriced.json().error).toMatchObject({ code: 'SHIPPING_NOT_PRICED', field: 'shipping.standard.prices.NZD', message: 'Give Standard shipping a price in NZD, or stop selling in NZD.' });
    const own = await put('shop', { ...okShop, currencies: ['USD'] });
    expect(own.json().error).toMatchObject({ code: 'OWN_CURRENCY_LISTED', field: 'currencies' });
    expect(own.json().error.message).toMatch(/USD is the shop’s own currency/);
    const nowhere = await put('shop', { ...okShop, shipping_zones: [], ships_elsewhere: false });
    expect(nowhere.json().error).toMatchObject({ code: 'NO_SHIPPING_ZONE', field: 'ships_elsewhere' });
    expect(await current()).toEqual(before);
    expect(await storedRows()).toBe(rows);
    expect(Number((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n)).toBe(auditRows);
  });

  it('audits a change with before and after, who and from where; saving the same again writes nothing', async () => {
    const res = await put('brand', { brand_name: '  Certifiable Deluxe ', company_name: 'Dubious Holdings plc' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminSettings;
    expect(body.values.brand).toEqual({ brand_name: 'Certifiable Deluxe', company_name: 'Dubious Holdings plc' });
    expect(body.changed.brand).toMatchObject({ by: admin.user.email });
    const rows = await audits('brand');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'settings.updated',
      actorUserId: admin.user.id,
      ip: '203.0.113.7',
      before: { brand_name: 'Certifiable', company_name: 'Dubious Enterprises Ltd.' },
      after: { brand_name: 'Certifiable Deluxe', company_name: 'Dubious Holdings plc' },
    });
    expect((await put('brand', { brand_name: 'Certifiable Deluxe', company_name: 'Dubious Holdings plc' })).statusCode).toBe(200);
    expect(await audits('brand')).toHaveLength(1);
  });
});

describe('the site reads new settings at once', () => {
  it('brand, company and a social link: the public settings, the served page and its footer', async () => {
    // Render the home page once so a kept copy exists; the change must replace it.
    expect(await page('/')).toContain('Certifiable Deluxe');
    await put('brand', { brand_name: 'Roastworthy', company_name: 'Grand Committee of Trivia' });
    const contact = (await current()).contact;
    await put('contact', { support_email: 'Desk@Roastworthy.example', social: { ...contact.social, x: 'https://x.com/roastworthy', tiktok: '' } });
    const pub = await publicSettings();
    expect(pub).toMatchObject({ brand_name: 'Roastworthy', company_name: 'Grand Committee of Trivia', support_email: 'Desk@Roastworthy.example' });
    expect(pub.social).toMatchObject({ x: 'https://x.com/roastworthy', tiktok: '' });
    const html = await page('/');
    expect(html).toContain('Official Awards for Unofficial Achievements | Roastworthy</title>');
    expect(html).toContain('Roastworthy is a subsidiary of Grand Committee of Trivia');
    expect(html).toContain('href="https://x.com/roastworthy"');
    expect(html).not.toContain('tiktok.com/@certifiable');
  });

  it('the home page stats, always with the line saying they are made up', async () => {
    const stats = [
      { value: '42', label: 'committees convened' },
      { value: '3.1M', label: 'eyebrows raised' },
    ];
    expect((await put('home', { stats })).statusCode).toBe(200);
    expect((await publicSettings()).home_stats).toEqual(stats);
    const html = await page('/');
    expect(html).toContain('committees convened');
    expect(html).toContain('eyebrows raised');
    expect(html).not.toContain('would roast again');
    expect(html).toContain('every number above is made up');
    const [row] = await audits('home');
    expect((row!.before as SettingsValues['home']).stats).toHaveLength(6);
    expect(row!.after).toEqual({ stats });
  });

  it('shipping prices, delivery promise and tax: the catalogue, the quote and the order a checkout makes', async () => {
    const shop = (await current()).shop;
    const next: SettingsValues['shop'] = {
      ...shop,
      shipping: { standard: { label: 'Snail mail', price: 777, prices: shop.shipping.standard.prices, min_days: 5, max_days: 9 }, express: { ...shop.shipping.express, price: 2555 } },
      tax_rates: { GB: 1500, DE: 1900 },
    };
    expect((await put('shop', next)).statusCode).toBe(200);
    const [row] = await audits('shop');
    expect(row).toMatchObject({ before: { shipping: { standard: { price: 599 } } }, after: { shipping: { standard: { price: 777 } }, tax_rates: { DE: 1900, GB: 1500 } } });

    const cat = (await anon().get('/api/store/products')).json() as StoreCatalogue;
    expect(cat.shipping_methods.find((m) => m.id === 'standard')).toMatchObject({ label: 'Snail mail', price: 777 });
    expect((await publicSettings()).delivery.standard).toEqual({ min_days: 5, max_days: 9 });
    expect(await page('/')).toContain('standard delivery takes 5–9 business days');

    const { variant, award } = await shopCatalogue(t.app, t.database.db);
    const print = variant('PRINT-A4');
    const lines = [{ variant_id: print.id, quantity: 1, design: { award_id: award.id, recipient_name: 'Dana' } }];
    const quote = (await anon().post('/api/store/quote', { lines, shipping_method: 'express', country: 'GB' })).json() as Quote;
    expect(quote.shipping_total).toBe(2555);
    // The UK's rate as the admin set it, inside the price (docs/decisions/133).
    expect(quote).toMatchObject({ prices_include_tax: true, total: quote.subtotal + 2555, tax_lines: [{ name: 'VAT', rate_bps: 1500, amount: Math.round(((quote.subtotal + 2555) * 1500) / 11_500) }] });

    const { result } = await placeOrder(anon(), checkoutBody(award.id, print.id));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    expect({ shipping: order!.shippingTotal, label: order!.shippingLabel }).toEqual({ shipping: 777, label: 'Snail mail (5–9 business days)' });
  });

  it('the funnel: its hero words and offers', async () => {
    const funnel = (await current()).funnel;
    const next = { ...funnel, hero: { ...funnel.hero, headline: 'Official. Framed. Inevitable.' }, oto1: { ...funnel.oto1, discount_percent: 25 } };
    expect((await put('funnel', next)).statusCode).toBe(200);
    const live = (await anon().get('/api/funnel')).json() as Funnel;
    expect(live.hero?.headline).toBe('Official. Framed. Inevitable.');
    expect(live.offers.find((o) => o.kind === 'oto1')?.discount_percent).toBe(25);
    expect((await put('funnel', { ...next, enabled: false })).statusCode).toBe(200);
    expect(((await anon().get('/api/funnel')).json() as Funnel).available).toBe(false);
    expect((await put('funnel', { ...next, enabled: true })).statusCode).toBe(200);
  });

  it('feature switches: APIs answer 404 FEATURE_OFF, pages say so and are noindex, links and the sitemap drop them', async () => {
    const on = { quiz: true, community: true, bug_reports: true };
    expect((await anon().get('/api/quiz')).statusCode).toBe(200);
    expect((await put('features', { quiz: false, community: false, bug_reports: false })).statusCode).toBe(200);

    for (const [method, url] of [
      ['GET', '/api/quiz'],
      ['GET', '/api/quiz/gallery'],
      ['POST', '/api/quiz/results'],
      ['GET', '/api/community'],
      ['POST', '/api/bug-reports'],
    ] as const) {
      const res = await anon().request({ method, url, ...(method === 'POST' ? { payload: { answers: [] } } : {}) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('FEATURE_OFF');
    }
    const quizPage = await page('/quiz-landing');
    expect(quizPage).toContain('The quiz is taking a break');
    expect(quizPage).toContain('content="noindex, nofollow"');
    const wall = await page('/community');
    expect(wall).toContain('The community wall is closed for now');
    expect(wall).toContain('content="noindex, nofollow"');
    const home = await page('/');
    expect(home).not.toContain('href="/community"');
    expect(home).not.toContain('href="/quiz-landing"');
    const sitemap = (await anon().get('/sitemap.xml')).body;
    expect(sitemap).not.toContain('/quiz-landing');
    expect(sitemap).not.toContain('/community');

    expect((await put('features', on)).statusCode).toBe(200);
    expect((await anon().get('/api/quiz')).statusCode).toBe(200);
    expect((await anon().get('/api/community')).statusCode).toBe(200);
    expect(await page('/quiz-landing')).toContain('content="index, follow"');
    expect((await anon().get('/sitemap.xml')).body).toContain('/community');
    const rows = await audits('features');
    expect(rows.map((r) => r.after)).toEqual([{ quiz: false, community: false, bug_reports: false }, on]);
  });
});

describe('selling in several currencies (docs/decisions/134)', () => {
  it('enables a currency only with a shipping price in it everywhere; the quote in it charges the zone’s price', async () => {
    const shop = (await current()).shop;
    const gbp = { standard: 650, express: 1800 };
    // The shop's own methods priced in GBP; the zone not yet, while the shop does not sell in GBP.
    const zone = {
      name: 'Britain and Ireland',
      countries: ['GB', 'IE'],
      standard: { price: 750, prices: { EUR: 700 }, min_days: 2, max_days: 4 },
      express: { price: 1900, prices: { EUR: 1800 }, min_days: 1, max_days: 2 },
    };
    const base: SettingsValues['shop'] = { ...shop, currencies: ['EUR'], shipping_zones: [zone], ships_elsewhere: true };
    const first = await put('shop', base);
    expect(first.statusCode, first.body).toBe(200);
    const auditRows = (await audits('shop')).length;

    const refused = await put('shop', { ...base, currencies: ['EUR', 'GBP'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'SHIPPING_NOT_PRICED',
      field: 'shipping_zones.0.standard.prices.GBP',
      message: 'Give Standard shipping to Britain and Ireland a price in GBP, or stop selling in GBP.',
    });
    const express = await put('shop', { ...base, currencies: ['EUR', 'GBP'], shipping_zones: [{ ...zone, standard: { ...zone.standard, prices: { EUR: 700, GBP: gbp.standard } } }] });
    expect(express.json().error).toMatchObject({ field: 'shipping_zones.0.express.prices.GBP', message: 'Give Express shipping to Britain and Ireland a price in GBP, or stop selling in GBP.' });
    expect(await audits('shop')).toHaveLength(auditRows);
    expect((await current()).shop.currencies).toEqual(['EUR']);

    const priced: SettingsValues['shop'] = {
      ...base,
      currencies: ['EUR', 'GBP'],
      shipping_zones: [
        {
          ...zone,
          standard: { ...zone.standard, prices: { GBP: gbp.standard, EUR: 700 } },
          // NZD is not sold yet: its price is kept as given, ready for the day it is.
          express: { ...zone.express, prices: { EUR: 1800, GBP: gbp.express, NZD: 3300 } },
        },
      ],
    };
    const saved = await put('shop', priced);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = (saved.json() as AdminSettings).values.shop;
    expect(stored.currencies).toEqual(['EUR', 'GBP']);
    expect(stored.shipping_zones[0]!.standard.prices).toEqual({ EUR: 700, GBP: 650 });
    expect(stored.shipping_zones[0]!.express?.prices).toEqual({ EUR: 1800, GBP: 1800, NZD: 3300 });
    const rows = await audits('shop');
    expect(rows).toHaveLength(auditRows + 1);
    expect(rows.at(-1)).toMatchObject({
      actorUserId: admin.user.id,
      before: { currencies: ['EUR'] },
      after: { currencies: ['EUR', 'GBP'], shipping_zones: [{ standard: { prices: { GBP: 650 } }, express: { prices: { GBP: 1800, NZD: 3300 } } }] },
    });
    // The same prices in another order are no change: nothing more in the audit log.
    expect((await put('shop', { ...priced, shipping_zones: [{ ...priced.shipping_zones[0]!, standard: { ...priced.shipping_zones[0]!.standard, prices: { EUR: 700, GBP: 650 } } }] })).statusCode).toBe(200);
    expect(await audits('shop')).toHaveLength(auditRows + 1);

    const { variant, award } = await shopCatalogue(t.app, t.database.db);
    const lines = [{ variant_id: variant('PRINT-A4').id, quantity: 1, design: { award_id: award.id, recipient_name: 'Dana' } }];
    const res = await anon().post('/api/store/quote', { lines, currency: 'GBP', country: 'GB', shipping_method: 'express' });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json() as Quote;
    expect(quote.currency).toBe('GBP');
    expect(quote.shipping_methods.map((m) => [m.id, m.price, m.min_days, m.max_days])).toEqual([
      ['standard', gbp.standard, 2, 4],
      ['express', gbp.express, 1, 2],
    ]);
    expect(quote.shipping_total).toBe(gbp.express);
    expect(quote.total).toBe(quote.subtotal + gbp.express);
    // A country in no zone pays the shop's own GBP prices.
    const us = (await anon().post('/api/store/quote', { lines, currency: 'GBP', country: 'US', shipping_method: 'standard' })).json() as Quote;
    expect(us.shipping_total).toBe(shop.shipping.standard.prices.GBP);
  });
});
