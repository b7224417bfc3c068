// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULFILMENT_STATUSES, ORDER_STATUS_LABELS, ORDER_STATUS_VALUES, type FulfilmentStatus, type OrderStates } from '@/contract/order-status';
import type { AdminOrder, AdminOrderSummary } from '@/contract/shop';
import { adminOrderIn, DHL, entry, ROYAL } from '@/web/test/order-fixtures';
import { renderWithApp } from '@/web/test/render';
import { FulfilmentSection } from './fulfilment-section';
import { OrderSheet } from './order-sheet';
import { OrdersAdmin } from './orders-admin';

// The network boundary: the admin API's answers, as the contract has them.
let answer: (url: URL) => unknown;
let requests: URL[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      return Promise.resolve(Response.json(answer(url)));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function showOrder(order: AdminOrder) {
  answer = () => order;
  renderWithApp(<OrderSheet id={order.id} onClose={() => undefined} />);
  return screen.findByRole('dialog', { name: `Order ${order.number}` });
}

describe('the admin order sheet', () => {
  it('a shipped, partly refunded order in two parcels: its words, a refund waiting for the provider, each parcel, the history by machine', async () => {
    const order = adminOrderIn(
      { lifecycle: 'completed', payment: 'partially_refunded', fulfilment: 'shipped' },
      {
        refunded_total: 1000,
        refundable: 4999,
        refunds_pending: 500,
        tracking: ROYAL,
        shipments: [DHL, ROYAL],
        refunds: [{ id: 'c0a8012e-0000-4000-8000-000000000003', amount: 1000, reason: 'Frame corner scuffed', at: DHL.shipped_at }],
        timeline: [
          entry('order', null, 'pending', 'Placed', 'Order placed'),
          entry('payment', 'unpaid', 'paid', 'Paid', 'Payment received.'),
          entry('order', 'pending', 'open', 'Confirmed'),
          entry('fulfilment', 'in_production', 'shipped', 'On its way'),
          entry('payment', 'paid', 'partially_refunded', 'Partly refunded', 'Refunded $10.00: Frame corner scuffed'),
        ],
      },
    );
    const sheet = within(await showOrder(order));

    expect(sheet.getByText('On its way · partly refunded', { exact: true })).toBeVisible();
    expect(sheet.getByRole('status')).toHaveTextContent('Refund of $5.00 waiting for the payment provider');

    const fulfilment = within(sheet.getByRole('region', { name: 'Fulfilment' }));
    expect(fulfilment.getByText('On its way', { exact: true })).toBeVisible();
    const parcels = fulfilment.getAllByRole('listitem');
    expect(parcels.map((p) => p.querySelector('p')?.textContent)).toEqual(['Parcel 1 of 2', 'Parcel 2 of 2']);
    expect(within(parcels[0]!).getByRole('link', { name: /JD0123456789ABCDEF01/ })).toHaveAttribute('href', DHL.url);
    expect(within(parcels[1]!).getByText('Royal Mail')).toBeVisible();
    expect(fulfilment.getByText(/Nothing left to do here/)).toBeVisible();

    const history = within(sheet.getByRole('region', { name: 'History' }));
    const first = history.getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Payment: Partly refunded');
    expect(first).toHaveTextContent('Refunded $10.00: Frame corner scuffed');
    expect(history.getByText('Fulfilment: On its way')).toBeVisible();
    expect(history.getByText('Order: Confirmed')).toBeVisible();
    // Dates as the customer's order page writes them.
    expect(history.getAllByRole('listitem')[0]).toHaveTextContent(/2[01] November 2026 at \d\d:\d\d · system/);
    expect(sheet.getByText(/^\$10\.00 · 2[23] November 2026 at \d\d:\d\d · Frame corner scuffed$/)).toBeVisible();
  });

  it('prints the address to ship to as its country writes it, one line per row', async () => {
    const sheet = within(
      await showOrder(
        adminOrderIn(
          { lifecycle: 'open', payment: 'paid', fulfilment: 'submitted' },
          { shipping_address: { name: 'Lena Vogel', line1: 'Unter den Linden 1', line2: '', city: 'Berlin', state: '', postal_code: '10115', country: 'DE', country_name: 'Germany', phone: '+49 30 123456' } },
        ),
      ),
    );
    const shipTo = sheet.getByText('Ship to').nextElementSibling!;
    expect([...shipTo.children].map((l) => l.textContent)).toEqual(['Lena Vogel', 'Unter den Linden 1', '10115 Berlin', 'Germany', 'Phone +49 30 123456']);
  });

  it('says nothing about pending refunds when there are none', async () => {
    const sheet = within(await showOrder(adminOrderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'submitted' })));
    expect(sheet.getByText('Paid', { exact: true, selector: 'span' })).toBeVisible();
    expect(sheet.queryByText(/waiting for the payment provider/)).toBeNull();
  });
});

