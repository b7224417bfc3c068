import { taxLabel } from '@/contract/format';
import { z } from 'zod';
import { countryName } from '@/contract/address';
import { addressLines } from '@/contract/address-format';
import type { Db } from '@/server/db/client';
import { fulfilmentsOf } from '../fulfilment';
import { defineJob, handle, type JobRegistration } from '../jobs';
import type { InvoiceRow } from '../invoices';
import { type MailAttachmentRef, type Mailer, orderConfirmationMail, paymentFailedMail, refundMail, shippedMail, type OrderMailFacts } from '../mail';
import { findPayment, refundsOf, type PaymentRow } from '../payments';
import type { SettingsService } from '../settings';
import { formatMoney } from '../store';
import { issueOrderInvoice, issueRefundCreditNote } from './order-invoices';
import { historyOf, lineDescription, linesOf, orderAccessToken, findOrder, type OrderRow } from './orders.service';
import { hrefs } from '@/contract/paths';

/**
 * The order's mails (docs/decisions/085, 108): each is enqueued as an `order.mail` job in the transaction of the
 * change that causes it (the payment, the refund, the shipment), so it goes out exactly when that change commits —
 * never lost to a crash, never sent for a change that rolled back. The job writes the mail once (its dedupe key);
 * the mail job then hands it to SMTP.
 */

export const ORDER_MAIL_KINDS = ['confirmation', 'payment_failed', 'shipped', 'refunded'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

export const orderMailJob = defineJob(
  'order.mail',
  z.object({
    orderId: z.uuid(),
    kind: z.enum(ORDER_MAIL_KINDS),
    /** refunded: the admin's refund request whose pieces the mail adds up. */
    refundRequest: z.string().max(200).optional(),
    /** shipped: the parcel (hand-off) the mail is about. */
    fulfilmentId: z.uuid().optional(),
  }),
  // Reads and formats; the SMTP hand-off is the mail job's. Ten at a time, two at once per process.
  { retryLimit: 10, expireInSeconds: 120, concurrency: 2, batchSize: 10 },
);

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  settings: SettingsService;
  secret: string;
  publicUrl: string;
  /** Whether the shop takes test cards (a free order's receipt says so too). */
  testMode: boolean;
}

export function orderLink(deps: Pick<OrderMailDeps, 'publicUrl' | 'secret'>, orderId: string): string {
  return `${deps.publicUrl}${hrefs.order(orderId, orderAccessToken(deps.secret, orderId))}`;
}

/** Whether the order was paid with test money (the built-in test card processor, or free in a test-mode shop). */
export function paidInTestMode(payment: Pick<PaymentRow, 'provider'> | null, shopTestMode: boolean): boolean {
  return payment?.provider === 'test' || (payment?.provider === 'none' && shopTestMode);
}

async function mailFacts(deps: OrderMailDeps, order: OrderRow, payment: PaymentRow | null): Promise<OrderMailFacts> {
  const [lines, events, { brand_name: brand }] = await Promise.all([linesOf(deps.db, order.id), historyOf(deps.db, order.id), deps.settings.getPublic()]);
  const money = (n: number) => formatMoney(n, order.currency);
  const a = order.shippingAddress;
  return {
    brand,
    number: order.number,
    email: order.email,
    lines: lines.map((l) => ({
      description: lineDescription(l),
      quantity: l.quantity,
      amount: money(l.lineTotal),
    })),
    subtotal: money(order.subtotal),
    discount: order.discountTotal ? money(order.discountTotal) : null,
    shipping: a ? money(order.shippingTotal) : null,
    taxes: order.taxLines.filter((t) => t.amount > 0).map((t) => ({ label: taxLabel(t), amount: money(t.amount) })),
    taxIncluded: order.pricesIncludeTax,
    total: money(order.total),
    shippingLabel: order.shippingLabel,
    address: a ? addressLines({ ...a, postal_code: a.postalCode }, countryName(a.country)) : null,
    testMode: paidInTestMode(payment, deps.testMode),
    paidByDiscount: payment?.provider === 'none',
    notes: events.filter((e) => e.kind === 'declined_extra').map((e) => e.reason),
    orderUrl: orderLink(deps, order.id),
  };
}

