import { deliveryDaysOf } from '@/contract/shop-constants';
import { mailLayout, oneLine, type Paragraph } from './mail-layout';
import type { OutgoingMail } from './mail.service';

/** Mails about orders (issue 9): the confirmation with its receipt, a failed payment, a refund. */

export interface OrderMailFacts {
  brand: string;
  number: string;
  email: string;
  /** Amounts already formatted ("$59.00"). */
  lines: { description: string; quantity: number; amount: string }[];
  subtotal: string;
  discount: string | null;
  shipping: string | null;
  /** Each tax, e.g. { label: 'VAT 19%', amount: '€5.27' }; inside the total when `taxIncluded` (docs/decisions/133). */
  taxes: { label: string; amount: string }[];
  taxIncluded: boolean;
  total: string;
  shippingLabel: string | null;
  /** The address block, one line per row; null for a digital-only order. */
  address: string[] | null;
  testMode: boolean;
  /** A zero total: the discount paid for everything, and no card was charged. */
  paidByDiscount: boolean;
  /** What the customer should know about the order besides its lines (an extra whose card was declined). */
  notes: string[];
  /** The order page, openable without signing in. */
  orderUrl: string;
}

function receipt(f: OrderMailFacts): Paragraph[] {
  const rows: Paragraph[] = f.lines.map((l) => ({ text: `${l.quantity} × ${oneLine(l.description, 160)}: ${l.amount}` }));
  rows.push({
    text: [
      `Subtotal: ${f.subtotal}`,
      f.discount ? `Discount: −${f.discount}` : null,
      f.shipping ? `Shipping (${f.shippingLabel ?? 'standard'}): ${f.shipping}` : null,
      ...(f.taxIncluded ? [] : f.taxes.map((t) => `${t.label}: ${t.amount}`)),
      `Total: ${f.total}`,
      ...(f.taxIncluded ? f.taxes.map((t) => `includes ${t.label}: ${t.amount}`) : []),
    ]
      .filter(Boolean)
      .join(' · '),
  });
  if (f.address) rows.push(addressBlock('Shipping to:', f.address));
  return rows;
}

/** The address as its country writes it (src/contract/address-format.ts), one line per row under a heading. */
const addressBlock = (heading: string, address: string[]): Paragraph => ({ text: [heading, ...address.map((l) => oneLine(l, 120))].join('\n'), block: true });

const testNote = (f: OrderMailFacts) =>
  f.testMode
    ? ['Test mode: this order was paid with a test card, so no real money moved. Printing and shipping are simulated too: nothing is printed or posted, and any carrier and tracking number are made up.']
    : [];

/** A short line saying which document the mail carries (the PDF itself is attached by the mailer). */
const attachedNote = (what: string, number: string | undefined): Paragraph[] => (number ? [{ text: `Your ${what} ${oneLine(number, 40)} is attached (PDF).` }] : []);

/** `invoice`: the number of the invoice attached to the mail, if one is. */
export function orderConfirmationMail(f: OrderMailFacts, opts: { resent?: boolean; invoice?: string } = {}): OutgoingMail {
  const ships = f.address !== null;
  return {
    to: f.email,
    kind: 'order_confirmation',
    subject: `${opts.resent ? '(Copy) ' : ''}Order ${f.number} confirmed: the Committee thanks you`,
    ...mailLayout({
      brand: f.brand,
      greeting: 'Hello,',
      lines: [
        {
          text: f.paidByDiscount
            ? `Thank you for your order ${f.number}. Your discount covered all of it, so nothing was charged. Here is your receipt.`
            : `Thank you for your order ${f.number}. Your payment has been received, and here is your receipt.`,
        },
        ...receipt(f),
        ...attachedNote('invoice', opts.invoice),
        ...f.notes.map((text) => ({ text: oneLine(text, 300) })),
        {
          text: ships && f.testMode
            ? 'What happens next, in test mode: our print shop acts out printing, framing and shipping, and we write again when it “ships”, with a made-up tracking number.'
            : ships
            ? `What happens next: we print and frame it, then ship it. Delivery takes ${deliveryDaysOf(f.shippingLabel) ?? '7–14'} business days. We will write again when it is on its way, with tracking.`
            : 'Your digital certificate is ready: open your order to download it.',
        },
      ],
      action: { label: 'See your order', url: f.orderUrl },
      after: [...testNote(f), 'Questions? Just reply to this mail.'],
    }),
  };
}

export function paymentFailedMail(f: OrderMailFacts, reason: string, payUrl: string): OutgoingMail {
  return {
    to: f.email,
    kind: 'order_payment_failed',
    subject: `Order ${f.number}: the payment did not go through`,
    ...mailLayout({
      brand: f.brand,
      greeting: 'Hello,',
      lines: [
        { text: `We could not take the payment for your order ${f.number} (${f.total}). The card issuer said: ${oneLine(reason, 200)}` },
        { text: 'Nothing has been charged. Your order is kept for you: you can pay with another card from the link below.' },
      ],
      action: { label: 'Try another card', url: payUrl },
      after: [...testNote(f), 'If you did not place this order, you can ignore this mail.'],
    }),
  };
}

/** `creditNote`: the number of the credit note attached to the mail, if one is. */
export function refundMail(f: OrderMailFacts, refunded: string, full: boolean, opts: { creditNote?: string } = {}): OutgoingMail {
  return {
    to: f.email,
    kind: 'order_refunded',
    subject: `Order ${f.number}: ${full ? 'refunded' : 'partly refunded'}`,
    ...mailLayout({
      brand: f.brand,
      greeting: 'Hello,',
      lines: [
        { text: `We have refunded ${refunded} of your order ${f.number} to the card you paid with${full ? ', which is the whole order' : ''}.` },
        { text: 'Refunds usually reach your account within 5–10 business days, depending on your bank.' },
        ...attachedNote('credit note', opts.creditNote),
      ],
      action: { label: 'See your order', url: f.orderUrl },
      after: [...testNote(f)],
    }),
  };
}

export function shippedMail(f: OrderMailFacts, shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null }): OutgoingMail {
  const carrier = oneLine(shipment.carrier || 'the carrier', 60);
  return {
    to: f.email,
    kind: 'order_shipped',
    subject: f.testMode ? `Order ${f.number} has shipped (simulated, test mode)` : `Order ${f.number} has shipped: your certificate is on its way`,
    ...mailLayout({
      brand: f.brand,
      greeting: 'Hello,',
      lines: [
        ...(f.testMode
          ? [
              { text: `Your test order ${f.number} has “shipped” with ${carrier}: in test mode the print shop only simulates it, so no parcel is on its way.` },
              { text: `Made-up tracking number: ${oneLine(shipment.trackingNumber, 80)}` },
            ]
          : [
              { text: `Good news: your order ${f.number} has left the print room and is travelling with ${carrier}.` },
              { text: `Tracking number: ${oneLine(shipment.trackingNumber, 80)}` },
              ...(shipment.trackingUrl ? [{ text: `Follow the parcel: ${shipment.trackingUrl}` }] : []),
            ]),
        ...(f.address ? [addressBlock('It is addressed to:', f.address)] : []),
        ...(f.testMode ? [] : [{ text: `Delivery usually takes ${deliveryDaysOf(f.shippingLabel) ?? '7–14'} business days from here. Clear a wall.` }]),
      ],
      action: { label: 'See your order', url: f.orderUrl },
      after: [...testNote(f)],
    }),
  };
}
