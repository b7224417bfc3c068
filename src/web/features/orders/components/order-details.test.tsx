// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AT, DHL, entry, orderIn, ROYAL } from '@/web/test/order-fixtures';
import { renderWithApp } from '@/web/test/render';
import { OrderDetails } from './order-details';

const statusRegion = () => within(screen.getByRole('region', { name: 'Status' }));
const progressStep = () => statusRegion().getByRole('list', { name: 'Progress' }).querySelector('[aria-current="step"]')?.textContent;

describe('OrderDetails', () => {
  it('a shipped, partly refunded order: its words in the badge, what happens next with the refund, the parcel, and the history', () => {
    const order = orderIn(
      { lifecycle: 'completed', payment: 'partially_refunded', fulfilment: 'shipped' },
      {
        refunded_total: 1000,
        tracking: DHL,
        shipments: [DHL],
        refunds: [{ id: 'c0a8012e-0000-4000-8000-000000000003', amount: 1000, reason: '', at: AT }],
        timeline: [
          ...orderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'pending' }).timeline,
          entry('fulfilment', 'pending', 'submitted', 'At the printer'),
          entry('fulfilment', 'submitted', 'in_production', 'Being printed'),
          entry('fulfilment', 'in_production', 'shipped', 'On its way'),
          entry('payment', 'paid', 'partially_refunded', 'Partly refunded', 'Refunded $10.00.'),
        ],
      },
    );
    expect(order).toMatchObject({ status: 'shipped', status_label: 'On its way · partly refunded' });
    renderWithApp(<OrderDetails order={order} />);

    expect(statusRegion().getByText('On its way · partly refunded', { exact: true })).toBeVisible();
    // The status word keeps its own copy; the refund is added to it.
    expect(statusRegion().getByText('On its way. Follow the parcel with the tracking number below. Part of it was refunded to your card.')).toBeVisible();
    expect(progressStep()).toBe('Shipped (done)');
    expect(statusRegion().getByText(/Tracking number:/)).toHaveTextContent('Shipped with DHL on');
    expect(statusRegion().getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', DHL.url);
    expect(statusRegion().queryByRole('list', { name: 'Parcels' })).toBeNull();

    const history = within(screen.getByRole('region', { name: 'History' }));
    const entries = history.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    // Newest first, each in its machine's words.
    expect(entries).toEqual(['Partly refunded', 'On its way', 'Being printed', 'At the printer', 'Waiting for the printer', 'Confirmed', 'Paid', 'Placed']);
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent(/Refunded .*−\$10\.00/);
  });

  it('an order that ships in two parcels lists each with its carrier, number and link', () => {
    const order = orderIn({ lifecycle: 'completed', payment: 'paid', fulfilment: 'shipped' }, { tracking: ROYAL, shipments: [DHL, ROYAL] });
    renderWithApp(<OrderDetails order={order} />);

    expect(statusRegion().getByText('On its way', { exact: true })).toBeVisible();
    expect(statusRegion().getByText('On its way, in more than one parcel. Follow each with its tracking number below.')).toBeVisible();
    const parcels = within(statusRegion().getByRole('list', { name: 'Parcels' })).getAllByRole('listitem');
    expect(parcels).toHaveLength(2);
    expect(parcels[0]).toHaveTextContent('Parcel 1 of 2');
    expect(parcels[0]).toHaveTextContent(`Shipped with DHL`);
    expect(parcels[0]).toHaveTextContent(`Tracking number: ${DHL.number}`);
    expect(within(parcels[0]!).getByRole('link', { name: 'Track parcel 1' })).toHaveAttribute('href', DHL.url);
    expect(parcels[1]).toHaveTextContent('Parcel 2 of 2');
    expect(parcels[1]).toHaveTextContent(`Tracking number: ${ROYAL.number}`);
    expect(within(parcels[1]!).getByRole('link', { name: 'Track parcel 2' })).toHaveAttribute('href', ROYAL.url);
  });

  it('one parcel on its way while the rest is printed: the order is still being printed, with the parcel’s tracking', () => {
    const order = orderIn(
      { lifecycle: 'open', payment: 'paid', fulfilment: 'in_production' },
      { tracking: DHL, shipments: [DHL], timeline: [...orderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'pending' }).timeline, entry('fulfilment', null, 'shipped', 'On its way')] },
    );
    renderWithApp(<OrderDetails order={order} />);
    expect(statusRegion().getByText('Being printed', { exact: true })).toBeVisible();
    expect(statusRegion().getByText(/^Part of it has shipped \(tracking below\)/)).toBeVisible();
    // The whole order is as far as its least advanced parcel.
    expect(progressStep()).toBe('Printing (done)');
    expect(statusRegion().getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', DHL.url);
  });

  it('refunded in full after it shipped: the parcel’s words with the refund, the progress kept', () => {
    const order = orderIn({ lifecycle: 'completed', payment: 'refunded', fulfilment: 'shipped' }, { tracking: DHL, shipments: [DHL] });
    renderWithApp(<OrderDetails order={order} />);
    expect(statusRegion().getByText('On its way · refunded', { exact: true })).toBeVisible();
    expect(statusRegion().getByText(/It was refunded in full to the card you paid with\.$/)).toBeVisible();
    expect(progressStep()).toBe('Shipped (done)');
  });

  it('refunded in full before the printer had it: refunded, paid the furthest point reached', () => {
    const order = orderIn(
      { lifecycle: 'completed', payment: 'refunded', fulfilment: 'cancelled' },
      { timeline: [...orderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'pending' }).timeline, entry('fulfilment', 'pending', 'cancelled', 'Not printed')] },
    );
    renderWithApp(<OrderDetails order={order} />);
    expect(statusRegion().getByText('Refunded', { exact: true })).toBeVisible();
    expect(statusRegion().getByText('This order was refunded in full to the card you paid with.')).toBeVisible();
    expect(progressStep()).toBe('Paid (done)');
  });

  it('writes the address as its country does, and every date one way (month in words)', () => {
    const us = orderIn({ lifecycle: 'completed', payment: 'partially_refunded', fulfilment: 'shipped' }, {
      tracking: DHL,
      shipments: [DHL],
      refunds: [{ id: 'c0a8012e-0000-4000-8000-000000000003', amount: 1000, reason: '', at: AT }],
    });
    const { unmount } = renderWithApp(<OrderDetails order={us} />);
    const delivery = () => screen.getByRole('region', { name: 'Delivery' });
    const addressRows = () => [...delivery().querySelectorAll('address > *')].map((l) => l.textContent);
    expect(addressRows()).toEqual(['Dana Whitfield', '1 Infinite Loop', 'Cupertino, CA 95014', 'United States of America']);
    // The day something happened reads the same wherever it is shown: "20 November 2026", never "11/20/2026".
    expect(statusRegion().getByText(/Tracking number:/)).toHaveTextContent(/Shipped with DHL on 2[23] November 2026\./);
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent(/Refunded on 20 November 2026−\$10\.00/);
    const times = within(screen.getByRole('region', { name: 'History' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')?.textContent);
    for (const t of times) expect(t).toMatch(/^2[01] November 2026 at \d\d:\d\d$/);
    unmount();

    const uk = orderIn(
      { lifecycle: 'open', payment: 'paid', fulfilment: 'pending' },
      { shipping_address: { name: 'Sam Lee', line1: '10 Downing Street', line2: '', city: 'London', state: '', postal_code: 'SW1A 2AA', country: 'GB', country_name: 'United Kingdom', phone: '' } },
    );
    renderWithApp(<OrderDetails order={uk} />);
    expect(addressRows()).toEqual(['Sam Lee', '10 Downing Street', 'London', 'SW1A 2AA', 'United Kingdom']);
  });

  it('a declined payment: its words, why, no progress, and the way to pay', () => {
    const order = orderIn(
      { lifecycle: 'pending', payment: 'failed', fulfilment: 'none' },
      {
        payment: { provider: 'test', test_mode: true, failure_message: 'Your card was declined.', paid_at: null },
        payment_url: '/pay/test/cs_test_1',
        timeline: [entry('order', null, 'pending', 'Placed'), entry('payment', 'unpaid', 'failed', 'Payment declined', 'Your card was declined.')],
      },
    );
    renderWithApp(<OrderDetails order={order} />);
    expect(statusRegion().getByText('Payment declined', { exact: true })).toBeVisible();
    expect(statusRegion().getByText('The payment did not go through (Your card was declined.). Nothing was charged; you can pay with another card.')).toBeVisible();
    expect(statusRegion().queryByRole('list', { name: 'Progress' })).toBeNull();
    expect(statusRegion().getByRole('link', { name: 'Pay $64.99' })).toHaveAttribute('href', '/pay/test/cs_test_1');
  });

  it('lists the invoice and the credit notes as PDFs to download; none while there are none', () => {
    const url = (n: string) => `/api/orders/o/documents/${n}.pdf?token=t`;
    const order = orderIn(
      { lifecycle: 'open', payment: 'partially_refunded', fulfilment: 'pending' },
      {
        documents: [
          { kind: 'invoice', number: 'INV-000042', issued_at: AT, total: 6999, url: url('INV-000042') },
          { kind: 'credit_note', number: 'CN-000007', issued_at: AT, total: 1000, url: url('CN-000007') },
        ],
      },
    );
    const { unmount } = renderWithApp(<OrderDetails order={order} />);
    const invoices = within(screen.getByRole('region', { name: 'Invoices' }));
    expect(invoices.getByRole('link', { name: 'Invoice INV-000042 (PDF)' })).toHaveAttribute('href', url('INV-000042'));
    expect(invoices.getByRole('link', { name: 'Credit note CN-000007 (PDF)' })).toHaveAttribute('download');
    expect(invoices.getByText(/−\$10\.00/)).toBeVisible();
    unmount();
    renderWithApp(<OrderDetails order={orderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'pending' })} />);
    expect(screen.queryByRole('region', { name: 'Invoices' })).toBeNull();
  });

  it('promises the delivery time the order was sold with: its zone’s, not the shop’s worldwide one', () => {
    const order = orderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'pending' }, { shipping_label: 'Standard (4–8 business days)' });
    renderWithApp(<OrderDetails order={order} />);
    expect(statusRegion().getByText(/Printing, framing and delivery take 4–8 business days;/)).toBeVisible();
  });
});
