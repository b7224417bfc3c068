// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport } from '@/contract/analytics';
import { renderWithApp } from '@/web/test/render';
import { AnalyticsDashboard } from './analytics-dashboard';

function report(range: { from: string; to: string }, overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    ...range,
    totals: { visitors: 1234, page_views: 5678, events: 6100, orders: 12, revenue: 45_600 },
    daily: [
      { day: range.from, visitors: 600, page_views: 2000 },
      { day: range.to, visitors: 634, page_views: 3678 },
    ],
    top_pages: [
      { page: '/', visitors: 900, events: 1500 },
      { page: '/gallery', visitors: 400, events: 700 },
    ],
    referrers: [
      { referrer: 'www.google.com', visitors: 700, events: 900 },
      { referrer: 'news.example', visitors: 300, events: 400 },
    ],
    devices: [{ device: 'desktop', visitors: 800, events: 4000 }],
    events: [{ event_type: 'nomination_created', visitors: 80, events: 95 }],
    growth_funnel: [
      { step: 'gallery', label: 'Viewed the gallery', visitors: 400, conversion: 1 },
      { step: 'nomination_created', label: 'Nominated', visitors: 80, conversion: 0.2 },
      { step: 'certificate_shared', label: 'Shared a certificate', visitors: 20, conversion: 0.25 },
      { step: 'award_claimed', label: 'Claimed an award', visitors: 10, conversion: 0.5 },
      { step: 'order_completed', label: 'Ordered', visitors: 4, conversion: 0.4 },
    ],
    sales_funnel: [],
    revenue: [{ day: range.to, orders: 12, amount: 45_600 }],
    currency: 'USD',
    revenue_by_currency: [{ currency: 'USD', revenue: 45_600, orders: 12 }],
    ...overrides,
  };
}

let answer: (url: URL) => Response;
let requests: URL[];