describe('FulfilmentSection', () => {
  const LABELS: Record<FulfilmentStatus, string> = {
    none: 'Nothing to print',
    pending: 'Waiting for the printer',
    submitted: 'At the printer',
    in_production: 'Being printed',
    shipped: 'On its way',
    delivered: 'Delivered',
    problem: 'Printing problem',
    cancelled: 'Not printed',
  };
  it.each(FULFILMENT_STATUSES)('names the hand-off %s in the fulfilment machine’s words', (status) => {
    const states: OrderStates = { lifecycle: 'open', payment: 'paid', fulfilment: status };
    const order = adminOrderIn(states, status === 'none' ? { lines: adminOrderIn(states).lines.map((l) => ({ ...l, requires_shipping: false })) } : {});
    renderWithApp(<FulfilmentSection order={order} />);
    const section = within(screen.getByRole('region', { name: 'Fulfilment' }));
    expect(section.getByText(LABELS[status], { exact: true })).toBeVisible();
    if (status === 'problem') expect(section.getByRole('alert')).toHaveTextContent('The print file could not be read.');
  });

  it('at the built-in print shop while it draws the files: says so, and Next step comes once they are ready', () => {
    const states: OrderStates = { lifecycle: 'open', payment: 'paid', fulfilment: 'submitted' };
    const drawing = adminOrderIn(states);
    drawing.fulfilment = { ...drawing.fulfilment, can_mark_shipped: true, can_resubmit: false, can_advance: false };
    const { unmount } = renderWithApp(<FulfilmentSection order={drawing} />);
    const section = within(screen.getByRole('region', { name: 'Fulfilment' }));
    expect(section.getByRole('status')).toHaveTextContent('The print shop is drawing the print files; Next step comes once they are ready.');
    expect(section.queryByRole('button', { name: 'Next step' })).toBeNull();
    expect(section.getByRole('button', { name: 'Mark shipped' })).toBeVisible();
    unmount();

    renderWithApp(<FulfilmentSection order={{ ...drawing, fulfilment: { ...drawing.fulfilment, can_advance: true } }} />);
    const ready = within(screen.getByRole('region', { name: 'Fulfilment' }));
    expect(ready.getByRole('button', { name: 'Next step' })).toBeVisible();
    expect(ready.queryByRole('status')).toBeNull();
  });

  it('a printed order with no hand-off says why: not paid, refunded, or not sent yet', () => {
    const printed = (states: OrderStates) => {
      const { unmount } = renderWithApp(<FulfilmentSection order={adminOrderIn(states)} />);
      const text = screen.getByRole('region', { name: 'Fulfilment' }).querySelector('h3 + span')?.textContent;
      unmount();
      return text;
    };
    expect(printed({ lifecycle: 'pending', payment: 'unpaid', fulfilment: 'none' })).toBe('Waits for payment');
    expect(printed({ lifecycle: 'abandoned', payment: 'failed', fulfilment: 'none' })).toBe('Never paid');
    expect(printed({ lifecycle: 'open', payment: 'paid', fulfilment: 'none' })).toBe('Not sent to a printer yet');
    expect(printed({ lifecycle: 'completed', payment: 'refunded', fulfilment: 'none' })).toBe('Not printed');
  });
});

describe('the admin order list', () => {
  const summary = (over: Partial<AdminOrderSummary>): AdminOrderSummary => ({
    id: '7d4f9a52-5b8e-4a53-9d2c-1f0e6b7a8c90',
    number: 'ORD-1042',
    status: 'shipped',
    status_label: 'On its way · partly refunded',
    states: { lifecycle: 'completed', payment: 'partially_refunded', fulfilment: 'shipped' },
    email: 'dana@example.test',
    currency: 'USD',
    total: 6499,
    item_count: 1,
    created_at: DHL.shipped_at,
    customer_name: 'Dana Whitfield',
    refunded_total: 1000,
    ...over,
  });

  it('shows each order’s words, and filters by every status, abandoned included', async () => {
    answer = (url) =>
      url.searchParams.get('status') === 'abandoned'
        ? { orders: [summary({ id: '7d4f9a52-5b8e-4a53-9d2c-1f0e6b7a8c91', number: 'ORD-1043', status: 'abandoned', status_label: 'Abandoned', refunded_total: 0 })], total: 1, page: 1, page_size: 25 }
        : { orders: [summary({})], total: 1, page: 1, page_size: 25 };
    const { user } = renderWithApp(<OrdersAdmin />, { path: '/admin/orders' });

    const row = await screen.findByRole('row', { name: /ORD-1042/ });
    expect(within(row).getByText('On its way · partly refunded', { exact: true })).toBeVisible();

    const filter = screen.getByRole('combobox', { name: 'Status' });
    const options = within(filter)
      .getAllByRole('option')
      .map((o) => [o.getAttribute('value'), o.textContent]);
    expect(options).toEqual([['', 'Any status'], ...ORDER_STATUS_VALUES.map((s) => [s, ORDER_STATUS_LABELS[s]])]);
    expect(options).toContainEqual(['abandoned', 'Abandoned']);

    await user.selectOptions(filter, 'abandoned');
    const abandoned = await screen.findByRole('row', { name: /ORD-1043/ });
    expect(within(abandoned).getByText('Abandoned', { exact: true })).toBeVisible();
    expect(requests.at(-1)!.searchParams.get('status')).toBe('abandoned');
  });
});
