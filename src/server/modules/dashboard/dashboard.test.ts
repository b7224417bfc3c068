import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@/contract/admin-dashboard';
import { analyticsEvents, bugReports, nominations, users } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { addDays, utcDay } from '../analytics/analytics-rollup';
import { seedOrder, type SeedOrder } from '@/server/test/seed-order';
import { catalogue } from '../nominations/test-support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midday UTC `n` days ago: inside that UTC day whatever the time now. */
const daysAgo = (n: number) => new Date(Date.parse(`${addDays(utcDay(new Date()), -n)}T12:00:00Z`));
/** A moment today that has passed. */
const earlierToday = () => new Date(Math.max(Date.parse(`${utcDay(new Date())}T00:00:01Z`), Date.now() - 60_000));

/** Sold orders (paid, not wholly refunded, in USD): when paid and what was kept, to check every period against. */
const sold: { paidAt: Date; kept: number }[] = [];
const expected = (days: number) => {
  const from = addDays(utcDay(new Date()), 1 - days);
  const inPeriod = sold.filter((o) => utcDay(o.paidAt) >= from);
  return { revenue: inPeriod.reduce((a, o) => a + o.kept, 0), orders: inPeriod.length };
};
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** A paid order (paid on `paidAt`), written into its owners' tables: the order, its payment, its hand-off. */
const paidOrder = (paidAt: Date, total: number, over: Omit<SeedOrder, 'payment'> & { payment?: Partial<NonNullable<SeedOrder['payment']>> } = {}): SeedOrder => ({
  total,
  ...over,
  payment: { status: 'paid', paidAt, ...over.payment },
});
/** Reconciled orders, by number (the reconciliation found them paid at the provider). */
const reconciled: { recent?: string; old?: string } = {};

