import { countryName } from '@/contract/address';
import { addressLines } from '@/contract/address-format';
import { taxLabel } from '@/contract/format';
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

/**
 * The order's taxes as the invoice says them: each with the amount it was charged on — the goods after discount plus
 * shipping, less the taxes when the prices held them (docs/decisions/133). An order of one tax before destination tax
 * was a single "Tax" line.
 */
function taxesOf(order: Pick<OrderRow, 'taxTotal' | 'taxLines' | 'pricesIncludeTax' | 'subtotal' | 'discountTotal' | 'shippingTotal'>): InvoiceTax[] {
  if (!order.taxTotal) return [];
  const taxable = order.subtotal - order.discountTotal + order.shippingTotal;
  const base = order.pricesIncludeTax ? taxable - order.taxTotal : taxable;
  return order.taxLines.filter((t) => t.amount > 0).map((t) => ({ label: taxLabel(t), rateBps: t.rate_bps, base, amount: t.amount }));
}

/** A refund's share of each tax, in the order's proportion (rounded half up; the last tax takes what is left). */
function refundTaxes(order: Pick<OrderRow, 'taxTotal' | 'taxLines' | 'total'>, amount: number): { taxes: InvoiceTax[]; tax: number } {
  const tax = order.total > 0 ? Math.round((amount * order.taxTotal) / order.total) : 0;
  const lines = order.taxLines.filter((t) => t.amount > 0);
  if (!tax || !lines.length) return { taxes: [], tax: 0 };
  let left = tax;
  const taxes = lines.map((t, i) => {
    const share = i === lines.length - 1 ? left : Math.round((tax * t.amount) / order.taxTotal);
    left -= share;
    return { label: taxLabel(t), rateBps: t.rate_bps, base: amount - tax, amount: share };
  });
  return { taxes, tax };
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
    taxIncluded: order.pricesIncludeTax,
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
  const { taxes, tax } = refundTaxes(order, refund.amount);
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
    taxes,
    total: refund.amount,
    settledAt: refund.refundedAt.toISOString(),
    note: 'Refunded to the card the order was paid with.',
  });
  return issueDocument(deps.db, { kind: 'credit_note', orderId: order.id, sourceKey: refund.requestKey, content });
}
