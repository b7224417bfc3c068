import { Check, CircleAlert, Download, Package, Printer, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { hrefs } from '@/contract/paths';
import { isPaidPayment, type OrderStatus } from '@/contract/order-status';
import type { Order } from '@/contract/shop';
import { TEST_MODE_ORDER, TestModeNote } from '@/web/components/layout/test-mode-note';
import { OrderStatusBadge } from '@/web/components/shop/order-status-badge';
import { OrderDocumentList } from '@/web/components/shop/order-documents';
import { buttonVariants } from '@/web/components/ui/button';
import { useBlobUrl } from '@/web/hooks/use-blob-url';
import { useCertificatePreview } from '@/web/lib/api/preview-certificate';
import { addressLines } from '@/contract/address-format';
import { formatDate, formatDateTime, formatMoney, taxRows } from '@/contract/format';
import { cn } from '@/web/lib/utils';
import { deliveryDays } from '@/web/lib/site-settings';
import { deliveryDaysOf } from '@/contract/shop-constants';

const STEPS = [
  { key: 'placed', label: 'Placed', icon: Check },
  { key: 'paid', label: 'Paid', icon: Check },
  { key: 'in_production', label: 'Printing', icon: Printer },
  { key: 'shipped', label: 'Shipped', icon: Truck },
  { key: 'delivered', label: 'Delivered', icon: Package },
] as const;

/** Where each step of the usual path is reached: the payment's "paid", then the printer's statuses. */
const FULFILMENT_STEP: Partial<Record<string, number>> = { in_production: 2, shipped: 3, delivered: 4 };

/**
 * How far along the usual path an order is (0 = placed … 4 = delivered). The order's fulfilment status is the least
 * advanced of its parcels; refunds, a later problem or a cancelled hand-off keep the furthest point reached.
 */
function progress(order: Order): number {
  let step = FULFILMENT_STEP[order.states.fulfilment] ?? 0;
  const moving = step > 0;
  for (const e of order.timeline) {
    if (e.machine === 'payment' && isPaidPayment(e.to_status)) step = Math.max(step, 1);
    // A parcel that went further than the rest does not move the whole order on; a hand-off that stopped keeps its mark.
    if (e.machine === 'fulfilment' && !moving) step = Math.max(step, FULFILMENT_STEP[e.to_status] ?? 0);
  }
  if (isPaidPayment(order.states.payment)) step = Math.max(step, 1);
  return step;
}

/** What the money did after the order moved on (its status word says where the parcel is). */
function refundNote(o: Order): string {
  if (o.status === 'refunded' || o.status === 'partially_refunded') return '';
  if (o.states.payment === 'refunded') return ' It was refunded in full to the card you paid with.';
  if (o.states.payment === 'partially_refunded') return ' Part of it was refunded to your card.';
  return '';
}

/** Tracking, for one parcel or several. */
const parcels = (o: Order) => (o.shipments.length ? o.shipments : o.tracking ? [o.tracking] : []);

/** What happens next, by the order's status word. */
const NEXT: Record<OrderStatus, (o: Order) => string> = {
  pending_payment: () => 'We are waiting for the payment to be confirmed. This page updates by itself.',
  payment_failed: (o) => `The payment did not go through${o.payment.failure_message ? ` (${o.payment.failure_message})` : ''}. Nothing was charged; you can pay with another card.`,
  paid: (o) =>
    o.lines.some((l) => l.requires_shipping)
      ? `Paid, and waiting for the print room. Printing, framing and delivery take ${deliveryDaysOf(o.shipping_label) ?? deliveryDays()} business days; we will mail you when it ships, with tracking.`
      : 'Paid. Your certificate is ready: download the PDF below.',
  in_production: (o) =>
    parcels(o).length
      ? 'Part of it has shipped (tracking below); the rest is being printed and framed. We will mail you when that ships too.'
      : 'Being printed and framed right now. We will mail you the tracking number when it ships.',
  shipped: (o) =>
    parcels(o).length > 1 ? 'On its way, in more than one parcel. Follow each with its tracking number below.' : 'On its way. Follow the parcel with the tracking number below.',
  delivered: () => 'Delivered. We hope it hangs somewhere prominent.',
  cancelled: () => 'This order was cancelled before it was paid. Nothing was charged.',
  abandoned: () => 'This order was never paid and has been closed. Nothing was charged.',
  partially_refunded: () => 'Part of this order was refunded to your card; the rest goes ahead as planned.',
  refunded: () => 'This order was refunded in full to the card you paid with.',
};

/** An order as its customer sees it: where it is, what is in it, where it goes, what it cost. */
export function OrderDetails({ order }: { order: Order }) {
  const money = (n: number) => formatMoney(n, order.currency);
  const taxes = taxRows(order);
  const step = progress(order);
  const offPath = order.status === 'cancelled' || order.status === 'abandoned' || order.status === 'payment_failed' || order.status === 'pending_payment';
  const shipments = parcels(order);
  const a = order.shipping_address;
  return (
    // grid-cols-1 (minmax(0, 1fr)): on a phone a long word or address wraps inside its card; the page never scrolls sideways.
    <div className="grid grid-cols-1 gap-6">
      {order.payment.test_mode ? <TestModeNote>{TEST_MODE_ORDER}</TestModeNote> : null}

      <section aria-labelledby="order-status" className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="order-status" className="font-display text-2xl font-semibold">
            Status
          </h2>
          <OrderStatusBadge size="md" status={order.status} label={order.status_label} />
        </div>
        {!offPath || step > 0 ? (
          <ol className="mt-6 grid grid-cols-5 gap-1" aria-label="Progress">
            {STEPS.map((s, i) => {
              const done = i <= step;
              const Icon = s.icon;
              return (
                <li key={s.key} className="flex flex-col items-center text-center" aria-current={i === step ? 'step' : undefined}>
                  <span className={cn('flex size-9 items-center justify-center rounded-full ring-2', done ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-muted ring-line')}>
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span className={cn('mt-2 text-xs font-semibold sm:text-sm', done ? 'text-ink' : 'text-muted')}>
                    {s.label}
                    <span className="sr-only">{done ? ' (done)' : ' (not yet)'}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        ) : null}
        <p className={cn('mt-5 flex gap-2 text-ink-soft', order.status === 'payment_failed' && 'text-brand-800')}>
          {order.status === 'payment_failed' ? <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> : null}
          <span>
            {NEXT[order.status](order)}
            {refundNote(order)}
          </span>
        </p>
        {order.payment_url ? (
          order.payment_url.startsWith('/') ? (
            <Link to={order.payment_url} className={cn(buttonVariants(), 'mt-4')}>
              Pay {money(order.total)}
            </Link>
          ) : (
            <a href={order.payment_url} className={cn(buttonVariants(), 'mt-4')}>
              Pay {money(order.total)}
            </a>
          )
        ) : null}
        {shipments.length === 1 ? (
          <p className="mt-4 text-sm">
            <Tracking shipment={shipments[0]!} link="Track the parcel" />
          </p>
        ) : shipments.length > 1 ? (
          <ol className="mt-4 grid gap-2 text-sm" aria-label="Parcels">
            {shipments.map((t, i) => (
              <li key={`${t.number}-${i}`} className="rounded-2xl bg-paper px-4 py-3">
                <span className="block font-semibold">
                  Parcel {i + 1} of {shipments.length}
                </span>
                <Tracking shipment={t} link={`Track parcel ${i + 1}`} />
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="order-items" className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
          <h2 id="order-items" className="font-display text-2xl font-semibold">
            Items
          </h2>
          <ul className="mt-4 grid gap-4">
            {order.lines.map((l) => (
              // On a phone the price goes under the words, beside the picture; from sm it has a column of its own.
              <li key={l.id} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 border-b border-line pb-4 last:border-0 last:pb-0 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
                <LinePreview line={l} />
                <div className="min-w-0 text-sm wrap-break-word">
                  <p className="font-display text-lg font-semibold">{l.design.award_title}</p>
                  <p className="text-ink-soft">
                    {l.design.recipient_name ? `For ${l.design.recipient_name}` : 'Name left blank'}
                    {l.design.certificate_number ? ` · No. ${l.design.certificate_number}` : ''}
                  </p>
                  <p>
                    {l.product_name} · {l.variant_name}
                  </p>
                  {l.download_url ? (
                    <a href={l.download_url} download className={cn(buttonVariants({ size: 'sm' }), 'mt-2')}>
                      <Download aria-hidden="true" /> Download PDF
                    </a>
                  ) : l.design.share_id ? (
                    <Link to={hrefs.certificate(l.design.share_id)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                      See the certificate
                    </Link>
                  ) : null}
                </div>
                <div className="col-start-2 text-sm tabular-nums sm:col-start-3 sm:row-start-1 sm:text-right">
                  <p className="font-semibold">{money(l.line_total)}</p>
                  <p className="text-muted">
                    {l.quantity} × {money(l.unit_price)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-5 grid gap-2 border-t border-line pt-4 text-sm">
            <Row label="Subtotal" value={money(order.subtotal)} />
            {order.discount_total ? <Row label={`Discount (${order.discount_code})`} value={`−${money(order.discount_total)}`} /> : null}
            {order.shipping_label ? <Row label={`Shipping: ${order.shipping_label}`} value={money(order.shipping_total)} /> : null}
            {taxes.before.map((t) => (
              <Row key={t.label} label={t.label} value={money(t.amount)} />
            ))}
            <div className="flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums">{money(order.total)}</dd>
            </div>
            {taxes.after.map((t) => (
              <Row key={t.label} label={t.label} value={money(t.amount)} />
            ))}
            {order.refunds.map((r) => (
              <Row key={r.id} label={`Refunded on ${formatDate(r.at)}${r.reason ? `: ${r.reason}` : ''}`} value={`−${money(r.amount)}`} />
            ))}
          </dl>
        </section>

        <div className="grid content-start gap-6">
          <section aria-labelledby="order-delivery" className="rounded-3xl border border-line bg-paper p-5 sm:p-6">
            <h2 id="order-delivery" className="font-display text-xl font-semibold">
              {a ? 'Delivery' : 'Delivery: digital'}
            </h2>
            {a ? (
              <address className="mt-3 text-sm leading-relaxed text-ink-soft not-italic">
                {addressLines(a, a.country_name).map((l, i) => (
                  <span key={i} className="block">
                    {l}
                  </span>
                ))}
              </address>
            ) : (
              <p className="mt-3 text-sm text-ink-soft">Nothing to ship: your certificate is a download.</p>
            )}
            <p className="mt-4 text-sm text-ink-soft wrap-anywhere">Receipt and updates go to {order.email}.</p>
          </section>
          {order.documents.length ? (
            <section aria-labelledby="order-documents" className="rounded-3xl border border-line bg-paper p-5 sm:p-6">
              <h2 id="order-documents" className="font-display text-xl font-semibold">
                Invoices
              </h2>
              <OrderDocumentList documents={order.documents} currency={order.currency} className="mt-3" />
            </section>
          ) : null}
          <section aria-labelledby="order-history" className="rounded-3xl border border-line bg-paper p-5 sm:p-6">
            <h2 id="order-history" className="font-display text-xl font-semibold">
              History
            </h2>
            <ol className="mt-3 grid gap-3 text-sm">
              {[...order.timeline].reverse().map((e, i) => (
                <li key={`${e.at}-${i}`} className="border-l-2 border-brand-600/40 pl-3">
                  <p className="font-semibold">{e.label}</p>
                  <p className="text-muted">
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    {e.reason && e.actor !== 'admin' ? ` · ${e.reason}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}

/** What is printed: the certificate itself, or the renderer's preview of the award with the name on it. */
function LinePreview({ line }: { line: Order['lines'][number] }) {
  const d = line.design;
  const body = d.share_id ? null : { award_id: d.award_id, nominee_name: d.recipient_name, ...(d.template_id ? { template_id: d.template_id } : {}) };
  const preview = useCertificatePreview(body);
  const blobUrl = useBlobUrl(preview.data);
  const src = d.share_id ? line.preview_url : (blobUrl ?? line.preview_url);
  return (
    <img
      src={src}
      alt={`Certificate: ${d.award_title}${d.recipient_name ? ` for ${d.recipient_name}` : ''}`}
      width={112}
      height={80}
      className="row-span-2 h-20 w-28 shrink-0 rounded-md bg-white object-contain ring-1 ring-ink/10 sm:row-span-1"
    />
  );
}

/** Carrier, date, tracking number and the carrier's page for one parcel. */
function Tracking({ shipment: t, link }: { shipment: Order['shipments'][number]; link: string }) {
  const simulated = t.simulated;
  return (
    <>
      {t.carrier ? (
        <>
          {simulated ? 'Simulated shipment with ' : 'Shipped with '}
          <strong>{t.carrier}</strong>
          {t.shipped_at ? ` on ${formatDate(t.shipped_at)}` : ''}.{' '}
        </>
      ) : null}
      {simulated ? 'Made-up tracking number: ' : 'Tracking number: '}
      <strong className="break-all">{t.number}</strong>
      {/* A made-up number is unknown to the real carrier: no link to its tracking page. */}
      {t.url && !simulated ? (
        <>
          {' '}
          ·{' '}
          <a href={t.url} className="font-semibold text-brand-700 underline" rel="noopener noreferrer" target="_blank">
            {link}
          </a>
        </>
      ) : null}
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
