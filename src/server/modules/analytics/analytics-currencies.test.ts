import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '@/contract/analytics';
import { signedInClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { currencySales, shopCatalogue } from '../checkout/test-support';
import { addDays, utcDay } from './analytics-rollup';
import { analyticsReport } from './analytics-report.service';

/**
 * The analytics report's revenue per currency (docs/decisions/134): orders placed and paid through the API in the
 * shop's dollars and in the seeded euros and pounds, some refunded. The totals, the days and the chart stay in
 * dollars; revenue_by_currency and the revenue CSV list every currency apart, never added to another.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
const { sellTheMix, kept, of } = currencySales(() => ({ app: t.app, admin: admin.client, shop }), '203.0.113');

/** The UTC days the orders were paid on (one, unless the setup ran over midnight). */
const paidDays = new Set<string>();

/** From the first day an order was paid to today: every sale of this file is in it. */
const range = () => ({ from: [...paidDays].sort()[0]!, to: utcDay(new Date()) });

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  admin = await signedInClient(t.app, { admin: true });
  shop = await shopCatalogue(t.app, t.database.db);
  expect(shop.cat.currency).toBe('USD');
  paidDays.add(utcDay(new Date()));
  await sellTheMix();
  paidDays.add(utcDay(new Date()));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/analytics: revenue per currency', () => {
  it("keeps the totals and the days in dollars and lists each currency's revenue and orders apart, dollars first", async () => {
    expect([...kept.keys()].sort()).toEqual(['EUR', 'GBP', 'USD']);
    expect(kept.get('EUR')!.orders).toBe(3);
    const { from, to } = range();
    const res = await admin.client.get(`/api/admin/analytics?from=${from}&to=${to}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const report = res.json() as AnalyticsReport;
    expect(report.currency).toBe('USD');
    expect(report.revenue_by_currency).toEqual([of('USD'), of('EUR'), of('GBP')]);
    // The Revenue figure and the chart are the shop's currency only: no euros or pounds added in.
    expect(report.totals).toMatchObject({ revenue: kept.get('USD')!.revenue, orders: 2 });
    expect(report.revenue.reduce((a, d) => a + d.amount, 0)).toBe(kept.get('USD')!.revenue);
    expect(report.revenue.reduce((a, d) => a + d.orders, 0)).toBe(2);
  });

  it("lists the own currency first even when it sold nothing, the others by code, and only the own when nothing sold", async () => {
    const report = await analyticsReport(t.database.db, range(), { currency: 'CAD' });
    expect(report.revenue_by_currency).toEqual([{ currency: 'CAD', revenue: 0, orders: 0 }, of('EUR'), of('GBP'), of('USD')]);
    expect(report.totals).toMatchObject({ revenue: 0, orders: 0 });

    const before = addDays(range().from, -10);
    const quiet = await analyticsReport(t.database.db, { from: before, to: addDays(before, 5) }, { currency: 'USD' });
    expect(quiet.revenue_by_currency).toEqual([{ currency: 'USD', revenue: 0, orders: 0 }]);
  });

  it('exports every currency in the revenue CSV, each day in dollars first and the others on rows of their own', async () => {
    const { from, to } = range();
    const res = await admin.client.get(`/api/admin/analytics/export.csv?from=${from}&to=${to}&report=revenue`);
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.trim().split('\n');
    expect(header).toBe('day,orders,amount_minor_units,currency');
    const rows = lines.map((line) => {
      const [day, orders, amount, currency] = line.split(',');
      return { day: day!, orders: Number(orders), amount: Number(amount), currency: currency! };
    });
    // Per currency, the rows add up to what it kept; no row mixes two.
    const sums = new Map<string, { revenue: number; orders: number }>();
    for (const r of rows) {
      const s = sums.get(r.currency) ?? { revenue: 0, orders: 0 };
      sums.set(r.currency, { revenue: s.revenue + r.amount, orders: s.orders + r.orders });
    }
    expect(Object.fromEntries(sums)).toEqual(Object.fromEntries(kept));
    // Every day has its dollar row (zeros too), before that day's other currencies, which follow by code.
    for (const day of new Set(rows.map((r) => r.day))) {
      const ofDay = rows.filter((r) => r.day === day).map((r) => r.currency);
      expect(ofDay[0]).toBe('USD');
      expect(ofDay.slice(1)).toEqual(ofDay.slice(1).filter((c) => c !== 'USD').sort());
    }
    expect(rows.filter((r) => r.currency === 'USD').map((r) => r.day)).toHaveLength(new Set(rows.map((r) => r.day)).size);
  });
});
