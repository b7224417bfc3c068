import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@/contract/admin-dashboard';
import { signedInClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { utcDay } from '@/server/lib/utc-days';
import { currencySales, shopCatalogue } from '../checkout/test-support';
import { dashboard } from './dashboard.service';

/**
 * The dashboard's revenue per currency (docs/decisions/134): orders placed and paid through the API in the shop's
 * dollars and in the seeded euros and pounds, some refunded, each currency counted apart and never added to another.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
const { sellTheMix, kept, of } = currencySales(() => ({ app: t.app, admin: admin.client, shop }), '198.51.100');

const get = async (period: string) => {
  const res = await admin.client.get(`/api/admin/dashboard?period=${period}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Dashboard;
};
/** The UTC days the orders were paid on: "today" holds them all only when that is one day and still today. */
const paidDays = new Set<string>();

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

describe('GET /api/admin/dashboard: revenue per currency', () => {
  it("keeps the shop's figures in dollars and lists each currency's revenue and orders apart, dollars first", async () => {
    expect([...kept.keys()].sort()).toEqual(['EUR', 'GBP', 'USD']);
    expect(kept.get('EUR')!.orders).toBe(3);
    const today = paidDays.size === 1 && paidDays.has(utcDay(new Date()));
    for (const period of today ? ['today', '7d', '30d'] : ['7d', '30d']) {
      const d = await get(period);
      expect(d.currency).toBe('USD');
      expect(d.revenue_by_currency).toEqual([of('USD'), of('EUR'), of('GBP')]);
      // The card, the conversion and the chart are the shop's currency only: no euros or pounds added in.
      expect(d.kpis).toMatchObject({ revenue: kept.get('USD')!.revenue, orders: 2 });
      expect(d.daily.reduce((a, x) => a + x.revenue, 0)).toBe(kept.get('USD')!.revenue);
      expect(d.daily.reduce((a, x) => a + x.orders, 0)).toBe(2);
    }
  });

  it('lists the own currency first even when it sold nothing, the others by code', async () => {
    const d = await dashboard(t.database.db, '7d', { currency: 'CAD' });
    expect(d.revenue_by_currency).toEqual([{ currency: 'CAD', revenue: 0, orders: 0 }, of('EUR'), of('GBP'), of('USD')]);
    expect(d.kpis).toMatchObject({ revenue: 0, orders: 0 });
  });
});
