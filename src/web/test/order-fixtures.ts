import { describeOrder, type OrderStates } from '@/contract/order-status';
import type { AdminOrder, Order } from '@/contract/shop';

/** Orders as the API answers them, for component tests of pages that show one (no server needed). */

export const AT = '2026-11-20T10:00:00.000Z';
export const DHL = { number: 'JD0123456789ABCDEF01', url: 'https://www.dhl.com/track?n=JD0123456789ABCDEF01', carrier: 'DHL', shipped_at: '2026-11-22T09:00:00.000Z', simulated: false };
export const ROYAL = { number: 'RM123456785GB', url: 'https://royalmail.example/track/RM123456785GB', carrier: 'Royal Mail', shipped_at: '2026-11-23T09:00:00.000Z', simulated: false };

type Entry = Order['timeline'][number];
export const entry = (machine: Entry['machine'], from: string | null, to: string, label: string, reason = ''): Entry => ({
  machine,
  from_status: from,
  to_status: to,
  label,
  actor: 'system',
  reason,
  at: AT,
});

/**
 * An order as GET /api/orders/:id answers it, in the given states: its status and words come from describeOrder,
 * as the server's do. Its line is a print of a shared certificate (no preview is drawn: nothing is fetched).
 */
export function orderIn(states: OrderStates, over: Partial<Order> = {}): Order {
  const d = describeOrder(states);
  return {
    id: '7d4f9a52-5b8e-4a53-9d2c-1f0e6b7a8c90',
    number: 'ORD-1042',
    status: d.status,
    status_label: d.label,
    states,
    email: 'dana@example.test',
    currency: 'USD',
    subtotal: 5900,
    discount_code: null,
    discount_total: 0,
    shipping_method: 'standard',
    shipping_label: 'Standard (7–14 business days)',
    shipping_total: 599,
    tax_rate_bps: 0,
    prices_include_tax: false,
    tax_lines: [],
    tax_total: 0,
    total: 6499,
    refunded_total: 0,
    lines: [
      {
        id: 'c0a8012e-0000-4000-8000-000000000001',
        product_name: 'Framed certificate',
        variant_name: 'A4 / Letter, black frame',
        sku: 'FRAME-A4-BLACK',
        unit_price: 5900,
        quantity: 1,
        line_total: 5900,
        requires_shipping: true,
        design: {
          award_id: 'c0a8012e-0000-4000-8000-000000000002',
          award_title: 'World’s Okayest Chef',
          template_id: null,
          recipient_name: 'Dana',
          share_id: 'dana-chef',
          certificate_number: 'CERT-0001',
        },
        preview_url: '/api/certificates/dana-chef/certificate.svg',
        download_url: null,
      },
    ],
    shipping_address: {
      name: 'Dana Whitfield',
      line1: '1 Infinite Loop',
      line2: '',
      city: 'Cupertino',
      state: 'CA',
      postal_code: '95014',
      country: 'US',
      country_name: 'United States of America',
      phone: '',
    },
    payment: {
      provider: 'test',
      test_mode: false,
      failure_message: states.payment === 'failed' ? 'Your card was declined.' : null,
      paid_at: states.payment === 'unpaid' || states.payment === 'failed' ? null : AT,
    },
    tracking: null,
    shipments: [],
    documents: [],
    // Placed and paid, waiting for the printer (a test of another history gives its own).
    timeline: [
      entry('order', null, 'pending', 'Placed', 'Order placed'),
      entry('payment', 'unpaid', 'paid', 'Paid', 'Payment received.'),
      entry('order', 'pending', 'open', 'Confirmed'),
      entry('fulfilment', null, 'pending', 'Waiting for the printer'),
    ],
    refunds: [],
    payment_url: null,
    created_at: AT,
    ...over,
  };
}

/** The same order as an admin sees it (GET /api/admin/orders/:id): its charges, refunds and printing. */
export function adminOrderIn(states: OrderStates, over: Partial<AdminOrder> = {}): AdminOrder {
  const d = describeOrder(states, 'admin');
  const base = orderIn(states);
  return {
    ...base,
    status: d.status,
    status_label: d.label,
    user_id: null,
    channel: 'shop',
    payments: base.payment.paid_at ? [{ kind: 'checkout', provider_payment_id: 'pi_test_1', amount: base.total, refunded_amount: 0, at: AT }] : [],
    provider_session_id: 'cs_test_1',
    provider_payment_id: base.payment.paid_at ? 'pi_test_1' : null,
    refundable: base.payment.paid_at ? base.total : 0,
    can_cancel: states.lifecycle === 'pending',
    refunds_pending: 0,
    fulfilment: {
      status: states.fulfilment,
      provider: states.fulfilment === 'none' ? null : 'local',
      id: states.fulfilment === 'none' || states.fulfilment === 'pending' ? null : 'LPS-0123456789',
      error: states.fulfilment === 'problem' ? 'The print file could not be read.' : null,
      submitted_at: states.fulfilment === 'none' || states.fulfilment === 'pending' ? null : AT,
      can_resubmit: false,
      can_mark_shipped: false,
      can_advance: false,
    },
    ...over,
  };
}