const get = async (period: string) => {
  const res = await admin.client.get(`/api/admin/dashboard?period=${period}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Dashboard;
};

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  admin = await signedInClient(t.app, { admin: true });
  const db = t.database.db;
  const cat = await catalogue(db);
  const template = cat.templates[0]!;
  let n = 0;
  const nomination = (over: Partial<typeof nominations.$inferInsert>): typeof nominations.$inferInsert => ({
    shareId: `share${String(++n).padStart(11, '0')}`,
    certificateNumber: `CF-T${n}`,
    awardId: cat.award.id,
    templateId: template.id,
    nomineeName: `Nominee ${n}`,
    ...over,
  });
  const now = earlierToday();
  await db.insert(nominations).values([
    nomination({ createdAt: now }),
    nomination({ createdAt: now, status: 'claimed', claimedAt: now }),
    nomination({ createdAt: now, isPublic: false }),
    nomination({ createdAt: now, hidden: true }),
    nomination({ createdAt: daysAgo(3), status: 'claimed', claimedAt: daysAgo(1) }),
    nomination({ createdAt: daysAgo(20) }),
    nomination({ createdAt: daysAgo(40), status: 'claimed', claimedAt: daysAgo(35) }),
  ]);
  const lateAt = new Date(Date.now() - 5 * HOUR);
  const freshAt = new Date(Math.max(Date.parse(`${utcDay(new Date())}T00:00:01Z`), Date.now() - 10 * 60_000));
  sold.push(
    { paidAt: now, kept: 4000 },
    { paidAt: daysAgo(5), kept: 3000 },
    { paidAt: daysAgo(25), kept: 2000 },
    { paidAt: daysAgo(45), kept: 4000 },
    { paidAt: daysAgo(4), kept: 1500 },
    { paidAt: lateAt, kept: 1200 },
    { paidAt: freshAt, kept: 1100 },
  );
  const orders: SeedOrder[] = [
    paidOrder(now, 5000, { payment: { status: 'partially_refunded', refunded: 1000 }, fulfilment: { status: 'submitted' } }),
    paidOrder(daysAgo(5), 3000, { fulfilment: { status: 'shipped' }, payment: { actor: 'reconciliation' } }),
    paidOrder(daysAgo(25), 2000, { fulfilment: { status: 'delivered' } }),
    // Not sold: wholly refunded. Sold in euros: not in the dollar figures, only in the euros' own (revenue_by_currency).
    paidOrder(daysAgo(2), 9000, { payment: { status: 'refunded' } }),
    paidOrder(daysAgo(2), 7000, { currency: 'EUR' }),
    paidOrder(daysAgo(45), 4000, { payment: { actor: 'reconciliation' } }),
    // Needs attention:
    paidOrder(daysAgo(4), 1500, { fulfilment: { status: 'problem', error: 'Printful: address rejected' } }),
    paidOrder(lateAt, 1200, { fulfilment: { status: 'pending' } }),
    paidOrder(freshAt, 1100, { fulfilment: { status: 'pending' } }),
    { payment: { status: 'failed', failureMessage: 'Your card was declined.', updatedAt: new Date(Date.now() - DAY) }, createdAt: new Date(Date.now() - DAY - HOUR) },
    { payment: { status: 'failed', updatedAt: daysAgo(20) }, createdAt: daysAgo(20) },
    // Waiting for payment, or never paid: neither sold nor wrong.
    { createdAt: now },
    { lifecycle: 'abandoned', createdAt: daysAgo(1) },
  ];
  const seeded = [];
  for (const o of orders) seeded.push(await seedOrder(db, o));
  reconciled.recent = seeded[1]!.number;
  reconciled.old = seeded[5]!.number;
  await db.insert(bugReports).values([
    { title: 'Checkout button does nothing', severity: 'critical', status: 'triaged' },
    { title: 'Typo on the gallery', severity: 'low', status: 'new' },
    { title: 'Already fixed', severity: 'high', status: 'resolved' },
    { title: 'Being fixed', severity: 'medium', status: 'in_progress' },
  ]);
  const user = await signedInClient(t.app);
  await db.update(users).set({ createdAt: daysAgo(10) }).where(eq(users.id, user.user.id));
  // Two visitors today, one three days ago (analytics, decision 094).
  await db.insert(analyticsEvents).values([
    { eventType: 'page_view', sessionId: 'visitor-a', pageUrl: '/', createdAt: now },
    { eventType: 'page_view', sessionId: 'visitor-b', pageUrl: '/store', createdAt: now },
    { eventType: 'page_view', sessionId: 'visitor-c', pageUrl: '/', createdAt: daysAgo(3) },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/dashboard', () => {
  it('is for admins only and refuses an unknown period naming it', async () => {
    expect((await new TestClient(t.app).get('/api/admin/dashboard')).statusCode).toBe(401);
    const user = await signedInClient(t.app);
    expect((await user.client.get('/api/admin/dashboard')).statusCode).toBe(403);
    const bad = await admin.client.get('/api/admin/dashboard?period=year');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('period');
  });

  it('counts today: revenue paid minus refunded in the shop currency (and per currency), orders, nominations, claims, users, open bugs, conversion', async () => {
    const d = await get('today');
    expect([d.from, d.to, d.currency]).toEqual([utcDay(new Date()), utcDay(new Date()), 'USD']);
    const today = expected(1);
    expect(d.kpis).toEqual({
      ...today,
      nominations: 4,
      claims: 1,
      // The admin and the member made by the first test; the member moved 10 days back is not new today.
      new_users: 2,
      open_bug_reports: 3,
      visitors: 2,
      conversion: round4(today.orders / 2),
    });
    // Nothing sold in euros today: the shop's currency alone.
    expect(d.revenue_by_currency).toEqual([{ currency: 'USD', ...today }]);
    // The charts still have a week.
    expect(d.daily).toHaveLength(7);
    expect(d.daily.at(-1)).toMatchObject({ day: d.to, ...today, nominations: 4, claims: 1 });
  });

  it('adds up 7 and 30 UTC days, by the day of payment and of claiming', async () => {
    const week = await get('7d');
    expect(week.from).toBe(addDays(utcDay(new Date()), -6));
    const w = expected(7);
    expect(week.kpis).toMatchObject({ ...w, nominations: 5, claims: 2, visitors: 3, conversion: round4(w.orders / 3) });
    expect(w.orders).toBeGreaterThanOrEqual(5);
    // The euro order of two days ago, beside the dollars and never added to them.
    expect(week.revenue_by_currency).toEqual([{ currency: 'USD', ...w }, { currency: 'EUR', revenue: 7000, orders: 1 }]);
    expect(week.daily).toHaveLength(7);
    const month = await get('30d');
    expect(month.kpis).toMatchObject({ ...expected(30), nominations: 6, claims: 2, new_users: 3 });
    expect(month.revenue_by_currency).toEqual([{ currency: 'USD', ...expected(30) }, { currency: 'EUR', revenue: 7000, orders: 1 }]);
    expect(month.daily).toHaveLength(30);
    expect(month.daily.reduce((a, x) => a + x.revenue, 0)).toBe(month.kpis.revenue);
  });

  it('lists what needs attention now', async () => {
    const { attention } = await get('7d');
    expect(attention.fulfilment_problems).toMatchObject({ count: 1, items: [{ total: 1500, detail: 'Printful: address rejected' }] });
    // Paid five hours ago and still not with the printer; ten minutes ago is not late yet.
    expect(attention.fulfilment_late).toMatchObject({ count: 1, items: [{ total: 1200 }] });
    // Refused in the last week; the one from 20 days ago has gone cold.
    expect(attention.payment_failures).toMatchObject({ count: 1, items: [{ detail: 'Your card was declined.' }] });
    // Found paid at the provider by the reconciliation in the last week (its event never came); not the one of 45 days ago.
    expect(attention.payments_reconciled).toMatchObject({ count: 1, items: [{ number: reconciled.recent, total: 3000, detail: expect.stringContaining('reconciliation') }] });
    expect(attention.payments_reconciled.items.map((i) => i.number)).not.toContain(reconciled.old);
    expect(attention.bug_reports.count).toBe(2);
    expect(attention.bug_reports.items.map((b) => b.title)).toEqual(['Checkout button does nothing', 'Typo on the gallery']);
    // Public, not hidden, not declined, made in the period.
    expect(attention.nominations.count).toBe(3);
    expect(attention.nominations.items[0]).toMatchObject({ award_title: expect.any(String), share_id: expect.stringMatching(/^share/) });
  });
});
