import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPath, TRACK_ANALYTICS_PATH, type AnalyticsReport } from '@/contract/analytics';
import { AUTH_COOKIES } from '@/contract/auth-cookies';
import { analyticsDaily, analyticsEvents } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { seedOrder, type SeedOrder } from '@/server/test/seed-order';
import { cleanExpiredAnalyticsEvents } from '../jobs/retention';
import { addDays, rollUpDays, rollUpFinishedDays, utcDay } from './analytics-rollup';
import { deviceOf, normalisePageUrl, referrerHost } from './analytics.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, jobs: 'manual' });
});
afterAll(async () => {
  await t.close();
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let ipCounter = 0;
/** A browser of its own address (the per-IP limit stays out of the way), sending as sendBeacon does: no CSRF header. */
function beaconClient(userAgent = DESKTOP) {
  const client = new TestClient(t.app);
  client.csrf = false;
  client.userAgent = userAgent;
  client.ip = `198.51.100.${++ipCounter}`;
  return client;
}
const sessionId = () => randomUUID().replace(/-/g, '');

async function eventsOf(session: string) {
  return t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, session)).orderBy(analyticsEvents.id);
}

describe('normalisation', () => {
  const own = ['certifiable.test'];
  it('keeps a path of this site without query or fragment, masks secrets, drops other sites', () => {
    expect(normalisePageUrl('/gallery?search=cat#top', own)).toBe('/gallery');
    expect(normalisePageUrl('https://certifiable.test/store/?x=1', own)).toBe('/store');
    expect(normalisePageUrl('https://www.certifiable.test/', own)).toBe('/');
    expect(normalisePageUrl('/claim/s3cr3t-token', own)).toBe('/claim/:token');
    expect(normalisePageUrl('/claim/s3cr3t-token/extra', own)).toBe('/claim/:token');
    expect(normalisePageUrl('/order/2b7e1516-28ae-4d2a-a6d2-abcdef012345?token=x', own)).toBe('/order/:orderId');
    expect(normalisePageUrl('/order/success?order=1&token=2', own)).toBe('/order/success');
    expect(normalisePageUrl('/pay/test/cs_test_123', own)).toBe('/pay/test/:sessionId');
    expect(normalisePageUrl('https://evil.example/claim/x', own)).toBeNull();
    expect(normalisePageUrl('//evil.example/x', own)).toBeNull();
    expect(normalisePageUrl('javascript:alert(1)', own)).toBeNull();
    expect(normalisePageUrl('gallery', own)).toBeNull();
    expect(analyticsPath('//gallery//')).toBe('/gallery');
    expect(analyticsPath('/Gallery/')).toBe('/gallery');
    expect(analyticsPath('/CLAIM/Tok')).toBe('/claim/:token');
  });

  it('keeps only another site’s host as the referrer', () => {
    expect(referrerHost('https://www.google.com/search?q=roast', own)).toBe('google.com');
    expect(referrerHost('https://news.example.org/a/b', own)).toBe('news.example.org');
    expect(referrerHost('https://certifiable.test/gallery', own)).toBeNull();
    expect(referrerHost('', own)).toBeNull();
    expect(referrerHost('android-app://com.example', own)).toBeNull();
  });

  it('takes a referrer host only when it is a DNS name (letters, digits, hyphens, dots); anything else is no referrer', () => {
    // A web URL's host may hold much more: these would reach the admin's report and CSV files as typed.
    expect(referrerHost('http://=1+2+3/', own)).toBeNull();
    expect(referrerHost('http://@SUM(1)/', own)).toBeNull();
    expect(referrerHost('http://-cmd.example/', own)).toBeNull();
    expect(referrerHost('http://a_b.example/', own)).toBeNull();
    expect(referrerHost('http://[2001:db8::1]/', own)).toBeNull();
    expect(referrerHost(`https://${'a'.repeat(64)}.example/`, own)).toBeNull();
    expect(referrerHost(`https://${Array.from({ length: 50 }, () => 'abcd').join('.')}.example/`, own)).toBeNull();
    // Still kept: a final dot, an international name (as URL writes it), an IPv4 address, a name without a dot.
    expect(referrerHost('https://News.Example.org./a', own)).toBe('news.example.org');
    expect(referrerHost('https://bücher.example/', own)).toBe('xn--bcher-kva.example');
    expect(referrerHost('http://192.0.2.1:8080/x', own)).toBe('192.0.2.1');
    expect(referrerHost('http://localhost:5173/', own)).toBe('localhost');
  });

  it('tells mobiles, tablets and desktops apart by the User-Agent', () => {
    expect(deviceOf(IPHONE)).toBe('mobile');
    expect(deviceOf(IPAD)).toBe('tablet');
    expect(deviceOf(ANDROID_TABLET)).toBe('tablet');
    expect(deviceOf(DESKTOP)).toBe('desktop');
    expect(deviceOf(null)).toBe('desktop');
  });
});

