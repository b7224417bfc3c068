import { countryName } from '@/contract/address';
import { addressLines } from '@/contract/address-format';
import { formatRate } from '@/contract/format';
import type { Db } from '@/server/db/client';
import { issueDocument, type InvoiceContent, type InvoiceRow, type InvoiceTax } from '../invoices';
import type { PaymentRow } from '../payments';
import type { SettingsService } from '../settings';
import { lineDescription, linesOf, type OrderRow } from './orders.service';

/**
 * An order's invoice and credit notes (issue 28, docs/decisions/132): what each says is decided here, from the order
 * as it was sold (its lines, totals, tax and address) and the seller as the settings name it; the invoices module
 * numbers and keeps them. The invoice is issued when the order's receipt is written, a credit note when a refund's
 * mail is: both run as jobs after the change commits, never on the checkout's path.
 */

export interface OrderInvoiceDeps {
  db: Db;
  settings: SettingsService;
  /** Whether the shop takes test cards: the document says so. */
  testMode: boolean;
}

async function parties(deps: OrderInvoiceDeps, order: OrderRow): Promise<Pick<InvoiceContent, 'seller' | 'buyer'>> {
  const [site, shop] = await Promise.all([deps.settings.getPublic(), deps.settings.getShop()]);
  const a = order.shippingAddress;
  const sellerLines = shop.seller.address
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    seller: { name: site.company_name, lines: sellerLines, email: site.support_email, taxId: shop.seller.tax_id.trim() || null },
    buyer: {
      name: a?.name || order.email,
      lines: a ? addressLines({ ...a, postal_code: a.postalCode }, countryName(a.country)).slice(1) : [],
      email: order.email,
      taxId: null,
    },
  };
}

function taxesOf(order: Pick<OrderRow, 'taxTotal' | 'taxRateBps' | 'subtotal' | 'discountTotal' | 'shippingTotal'>): InvoiceTax[] {
  if (!order.taxTotal) return [];
  return [{ label: `Tax ${formatRate(order.taxRateBps)}`, rateBps: order.taxRateBps, base: order.subtotal - order.discountTotal + order.shippingTotal, amount: order.taxTotal }];
}

const paidNote = (payment: PaymentRow | null, testMode: boolean) =>
  payment?.provider === 'none'
    ? 'Paid in full by discount: nothing was charged.'
    : payment?.provider === 'test' || testMode
      ? 'Paid by card in test mode: no real money moved.'
      : 'Paid by card.';

/** The invoice of a paid order: issued once, whatever asks first (the receipt, an admin's resend, the order page). */
export async function issueOrderInvoice(deps: OrderInvoiceDeps, order: OrderRow, payment: PaymentRow | null): Promise<InvoiceRow> {
  const content = async (): Promise<InvoiceContent> => ({
    correcting: null,
    orderNumber: order.number,
    currency: order.currency,
    ...(await parties(deps, order)),
    lines: (await linesOf(deps.db, order.id)).map((l) => ({
      description: lineDescription(l),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.lineTotal,
    })),
    subtotal: order.subtotal,
    discount: order.discountTotal,
    shipping: order.shippingTotal,
    taxes: taxesOf(order),
    total: order.total,
    settledAt: (payment?.paidAt ?? new Date()).toISOString(),
    note: paidNote(payment, deps.testMode),
  });
  return issueDocument(deps.db, { kind: 'invoice', orderId: order.id, sourceKey: 'order', content });
}

/**
 * The credit note of one refund request (its pieces added up): the amount credited, with the tax it carried in the
 * order's proportion (rounded half up to the minor unit, the rest being the goods), correcting the order's invoice.
 */
export async function issueRefundCreditNote(
  deps: OrderInvoiceDeps,
  order: OrderRow,
  payment: PaymentRow | null,
  refund: { requestKey: string; amount: number; refundedAt: Date },
): Promise<InvoiceRow> {
  const tax = order.total > 0 ? Math.round((refund.amount * order.taxTotal) / order.total) : 0;
  const net = refund.amount - tax;
  const content = async (): Promise<InvoiceContent> => ({
    correcting: (await issueOrderInvoice(deps, order, payment)).number,
    orderNumber: order.number,
    currency: order.currency,
    ...(await parties(deps, order)),
    lines: [{ description: `Refund on order ${order.number}`, quantity: 1, unitPrice: net, total: net }],
    subtotal: net,
    discount: 0,
    shipping: 0,
    taxes: tax ? [{ label: `Tax ${formatRate(order.taxRateBps)}`, rateBps: order.taxRateBps, base: net, amount: tax }] : [],
    total: refund.amount,
    settledAt: refund.refundedAt.toISOString(),
    note: 'Refunded to the card the order was paid with.',
  });
  return issueDocument(deps.db, { kind: 'credit_note', orderId: order.id, sourceKey: refund.requestKey, content });
}
