import { Ban, MailPlus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { hrefs } from '@/contract/paths';
import { cancelBodySchema, type AdminOrder } from '@/contract/shop';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { OrderDocumentList } from '@/web/components/shop/order-documents';
import { SideSheet } from '@/web/components/admin/side-sheet';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { addressLines } from '@/contract/address-format';
import { formatDateTime, taxRows } from '@/contract/format';
import { formatMoney } from '@/web/lib/money';
import { textLink } from '@/web/lib/styles';
import { useAdminOrder } from '../api/get-order';
import { useOrderAction } from '../api/order-action';
import { minorToText, parseMoney } from '@/web/lib/money-input';
import { refundFormSchema, type RefundBody, type RefundForm } from '../lib/refund-form';
import { FulfilmentSection } from './fulfilment-section';
import { OrderStatusBadge } from './order-status-badge';


function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </>
  );
}

function RefundDialog({ order, open, onOpenChange }: { order: AdminOrder; open: boolean; onOpenChange(o: boolean): void }) {
  const action = useOrderAction(order.id);
  const money = (n: number) => formatMoney(n, order.currency);
  const form = useZodForm(refundFormSchema(order.refundable, money), { defaultValues: { amount: minorToText(order.refundable), reason: '' } satisfies RefundForm });
  const minor = parseMoney(useWatch({ control: form.control, name: 'amount' }));
  function submit(body: RefundBody) {
    const amount = body.amount ?? order.refundable;
    action.mutate(
      { kind: 'refund', body },
      {
        onSuccess: (o) => {
          toast({ title: `Refunded ${money(amount)} of ${o.number}`, description: 'The customer has been mailed.', variant: 'success' });
          onOpenChange(false);
        },
        // Any refusal is said under the amount (the provider's included).
        onError: (err) => showFieldError(form, err, { otherwise: 'amount' }),
      },
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Refund {order.number}?</DialogTitle>
        <DialogDescription>
          The money goes back to the card through {order.payment.test_mode ? 'the test card processor' : 'the payment provider'}. Up to {money(order.refundable)} is
          left to refund.
        </DialogDescription>
        <Form form={form} onSubmit={submit} className="mt-4 grid gap-4">
          <FormTextField
            control={form.control}
            name="amount"
            label={`Amount (${order.currency})`}
            inputMode="decimal"
            description="The whole amount left, or part of it."
          />
          <FormTextField control={form.control} name="reason" label="Reason (the customer does not see it)" maxLength={500} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Keep the money
            </Button>
            <Button type="submit" disabled={action.isPending}>
              {action.isPending ? 'Refunding…' : `Refund ${minor && minor > 0 ? money(minor) : ''}`}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({ order, open, onOpenChange }: { order: AdminOrder; open: boolean; onOpenChange(o: boolean): void }) {
  const action = useOrderAction(order.id);
  const form = useZodForm(cancelBodySchema, { defaultValues: { reason: '' } });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Cancel {order.number}?</DialogTitle>
        <DialogDescription>It was never paid. Its payment page stops taking cards, and the customer can no longer pay for it.</DialogDescription>
        <Form
          form={form}
          className="mt-4 grid gap-4"
          onSubmit={(body) =>
            action.mutate(
              { kind: 'cancel', body },
              {
                onSuccess: (o) => {
                  toast({ title: `${o.number} is cancelled`, variant: 'success' });
                  onOpenChange(false);
                },
                onError: (err) => {
                  if (!showFieldError(form, err)) toast({ title: err.message, variant: 'destructive' });
                },
              },
            )
          }
        >
          <FormTextField control={form.control} name="reason" label="Reason" maxLength={500} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Keep the order
            </Button>
            <Button type="submit" disabled={action.isPending}>
              Cancel the order
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Which of the order's three machines an entry of its history is about (docs/decisions/108): "Payment: Partly
 * refunded", "Fulfilment: On its way" — the same word as the Fulfilment section above it.
 */
const MACHINE_WORDS = { order: 'Order', payment: 'Payment', fulfilment: 'Fulfilment' } as const;

function Details({ order }: { order: AdminOrder }) {
  const taxes = taxRows(order);
  const money = (n: number) => formatMoney(n, order.currency);
  const resend = useOrderAction(order.id);
  const [refunding, setRefunding] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const a = order.shipping_address;
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} label={order.status_label} />
        {order.payment.test_mode ? <span className="rounded-full bg-gold/25 px-2 py-0.5 text-xs font-semibold">Test mode</span> : null}
        <Link to={hrefs.order(order.id)} className={`${textLink} text-sm`}>
          Customer&apos;s view
        </Link>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setRefunding(true)} disabled={order.refundable === 0}>
          <Undo2 aria-hidden="true" /> Refund
        </Button>
        {order.can_cancel ? (
          <Button size="sm" variant="outline" onClick={() => setCancelling(true)}>
            <Ban aria-hidden="true" /> Cancel order
          </Button>
        ) : null}
        {order.payment.paid_at ? (
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { kind: 'resend-confirmation' },
                {
                  onSuccess: () => toast({ title: `Confirmation sent again to ${order.email}`, variant: 'success' }),
                  onError: (err) => toast({ title: err.message, variant: 'destructive' }),
                },
              )
            }
          >
            <MailPlus aria-hidden="true" /> Resend confirmation
          </Button>
        ) : null}
      </div>
      {order.refunds_pending > 0 ? (
        <Notice title={`Refund of ${money(order.refunds_pending)} waiting for the payment provider`}>
          It was asked for; a job asks the provider again until it answers. Then it shows under Refunds and the customer is mailed.
        </Notice>
      ) : null}
      <RefundDialog key={`${order.id}-${order.refundable}`} order={order} open={refunding} onOpenChange={setRefunding} />
      <CancelDialog order={order} open={cancelling} onOpenChange={setCancelling} />

      <section aria-labelledby="admin-order-items" className="rounded-2xl border border-line bg-white p-4">
        <h3 id="admin-order-items" className="font-semibold">
          Items
        </h3>
        <ul className="mt-2 divide-y divide-line text-sm">
          {order.lines.map((l) => (
            <li key={l.id} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium">
                  {l.quantity} × {l.product_name}, {l.variant_name}
                </span>
                <span className="block text-muted">
                  {l.design.award_title}
                  {l.design.recipient_name ? ` · for ${l.design.recipient_name}` : ''}
                  {l.design.certificate_number ? ` · ${l.design.certificate_number}` : ''} · {l.sku}
                </span>
              </span>
              <span className="tabular-nums">{money(l.line_total)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-2 text-sm">
          <Field label="Subtotal">{money(order.subtotal)}</Field>
          {order.discount_total ? <Field label={`Discount ${order.discount_code}`}>−{money(order.discount_total)}</Field> : null}
          {order.shipping_label ? <Field label={order.shipping_label}>{money(order.shipping_total)}</Field> : null}
          {taxes.before.map((t) => (
            <Field key={t.label} label={t.label}>
              {money(t.amount)}
            </Field>
          ))}
          <Field label="Total">
            <strong>{money(order.total)}</strong>
          </Field>
          {taxes.after.map((t) => (
            <Field key={t.label} label={t.label}>
              {money(t.amount)}
            </Field>
          ))}
          {order.refunded_total ? <Field label="Refunded">−{money(order.refunded_total)}</Field> : null}
        </dl>
      </section>

      <FulfilmentSection order={order} />

      <section aria-labelledby="admin-order-customer" className="rounded-2xl border border-line bg-white p-4">
        <h3 id="admin-order-customer" className="font-semibold">
          Customer and payment
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <Field label="Email">{order.email}</Field>
          <Field label="Account">{order.user_id ? 'Signed in' : 'Guest'}</Field>
          <Field label="Ship to">
            {a
              ? [...addressLines(a, a.country_name), ...(a.phone ? [`Phone ${a.phone}`] : [])].map((l, i) => (
                  <span key={i} className="block">
                    {l}
                  </span>
                ))
              : 'Digital only'}
          </Field>
          <Field label="Provider">{order.payment.provider}</Field>
          <Field label="Session">{order.provider_session_id ?? '—'}</Field>
          <Field label="Placed in">{order.channel === 'funnel' ? 'Sales funnel' : 'Shop'}</Field>
          <Field label={order.payments.length > 1 ? 'Charges' : 'Payment'}>
            {order.payments.length ? (
              <ul>
                {order.payments.map((p) => (
                  <li key={p.provider_payment_id}>
                    {money(p.amount)} · {p.kind === 'offer' ? 'one-time offer' : 'checkout'} · <span className="break-all">{p.provider_payment_id}</span>
                    {p.refunded_amount ? ` · ${money(p.refunded_amount)} refunded` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              (order.provider_payment_id ?? '—')
            )}
          </Field>
          <Field label="Paid">{order.payment.paid_at ? formatDateTime(order.payment.paid_at) : '—'}</Field>
          {order.payment.failure_message ? <Field label="Last decline">{order.payment.failure_message}</Field> : null}
        </dl>
      </section>

      <section aria-labelledby="admin-order-history" className="rounded-2xl border border-line bg-white p-4">
        <h3 id="admin-order-history" className="font-semibold">
          History
        </h3>
        <ol className="mt-2 grid gap-2 text-sm">
          {[...order.timeline].reverse().map((e, i) => (
            <li key={`${e.at}-${i}`} className="border-l-2 border-brand-600/40 pl-3">
              <span className="font-medium">
                {MACHINE_WORDS[e.machine]}: {e.label}
              </span>
              <span className="block text-muted">
                {formatDateTime(e.at)} · {e.actor}
                {e.reason ? ` · ${e.reason}` : ''}
              </span>
            </li>
          ))}
        </ol>
        {order.refunds.length ? (
          <>
            <h4 className="mt-3 text-sm font-semibold">Refunds</h4>
            <ul className="mt-1 text-sm">
              {order.refunds.map((r) => (
                <li key={r.id}>
                  {money(r.amount)} · {formatDateTime(r.at)}
                  {r.reason ? ` · ${r.reason}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {order.documents.length ? (
          <>
            <h4 className="mt-3 text-sm font-semibold">Invoices and credit notes</h4>
            <OrderDocumentList documents={order.documents} currency={order.currency} className="mt-1" />
          </>
        ) : null}
      </section>
    </div>
  );
}

/** One order, in a panel over the list (the list stays where it was). */
export function OrderSheet({ id, onClose }: { id: string | null; onClose(): void }) {
  const order = useAdminOrder(id);
  const o = order.data;
  return (
    <SideSheet open={id !== null} onClose={onClose} width="xl" title={o ? `Order ${o.number}` : 'Order'} description={o ? `Placed ${formatDateTime(o.created_at)}` : 'Loading...'}>
        {order.isError ? (
          <Notice tone="error" title="This order did not load">
            {order.error.message}
          </Notice>
        ) : o ? (
          <Details order={o} />
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading the order">
            <Skeleton className="h-10" />
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        )}
    </SideSheet>
  );
}