beforeEach(() => {
  requests = [];
  answer = (url) => Response.json(report({ from: url.searchParams.get('from')!, to: url.searchParams.get('to')! }));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      return Promise.resolve(answer(url));
    }),
  );
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/admin/analytics', () => {
  it('shows the numbers, the breakdown tables, the funnels and CSV links for the range in the URL', async () => {
    const { user } = renderWithApp(<AnalyticsDashboard />, { path: '/admin/analytics?period=7d' });

    expect(await screen.findByTestId('kpi-visitors')).toHaveTextContent('1,234');
    expect(requests[0]!.pathname).toBe('/api/admin/analytics');
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(screen.getByTestId('kpi-page_views')).toHaveTextContent('5,678');
    expect(screen.getByTestId('kpi-orders')).toHaveTextContent('12');
    expect(screen.getByTestId('kpi-revenue')).toHaveTextContent('$456.00');
    // One currency sold: nothing to tell apart.
    expect(screen.getByTestId('kpi-revenue')).not.toHaveTextContent('in USD');
    expect(screen.queryByTestId('revenue-by-currency')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Revenue per day' })).toBeVisible();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    const pages = within(screen.getByRole('table', { name: 'Top pages, most visitors first' }));
    expect(pages.getByRole('rowheader', { name: '/gallery' })).toBeVisible();
    const referrers = within(screen.getByRole('table', { name: 'Referrers, most visitors first' }));
    expect(referrers.getByRole('rowheader', { name: 'news.example' })).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Devices, most visitors first' })).getByRole('rowheader', { name: 'Desktop' })).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Events, most visitors first' })).getByText('Nominations filed')).toBeVisible();

    const growth = within(screen.getByTestId('growth-funnel-table'));
    expect(growth.getByRole('row', { name: /Nominated 80 20%/ })).toBeVisible();
    expect(screen.getByText('1%')).toBeVisible(); // 4 of 400 ordered
    expect(screen.getByText("Nobody reached the funnel's checkout in this range.")).toBeVisible();

    const csv = screen.getByRole('link', { name: 'Download top pages as CSV' });
    expect(csv).toHaveAttribute('href', '/api/admin/analytics/export.csv?from=2026-11-17&to=2026-11-23&report=pages');
    expect(screen.getByRole('link', { name: 'Download revenue per day as CSV' })).toHaveAttribute('href', expect.stringContaining('report=revenue'));

    // Another preset: a new request, and the URL says so.
    await user.click(screen.getByRole('button', { name: '90 days' }));
    await vi.waitFor(() => expect(requests.at(-1)!.searchParams.get('from')).toBe('2026-08-26'));
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes two dates and keeps them in the URL', async () => {
    const { user } = renderWithApp(<AnalyticsDashboard />, { path: '/admin/analytics' });
    await screen.findByTestId('kpi-visitors');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show these dates' }));
    await vi.waitFor(() => expect(Object.fromEntries(requests.at(-1)!.searchParams)).toEqual({ from: '2026-11-01', to: '2026-11-10' }));
    expect(await screen.findByText('1 Nov 2026 – 10 Nov 2026')).toBeVisible();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says what to do next when nobody has been counted', async () => {
    answer = (url) =>
      Response.json(
        report(
          { from: url.searchParams.get('from')!, to: url.searchParams.get('to')! },
          {
            totals: { visitors: 0, page_views: 0, events: 0, orders: 0, revenue: 0 },
            daily: [],
            top_pages: [],
            referrers: [],
            devices: [],
            events: [],
            growth_funnel: [],
            revenue: [],
            revenue_by_currency: [{ currency: 'USD', revenue: 0, orders: 0 }],
          },
        ),
      );
    renderWithApp(<AnalyticsDashboard />, { path: '/admin/analytics' });
    expect(await screen.findByText('No visits yet in this range')).toBeVisible();
    expect(screen.getByText(/only counts visitors who allowed it in the cookie banner/)).toBeVisible();
    expect(screen.getByText('No paid orders in this range.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the revenue of each currency apart when others than the shop’s sold, and names the shop’s on its figures', async () => {
    answer = (url) =>
      Response.json(
        report(
          { from: url.searchParams.get('from')!, to: url.searchParams.get('to')! },
          {
            revenue_by_currency: [
              { currency: 'USD', revenue: 45_600, orders: 12 },
              { currency: 'EUR', revenue: 12_345, orders: 3 },
              { currency: 'GBP', revenue: 5_900, orders: 1 },
            ],
          },
        ),
      );
    renderWithApp(<AnalyticsDashboard />, { path: '/admin/analytics?period=7d' });

    const list = within(await screen.findByTestId('revenue-by-currency'));
    expect(list.getByRole('heading', { name: 'Revenue by currency' })).toBeVisible();
    const items = list.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(["USD (the shop's)$456.00, 12 orders", 'EUR€123.45, 3 orders', 'GBP£59.00, 1 order']);
    expect(list.getByText(/not added up/)).toBeVisible();

    // The figures that count dollars only say so; nothing adds euros or pounds to them.
    expect(screen.getByTestId('kpi-revenue')).toHaveTextContent('Revenue in USD');
    expect(screen.getByTestId('kpi-revenue')).toHaveTextContent('$456.00');
    expect(screen.getByTestId('kpi-orders')).toHaveTextContent('Orders in USD');
    expect(screen.getByTestId('kpi-orders')).toHaveTextContent('12');
    expect(screen.getByTestId('kpi-visitors')).not.toHaveTextContent('in USD');
    expect(screen.getByRole('heading', { name: 'Revenue per day in USD' })).toBeVisible();
    expect(screen.getByRole('img', { name: /^Revenue per day in USD, .*: \$456\.00 from 12 orders on 1 day\.$/ })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Orders and revenue per day in USD' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download revenue per day in every currency as CSV' })).toHaveAttribute('href', expect.stringContaining('report=revenue'));
  });

  it('does not call a range without dollar orders empty when other currencies sold', async () => {
    answer = (url) =>
      Response.json(
        report(
          { from: url.searchParams.get('from')!, to: url.searchParams.get('to')! },
          {
            totals: { visitors: 1234, page_views: 5678, events: 6100, orders: 0, revenue: 0 },
            revenue: [],
            revenue_by_currency: [
              { currency: 'USD', revenue: 0, orders: 0 },
              { currency: 'CAD', revenue: 7_000, orders: 2 },
            ],
          },
        ),
      );
    renderWithApp(<AnalyticsDashboard />, { path: '/admin/analytics' });
    const list = within(await screen.findByTestId('revenue-by-currency'));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(["USD (the shop's)$0.00, 0 orders", 'CADCA$70.00, 2 orders']);
    expect(screen.getByText('No orders paid in USD in this range.')).toBeVisible();
    expect(screen.queryByText('No paid orders in this range.')).toBeNull();
  });

  it('explains a failed load and tries again', async () => {
    answer = () => Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, { status: 500 });
    const { user } = renderWithApp(<AnalyticsDashboard />, { path: '/admin/analytics' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The analytics report did not load');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    answer = (url) => Response.json(report({ from: url.searchParams.get('from')!, to: url.searchParams.get('to')! }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('kpi-visitors')).toHaveTextContent('1,234');
  });

  it('says when the dates in the URL cannot be used', async () => {
    renderWithApp(<AnalyticsDashboard />, { path: '/admin/analytics?period=custom&from=2026-12-01&to=2026-11-01' });
    expect(await screen.findByText('Those dates do not work')).toBeVisible();
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
  });
});