/** The mail's reference to an invoice or credit note: the mailer draws its PDF when it delivers the mail. */
const attachmentOf = (document: Pick<InvoiceRow, 'orderId' | 'number'>): MailAttachmentRef => ({
  kind: 'invoice',
  orderId: document.orderId,
  number: document.number,
  filename: `${document.number}.pdf`,
});

/**
 * The `order.mail` job: writes the mail once per job (the job id is part of its dedupe key, so a job that runs
 * again after a crash writes nothing new).
 */
export async function sendOrderMail(deps: OrderMailDeps, data: z.infer<typeof orderMailJob.schema>, jobKey: string): Promise<void> {
  const order = await findOrder(deps.db, data.orderId);
  if (!order) return;
  const payment = await findPayment(deps.db, order.id);
  const facts = await mailFacts(deps, order, payment);
  const dedupeKey = `order:${order.id}:${data.kind}:${data.refundRequest ?? jobKey}`;
  if (data.kind === 'confirmation') {
    // The invoice is issued with the receipt (docs/decisions/132): once, whichever job or retry gets there first.
    // The receipt carries it as a PDF (drawn when the mail is delivered).
    const invoice = await issueOrderInvoice(deps, order, payment);
    await deps.mailer.send(orderConfirmationMail(facts, { invoice: invoice.number }), { dedupeKey, attachments: [attachmentOf(invoice)] });
  } else if (data.kind === 'payment_failed') {
    if (!payment?.paymentUrl) return;
    const payUrl = payment.paymentUrl.startsWith('/') ? `${deps.publicUrl}${payment.paymentUrl}` : payment.paymentUrl;
    await deps.mailer.send(paymentFailedMail(facts, payment.failureMessage ?? 'The card was declined.', payUrl), { dedupeKey });
  } else if (data.kind === 'refunded') {
    const pieces = (await refundsOf(deps.db, order.id)).filter((r) => r.status === 'succeeded' && (!data.refundRequest || r.requestKey === data.refundRequest));
    const amount = pieces.reduce((sum, r) => sum + r.amount, 0);
    if (amount <= 0 || !payment) return;
    const creditNote = await issueRefundCreditNote(deps, order, payment, {
      requestKey: data.refundRequest ?? `job:${jobKey}`,
      amount,
      refundedAt: pieces.reduce((latest, r) => (r.createdAt > latest ? r.createdAt : latest), pieces[0]!.createdAt),
    });
    await deps.mailer.send(refundMail(facts, formatMoney(amount, order.currency), payment.refundedTotal >= payment.capturedTotal, { creditNote: creditNote.number }), {
      dedupeKey,
      attachments: [attachmentOf(creditNote)],
    });
  } else {
    const parcels = (await fulfilmentsOf(deps.db, order.id)).filter((f) => f.trackingNumber);
    const shipped = (data.fulfilmentId ? parcels.find((f) => f.id === data.fulfilmentId) : undefined) ?? parcels.at(-1);
    if (!shipped) return;
    await deps.mailer.send(shippedMail(facts, { carrier: shipped.carrier ?? '', trackingNumber: shipped.trackingNumber!, trackingUrl: shipped.trackingUrl }), { dedupeKey });
  }
}

/** An admin's "send the confirmation again": a copy, now, with the order's invoice (issued now if it is missing). */
export async function resendConfirmation(deps: OrderMailDeps, order: OrderRow): Promise<void> {
  const payment = await findPayment(deps.db, order.id);
  const invoice = await issueOrderInvoice(deps, order, payment);
  await deps.mailer.send(orderConfirmationMail(await mailFacts(deps, order, payment), { resent: true, invoice: invoice.number }), { attachments: [attachmentOf(invoice)] });
}

export function orderMailJobs(deps: OrderMailDeps): JobRegistration[] {
  return [handle(orderMailJob, (data, job) => sendOrderMail(deps, data, job.id))];
}
