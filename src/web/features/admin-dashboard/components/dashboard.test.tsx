// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard as DashboardData } from '@/contract/admin-dashboard';
import { renderWithApp } from '@/web/test/render';
import { Dashboard } from './dashboard';

const none = { count: 0, items: [] };

function dashboard(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    period: '7d',
    from: '2026-11-17',
    to: '2026-11-23',
    currency: 'USD',
    kpis: { revenue: 45_600, orders: 12, nominations: 30, claims: 4, new_users: 3, open_bug_reports: 1, visitors: 600, conversion: 0.02 },
    revenue_by_currency: [{ currency: 'USD', revenue: 45_600, orders: 12 }],
    daily: [
      { day: '2026-11-22', revenue: 20_000, orders: 5, nominations: 10, claims: 1 },
      { day: '2026-11-23', revenue: 25_600, orders: 7, nominations: 20, claims: 3 },
    ],
    attention: { fulfilment_problems: none, fulfilment_late: none, payment_failures: none, payments_reconciled: none, bug_reports: none, nominations: none },
    ...overrides,
  };
}

let answer: () => DashboardData;

beforeEach(() => {
  answer = () => dashboard();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json(answer()))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const kpi = (label: string) => screen.getAllByTestId('dashboard-kpi').find((k) => k.textContent?.includes(label))!;

describe('/admin: revenue per currency', () => {
  it("with the shop's currency alone, shows the Revenue card and no list of currencies", async () => {
    renderWithApp(<Dashboard />, { path: '/admin' });
    expect(await screen.findByText('$456.00')).toBeVisible();
    expect(kpi('Revenue')).toHaveTextContent('Paid less refunds, in USD');
    expect(kpi('Revenue')).not.toHaveTextContent('USD only');
    expect(screen.queryByRole('region', { name: 'Revenue by currency' })).toBeNull();
  });

  it("lists each currency's revenue and orders apart, the shop's first, and says the card is the shop's currency only", async () => {
    answer = () =>
      dashboard({
        revenue_by_currency: [
          { currency: 'USD', revenue: 45_600, orders: 12 },
          { currency: 'EUR', revenue: 12_345, orders: 3 },
          { currency: 'CAD', revenue: 5_000, orders: 1 },
        ],
      });
    renderWithApp(<Dashboard />, { path: '/admin' });
    const list = await screen.findByRole('region', { name: 'Revenue by currency' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(["USD (the shop's)$456.00, 12 orders", 'EUR€123.45, 3 orders', 'CADCA$50.00, 1 order']);
    // No amount that adds dollars to euros or Canadian dollars ($456.00 + €123.45 [+ CA$50.00]).
    expect(document.body).not.toHaveTextContent(/579\.45|629\.45|506\.00/);
    expect(kpi('Revenue')).toHaveTextContent('$456.00');
    expect(kpi('Revenue')).toHaveTextContent('Paid less refunds, in USD only');
    expect(kpi('Orders')).toHaveTextContent('Paid, not wholly refunded, in USD');
    // The chart of revenue per day is in dollars too, and says so.
    expect(within(screen.getByRole('region', { name: 'Revenue per day' })).getByText('17 Nov – 23 Nov, in USD only')).toBeVisible();
  });
});