describe('POST /api/analytics/events', () => {
  it('stores one event with normalised fields and answers 202 {accepted}', async () => {
    const session = sessionId();
    const res = await beaconClient(IPHONE).post(TRACK_ANALYTICS_PATH, {
      session_id: session,
      event_type: 'page_view',
      event_data: { title: 'Claim' },
      page_url: 'https://certifiable.test/claim/abcdef123456?utm_source=x#y',
      referrer: 'https://www.google.com/search?q=certifiable',
      user_agent: 'what the page says is ignored',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1 });
    const [stored] = await eventsOf(session);
    expect(stored).toMatchObject({
      eventType: 'page_view',
      eventCategory: 'user_action',
      eventData: { title: 'Claim' },
      pageUrl: '/claim/:token',
      referrer: 'google.com',
      device: 'mobile',
      userAgent: IPHONE,
      userId: null,
    });
  });

  it('stores a batch in one go; a page of another site is kept without its page, our own referrer as none', async () => {
    const session = sessionId();
    const res = await beaconClient(IPAD).post(TRACK_ANALYTICS_PATH, {
      session_id: session,
      events: [
        { event_type: 'page_view', page_url: '/gallery?search=cats', referrer: 'https://certifiable.test/' },
        { event_type: 'nomination_created', event_category: 'growth', event_data: { award_id: 'a1' }, page_url: '/nominate' },
        { event_type: 'page_view', page_url: 'https://elsewhere.example/gallery' },
        { event_type: 'funnel_step', event_data: { step: 'checkout' }, page_url: '/funnel/checkout' },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 4 });
    const stored = await eventsOf(session);
    expect(stored.map((e) => [e.eventType, e.eventCategory, e.pageUrl, e.referrer, e.device])).toEqual([
      ['page_view', 'user_action', '/gallery', null, 'tablet'],
      ['nomination_created', 'growth', '/nominate', null, 'tablet'],
      ['page_view', 'user_action', null, null, 'tablet'],
      ['funnel_step', 'user_action', '/funnel/checkout', null, 'tablet'],
    ]);
  });

  it('takes a text/plain body holding JSON (navigator.sendBeacon with a string), and refuses one that is not JSON', async () => {
    const session = sessionId();
    const client = beaconClient();
    const res = await client.request({
      method: 'POST',
      url: TRACK_ANALYTICS_PATH,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ session_id: session, events: [{ event_type: 'page_view', page_url: '/' }] }),
    });
    expect(res.statusCode).toBe(202);
    expect(await eventsOf(session)).toHaveLength(1);
    const broken = await client.request({ method: 'POST', url: TRACK_ANALYTICS_PATH, headers: { 'content-type': 'text/plain' }, payload: '{not json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('INVALID_JSON');
    const tooBig = await client.request({
      method: 'POST',
      url: TRACK_ANALYTICS_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ session_id: session, events: [{ event_type: 'page_view', page_url: `/${'x'.repeat(40_000)}` }] }),
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('attributes events to a signed-in browser only with the right csrf_token in the body; otherwise they stay anonymous', async () => {
    const { client, user } = await signedInClient(t.app);
    client.csrf = false; // like sendBeacon: no header
    client.ip = `198.51.100.${++ipCounter}`;
    const token = client.cookies.get(AUTH_COOKIES.csrf)!;
    expect(token).toBeTruthy();
    const right = sessionId();
    const wrong = sessionId();
    const missing = sessionId();
    expect((await client.post(TRACK_ANALYTICS_PATH, { session_id: right, csrf_token: token, event_type: 'session_start', page_url: '/' })).statusCode).toBe(202);
    expect((await client.post(TRACK_ANALYTICS_PATH, { session_id: wrong, csrf_token: `${token}x`, event_type: 'page_view', page_url: '/' })).statusCode).toBe(202);
    expect((await client.post(TRACK_ANALYTICS_PATH, { session_id: missing, event_type: 'page_view', page_url: '/' })).statusCode).toBe(202);
    expect((await eventsOf(right))[0]!.userId).toBe(user.id);
    expect((await eventsOf(wrong))[0]!.userId).toBeNull();
    expect((await eventsOf(missing))[0]!.userId).toBeNull();
    // The account's data export holds what was linked to it, and only that.
    client.csrf = true;
    const exported = (await client.get('/api/account/export')).json() as { analytics_events: { event_type: string; page_url: string }[] };
    expect(exported.analytics_events).toEqual([expect.objectContaining({ event_type: 'session_start', page_url: '/' })]);
    // A signed-out browser that has a CSRF cookie and sends its token is still anonymous.
    const stranger = beaconClient();
    await stranger.get('/api/auth/csrf');
    const anon = sessionId();
    await stranger.post(TRACK_ANALYTICS_PATH, { session_id: anon, csrf_token: stranger.cookies.get(AUTH_COOKIES.csrf), event_type: 'page_view', page_url: '/' });
    expect((await eventsOf(anon))[0]!.userId).toBeNull();
  });

  it('keeps user_activity only for signed-in users, at most once per 30 s, and counts only what it kept', async () => {
    const anonymous = sessionId();
    const anon = await beaconClient().post(TRACK_ANALYTICS_PATH, {
      session_id: anonymous,
      events: [
        { event_type: 'user_activity', page_url: '/' },
        { event_type: 'page_view', page_url: '/' },
      ],
    });
    expect(anon.json()).toEqual({ accepted: 1 });
    expect((await eventsOf(anonymous)).map((e) => e.eventType)).toEqual(['page_view']);

    const { client, user } = await signedInClient(t.app);
    client.csrf = false;
    client.ip = `198.51.100.${++ipCounter}`;
    const token = client.cookies.get(AUTH_COOKIES.csrf)!;
    const session = sessionId();
    const activity = { event_type: 'user_activity', page_url: '/account' };
    const first = await client.post(TRACK_ANALYTICS_PATH, { session_id: session, csrf_token: token, events: [activity, activity, { event_type: 'page_view', page_url: '/account' }] });
    expect(first.json()).toEqual({ accepted: 2 });
    const second = await client.post(TRACK_ANALYTICS_PATH, { session_id: session, csrf_token: token, events: [activity] });
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual({ accepted: 0 });
    const countActivity = async () =>
      (await t.database.db.select().from(analyticsEvents).where(and(eq(analyticsEvents.userId, user.id), eq(analyticsEvents.eventType, 'user_activity')))).length;
    expect(await countActivity()).toBe(1);
    // 31 s later (the stored one moved back in time), the next one is kept.
    await t.database.db.execute(sql`update analytics_events set created_at = created_at - interval '31 seconds' where user_id = ${user.id}`);
    expect((await client.post(TRACK_ANALYTICS_PATH, { session_id: session, csrf_token: token, ...activity })).json()).toEqual({ accepted: 1 });
    expect(await countActivity()).toBe(2);
  });

  it('counts an order as completed once: a reload of its success page, in the batch or later, is dropped', async () => {
    const session = sessionId();
    const done = { event_type: 'order_completed', page_url: '/order/success', event_data: { order_id: 'ORD-4242' } };
    const first = await beaconClient().post(TRACK_ANALYTICS_PATH, { session_id: session, events: [done, done] });
    expect(first.json()).toEqual({ accepted: 1 });
    const reload = await beaconClient().post(TRACK_ANALYTICS_PATH, { session_id: session, ...done });
    expect(reload.json()).toEqual({ accepted: 0 });
    const other = await beaconClient().post(TRACK_ANALYTICS_PATH, { session_id: session, ...done, event_data: { order_id: 'ORD-4243' } });
    expect(other.json()).toEqual({ accepted: 1 });
    expect((await eventsOf(session)).map((e) => e.eventData)).toEqual([{ order_id: 'ORD-4242' }, { order_id: 'ORD-4243' }]);
  });

  it('answers 400 naming the field that is wrong', async () => {
    const client = beaconClient();
    const session = sessionId();
    const fieldOf = async (body: unknown) => {
      const res = await client.post(TRACK_ANALYTICS_PATH, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      return res.json().error as { code: string; field?: string; message: string };
    };
    expect(await fieldOf({ session_id: session, event_type: 'party', page_url: '/' })).toMatchObject({ field: 'event_type', message: 'event_type is not an event this site records' });
    expect((await fieldOf({ session_id: session, events: [{ event_type: 'page_view', page_url: '/' }, { event_type: 'party', page_url: '/' }] })).field).toBe('events.1.event_type');
    expect((await fieldOf({ session_id: session, event_type: 'page_view', page_url: '/', event_data: { blob: 'x'.repeat(3000) } })).field).toBe('event_data');
    const many = Array.from({ length: 21 }, () => ({ event_type: 'page_view', page_url: '/' }));
    expect(await fieldOf({ session_id: session, events: many })).toMatchObject({ field: 'events', message: 'events may hold at most 20 events' });
    expect((await fieldOf({ session_id: 'short', event_type: 'page_view', page_url: '/' })).field).toBe('session_id');
    expect((await fieldOf({ session_id: 'has spaces in it, which is wrong', events: [{ event_type: 'page_view', page_url: '/' }] })).field).toBe('session_id');
    expect((await fieldOf({ session_id: session, event_type: 'funnel_step', page_url: '/funnel/oto1', event_data: { step: 'nope' } })).field).toBe('event_data.step');
    expect((await fieldOf({ session_id: session, event_type: 'page_view' })).field).toBe('page_url');
    const huge = await client.post(TRACK_ANALYTICS_PATH, { session_id: session, events: [{ event_type: 'page_view', page_url: '/', event_data: { a: 'x'.repeat(40_000) } }] });
    expect(huge.statusCode).toBe(413);
    expect(await eventsOf(session)).toHaveLength(0);
  });

  it('limits batches per address: 429 after 120 in ten minutes', async () => {
    const client = beaconClient();
    const body = { session_id: sessionId(), event_type: 'page_view', page_url: '/' };
    for (let i = 0; i < 120; i++) expect((await client.post(TRACK_ANALYTICS_PATH, body)).statusCode).toBe(202);
    const refused = await client.post(TRACK_ANALYTICS_PATH, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('600');
    // Another address is not affected.
    expect((await beaconClient().post(TRACK_ANALYTICS_PATH, body)).statusCode).toBe(202);
  });

  it('limits beacons (text/plain) the same way, counting an IPv6 /64 as one address', async () => {
    const client = beaconClient();
    const body = JSON.stringify({ session_id: sessionId(), event_type: 'page_view', page_url: '/' });
    const send = (ip: string) => {
      client.ip = ip;
      return client.request({ method: 'POST', url: TRACK_ANALYTICS_PATH, headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: body });
    };
    // A new address of the same network for every request, as IPv6 privacy extensions give.
    for (let i = 1; i <= 120; i++) expect((await send(`2001:db8:24:1::${i.toString(16)}`)).statusCode).toBe(202);
    const refused = await send('2001:db8:24:1:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many analytics requests') });
    expect(refused.headers['retry-after']).toBe('600');
    expect((await send('2001:db8:24:2::1')).statusCode).toBe(202);
  });

  it('keeps an event whose referrer host is not a DNS name, without the referrer', async () => {
    const session = sessionId();
    const res = await beaconClient().request({
      method: 'POST',
      url: TRACK_ANALYTICS_PATH,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ session_id: session, event_type: 'page_view', page_url: '/', referrer: 'http://=1+2+3/' }),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1 });
    expect((await eventsOf(session)).map((e) => [e.pageUrl, e.referrer])).toEqual([['/', null]]);
  });
});

describe('roll-ups and the admin report', () => {
  const today = utcDay(new Date());
  const at = (day: string, hh: number) => new Date(`${day}T${String(hh).padStart(2, '0')}:00:00Z`);
  const from = addDays(today, -6);
  let admin: TestClient;

  beforeAll(async () => {
    // A clean slate for the numbers (the tracking tests above wrote events of today).
    await t.database.db.delete(analyticsEvents);
    await t.database.db.delete(analyticsDaily);
    admin = (await signedInClient(t.app, { admin: true })).client;
    const d5 = addDays(today, -5);
    const d2 = addDays(today, -2);
    const e = (day: string, session: string, eventType: string, pageUrl: string | null, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
      eventType,
      pageUrl,
      sessionId: session,
      device: 'desktop',
      createdAt: at(day, 10),
      ...extra,
    });
    await t.database.db.insert(analyticsEvents).values([
      e(d5, 's1', 'page_view', '/gallery', { referrer: 'google.com' }),
      e(d5, 's1', 'page_view', '/store', { device: 'mobile' }),
      e(d5, 's2', 'page_view', '/gallery'),
      e(d5, 's2', 'nomination_created', '/nominate'),
      e(d2, 's3', 'page_view', '/gallery', { referrer: 'news.example.org' }),
      e(d2, 's3', 'nomination_created', '/nominate'),
      e(d2, 's3', 'certificate_shared', '/certificate/:shareId'),
      e(d2, 's4', 'page_view', '/'),
      e(d2, 's4', 'funnel_step', '/funnel/checkout', { eventData: { step: 'checkout' } }),
      e(d2, 's4', 'funnel_step', '/funnel/thank-you', { eventData: { step: 'paid' } }),
      // Outside the range: counted for nothing.
      e(addDays(today, -30), 's9', 'page_view', '/gallery'),
    ]);
    // Today, through the API (live, never rolled up).
    const live = beaconClient();
    const res = await live.post(TRACK_ANALYTICS_PATH, {
      session_id: 's5s5s5s5s5s5s5s5s5',
      events: [
        { event_type: 'page_view', page_url: '/gallery' },
        { event_type: 'award_claimed', page_url: '/claim/tok123456' },
        { event_type: 'order_completed', page_url: '/order/success' },
        { event_type: 'funnel_step', event_data: { step: 'checkout' }, page_url: '/funnel/checkout' },
      ],
    });
    expect(res.statusCode).toBe(202);

    // Orders in every state that matters to revenue, written into their owners' tables (order, payment, hand-off).
    const paid = (paidAt: Date, total: number, over: Omit<SeedOrder, 'payment'> & { payment?: Partial<NonNullable<SeedOrder['payment']>> } = {}): SeedOrder => ({
      email: 'buyer@example.test',
      total,
      ...over,
      payment: { status: 'paid', paidAt, ...over.payment },
    });
    for (const o of [
      paid(at(d2, 12), 5000, { fulfilment: { status: 'submitted' } }),
      paid(at(addDays(today, -1), 9), 3000, { payment: { status: 'partially_refunded', refunded: 1000 }, fulfilment: { status: 'in_production' } }),
      paid(at(today, 0), 1500, { fulfilment: { status: 'shipped' } }),
      paid(at(d2, 13), 4000, { payment: { status: 'refunded' } }),
      { email: 'buyer@example.test', total: 9999, createdAt: at(d2, 15) },
      { email: 'buyer@example.test', total: 8888, payment: { status: 'failed' as const }, createdAt: at(d2, 16) },
      paid(at(d2, 14), 7000, { currency: 'EUR' }),
      paid(at(addDays(today, -40), 14), 7000),
    ]) {
      await seedOrder(t.database.db, o);
    }
  });

  it('sums visitors per day, page views, top pages, funnels and revenue, with today read live', async () => {
    const res = await admin.get(`/api/admin/analytics?from=${from}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const report = res.json() as AnalyticsReport;
    expect(report.currency).toBe('USD');
    expect(report.totals).toEqual({ visitors: 5, page_views: 6, events: 14, orders: 3, revenue: 5000 + 2000 + 1500 });
    expect(report.daily).toHaveLength(7);
    expect(report.daily.map((d) => [d.visitors, d.page_views])).toEqual([
      [0, 0],
      [2, 3],
      [0, 0],
      [0, 0],
      [2, 2],
      [0, 0],
      [1, 1],
    ]);
    expect(report.daily.at(-1)!.day).toBe(today);
    expect(report.top_pages[0]).toEqual({ page: '/gallery', visitors: 4, events: 4 });
    expect(report.top_pages.map((p) => p.page).sort()).toEqual(['/', '/gallery', '/store']);
    expect(report.referrers.map((r) => r.referrer).sort()).toEqual(['google.com', 'news.example.org']);
    expect(report.devices).toContainEqual({ device: 'mobile', visitors: 1, events: 1 });
    expect(report.events.find((e) => e.event_type === 'nomination_created')).toEqual({ event_type: 'nomination_created', visitors: 2, events: 2 });
    expect(report.growth_funnel.map((s) => [s.step, s.visitors, s.conversion])).toEqual([
      ['gallery', 4, 1],
      ['nomination_created', 2, 0.5],
      ['certificate_shared', 1, 0.5],
      ['award_claimed', 1, 1],
      ['order_completed', 1, 1],
    ]);
    expect(report.sales_funnel.map((s) => [s.step, s.visitors, s.conversion])).toEqual([
      ['checkout', 2, 1],
      ['paid', 1, 0.5],
      ['oto1', 0, 0],
      ['oto1_accepted', 0, 0],
      ['downsell', 0, 0],
      ['downsell_accepted', 0, 0],
      ['thank_you', 0, 0],
    ]);
    expect(report.revenue.filter((r) => r.orders > 0)).toEqual([
      { day: addDays(today, -2), orders: 1, amount: 5000 },
      { day: addDays(today, -1), orders: 1, amount: 2000 },
      { day: today, orders: 1, amount: 1500 },
    ]);
    // The euro order is not in the dollar figures above, but listed apart; the dollars first, as the totals count them.
    expect(report.revenue_by_currency).toEqual([
      { currency: 'USD', revenue: 5000 + 2000 + 1500, orders: 3 },
      { currency: 'EUR', revenue: 7000, orders: 1 },
    ]);

    // Finished days were rolled up on demand (a total row each, zeros included); today was not.
    const rolled = await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.dimension, 'total'));
    expect(rolled.map((r) => r.day).sort()).toEqual([0, 1, 2, 3, 4, 5].map((n) => addDays(from, n)));
  });

  it('rolls a day up again idempotently, and the nightly job fills days it missed', async () => {
    const d5 = addDays(today, -5);
    const before = await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, d5));
    await rollUpDays(t.database.db, [d5]);
    await rollUpDays(t.database.db, [d5]);
    const after = await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, d5));
    const key = (r: typeof analyticsDaily.$inferSelect) => `${r.dimension}/${r.key}/${r.events}/${r.visitors}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
    expect(after.map(key)).toContain('total//4/2');

    const d30 = addDays(today, -30);
    expect(await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, d30))).toHaveLength(0);
    const days = await rollUpFinishedDays(t.database.db);
    expect(days).toContain(d30);
    expect(days.at(-1)).toBe(addDays(today, -1));
    const d30rows = await t.database.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, d30));
    expect(d30rows.map(key).sort()).toEqual(['device/desktop/1/1', 'event/page_view/1/1', 'page//gallery/1/1', 'total//1/1']);
    // Nothing is left to do but yesterday.
    expect(await rollUpFinishedDays(t.database.db)).toEqual([addDays(today, -1)]);
  });

  it('keeps the roll-ups when the retention job deletes raw events older than 400 days', async () => {
    const old = addDays(today, -401);
    await t.database.db.insert(analyticsEvents).values({ eventType: 'page_view', pageUrl: '/', sessionId: 'old-session-id-123', createdAt: at(old, 12) });
    await rollUpDays(t.database.db, [old]);
    expect(await cleanExpiredAnalyticsEvents(t.database.db)).toBe(1);
    expect(await cleanExpiredAnalyticsEvents(t.database.db)).toBe(0);
    const kept = await t.database.db.select().from(analyticsDaily).where(and(eq(analyticsDaily.day, old), eq(analyticsDaily.dimension, 'total')));
    expect(kept).toEqual([{ day: old, dimension: 'total', key: '', events: 1, visitors: 1 }]);
  });

  it('exports a table as CSV with a clear file name', async () => {
    const res = await admin.get(`/api/admin/analytics/export.csv?from=${from}&to=${today}&report=pages`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certifiable-analytics-pages-${from}-to-${today}.csv"`);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('page,page_views,visitors');
    expect(lines[1]).toBe('/gallery,4,4');
    const funnel = await admin.get(`/api/admin/analytics/export.csv?from=${from}&to=${today}&report=growth_funnel`);
    expect(funnel.body.split('\n').slice(0, 3)).toEqual(['step,label,visitors,conversion', 'gallery,Viewed the gallery,4,1', 'nomination_created,Nominated,2,0.5']);
    const revenue = await admin.get(`/api/admin/analytics/export.csv?from=${from}&to=${today}&report=revenue`);
    expect(revenue.body).toContain(`${today},1,1500,USD`);
    // A day in the shop's currency, then the euros of that day on a row of their own.
    const d2 = addDays(today, -2);
    expect(revenue.body.trim().split('\n').filter((line) => line.startsWith(d2))).toEqual([`${d2},1,5000,USD`, `${d2},1,7000,EUR`]);
    const bad = await admin.get(`/api/admin/analytics/export.csv?from=${from}&to=${today}&report=everything`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('report');
  });

  it('checks the range: real dates, to on or after from, at most 366 days', async () => {
    const fieldOf = async (query: string) => {
      const res = await admin.get(`/api/admin/analytics?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().error.field as string;
    };
    expect(await fieldOf(`from=${today}&to=${addDays(today, -1)}`)).toBe('to');
    expect(await fieldOf('from=2025-01-01&to=2026-01-02')).toBe('to');
    expect(await fieldOf('from=2026-02-30&to=2026-03-01')).toBe('from');
    expect(await fieldOf('to=2026-03-01')).toBe('from');
    expect(await fieldOf('from=2026-03-01&to=tomorrow')).toBe('to');
    expect((await admin.get('/api/admin/analytics?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
  });

  it('is for admins only: 401 signed out, 403 for other users', async () => {
    const url = `/api/admin/analytics?from=${from}&to=${today}`;
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    const { client } = await signedInClient(t.app);
    expect((await client.get(url)).statusCode).toBe(403);
    expect((await client.get(`/api/admin/analytics/export.csv?from=${from}&to=${today}&report=daily`)).statusCode).toBe(403);
  });
});

describe('formula text in the CSV export', () => {
  it('writes a stored referrer that a spreadsheet would run as a formula with a leading quote', async () => {
    const admin = (await signedInClient(t.app, { admin: true })).client;
    const today = utcDay(new Date());
    // Stored before referrer hosts were checked (the intake now keeps no such host, see above).
    await t.database.db.insert(analyticsEvents).values([
      { eventType: 'page_view', pageUrl: '/', sessionId: sessionId(), device: 'desktop', referrer: '=1+2+3' },
      { eventType: 'page_view', pageUrl: '/', sessionId: sessionId(), device: 'desktop', referrer: '@SUM(1+1)*cmd|x' },
    ]);
    const res = await admin.get(`/api/admin/analytics/export.csv?from=${today}&to=${today}&report=referrers`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines).toContain("'=1+2+3,1,1");
    expect(lines).toContain("'@SUM(1+1)*cmd|x,1,1");
    expect(lines.filter((line) => /^"?[=+\-@\t\r]/.test(line))).toEqual([]);
  });
});
