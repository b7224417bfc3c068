import { ExternalLink, PackageCheck, RotateCcw, StepForward, Truck } from 'lucide-react';
import { useState } from 'react';
import { markShippedBodySchema, type MarkShippedBody } from '@/contract/fulfilment';
import { FULFILMENT_LABELS, type FulfilmentStatus } from '@/contract/order-status';
import type { AdminOrder } from '@/contract/shop';
import { formatDateTime } from '@/contract/format';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { cn } from '@/web/lib/utils';
import { drawingFiles } from '../api/get-order';
import { useOrderAction, type OrderAction } from '../api/order-action';


const PROVIDERS: Record<string, string> = { local: 'Built-in print shop', printful: 'Printful' };
export const providerLabel = (provider: string | null) => (provider ? (PROVIDERS[provider] ?? provider) : 'Not chosen yet');

type Tone = 'ok' | 'wait' | 'problem' | 'quiet';

const TONES: Record<FulfilmentStatus, Tone> = {
  none: 'quiet',
  pending: 'wait',
  submitted: 'ok',
  in_production: 'ok',
  shipped: 'ok',
  delivered: 'ok',
  problem: 'problem',
  cancelled: 'quiet',
};

/**
 * Where the printing is, in the fulfilment machine's own words (FULFILMENT_LABELS: "At the printer", "Being
 * printed", "On its way"…). With several parcels it is the least advanced one. "none" says why there is no hand-off.
 */
export function fulfilmentState(order: AdminOrder): { label: string; tone: Tone } {
  const status = order.fulfilment.status;
  if (status === 'none' && order.lines.some((l) => l.requires_shipping)) {
    if (order.states.payment === 'unpaid' || order.states.payment === 'failed') {
      return { label: order.states.lifecycle === 'pending' ? 'Waits for payment' : 'Never paid', tone: 'quiet' };
    }
    if (order.states.payment === 'refunded') return { label: FULFILMENT_LABELS.cancelled, tone: 'quiet' };
    return { label: 'Not sent to a printer yet', tone: 'wait' };
  }
  return { label: FULFILMENT_LABELS[status], tone: TONES[status] };
}

function StateBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone === 'ok' && 'bg-emerald-100 text-emerald-900',
        tone === 'wait' && 'bg-gold/30 text-ink',
        tone === 'problem' && 'bg-brand-100 text-brand-800',
        tone === 'quiet' && 'bg-paper-dark text-ink-soft',
      )}
    >
      {label}
    </span>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </>
  );
}

interface Confirmation {
  action: OrderAction;
  title: string;
  description: string;
  confirm: string;
  keep: string;
  done(order: AdminOrder): { title: string; description?: string };
}

/** "Are you sure?" for an action that needs nothing typed: the same dialog and toasts as refund and cancel. */
function ConfirmDialog({ order, confirmation, onClose }: { order: AdminOrder; confirmation: Confirmation | null; onClose(): void }) {
  const action = useOrderAction(order.id);
  return (
    <Dialog open={confirmation !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {confirmation ? (
        <DialogContent>
          <DialogTitle>{confirmation.title}</DialogTitle>
          <DialogDescription>{confirmation.description}</DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {confirmation.keep}
            </Button>
            <Button
              type="button"
              disabled={action.isPending}
              onClick={() =>
                action.mutate(confirmation.action, {
                  onSuccess: (o) => {
                    toast({ ...confirmation.done(o), variant: 'success' });
                    onClose();
                  },
                  onError: (err) => toast({ title: err.message, variant: 'destructive' }),
                })
              }
            >
              {action.isPending ? 'Working…' : confirmation.confirm}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const EMPTY_SHIPMENT: MarkShippedBody = { carrier: '', tracking_number: '', tracking_url: '' };

/**
 * Carrier, tracking number and an optional https tracking link. The form lives outside the dialog's content, so
 * closing and reopening it, or an answer the server refuses, keeps everything typed; a 400 lands under its field.
 */
function MarkShippedDialog({ order, open, onOpenChange }: { order: AdminOrder; open: boolean; onOpenChange(o: boolean): void }) {
  const action = useOrderAction(order.id);
  const form = useZodForm(markShippedBodySchema, { defaultValues: EMPTY_SHIPMENT });
  const [failure, setFailure] = useState<string | null>(null);
  function submit(body: MarkShippedBody) {
    setFailure(null);
    action.mutate(
      { kind: 'fulfilment/mark-shipped', body: { ...body, tracking_url: body.tracking_url || undefined } },
      {
        onSuccess: (o) => {
          toast({ title: `${o.number} is marked shipped`, description: 'The customer has been mailed the tracking number.', variant: 'success' });
          form.reset(EMPTY_SHIPMENT);
          onOpenChange(false);
        },
        onError: (err) => {
          if (!showFieldError(form, err)) setFailure(err.message);
        },
      },
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Mark {order.number} shipped?</DialogTitle>
        <DialogDescription>
          For a parcel that left without the print provider telling us. The customer gets the shipped mail with this tracking, and it cannot be taken
          back.
        </DialogDescription>
        <Form form={form} onSubmit={submit} className="mt-4 grid gap-4" aria-label={`Mark ${order.number} shipped`}>
          <FormTextField control={form.control} name="carrier" label="Carrier" autoComplete="off" maxLength={60} />
          <FormTextField control={form.control} name="tracking_number" label="Tracking number" autoComplete="off" maxLength={80} spellCheck={false} />
          <FormTextField
            control={form.control}
            name="tracking_url"
            label="Tracking link (optional)"
            description="The carrier's https:// page for this parcel."
            type="url"
            autoComplete="off"
            maxLength={500}
            spellCheck={false}
          />
          {failure ? (
            <Notice tone="error" title="Not marked shipped">
              {failure}
            </Notice>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Not yet
            </Button>
            <Button type="submit" disabled={action.isPending}>
              {action.isPending ? 'Marking…' : 'Mark shipped'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Carrier, tracking (linked to the carrier's page) and when it left, for one parcel: rows of a <dl>. */
function Parcel({ shipment: t }: { shipment: AdminOrder['shipments'][number] }) {
  return (
    <>
      <Field label="Carrier">{t.carrier ?? '—'}</Field>
      <Field label="Tracking">
        {t.url ? (
          <a href={t.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-mono font-semibold text-brand-700 underline underline-offset-4">
            {t.number}
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only"> (opens the carrier&apos;s page)</span>
          </a>
        ) : (
          <span className="font-mono">{t.number}</span>
        )}
      </Field>
      <Field label="Shipped">{t.shipped_at ? formatDateTime(t.shipped_at) : '—'}</Field>
    </>
  );
}

/** What "Next step" does at the built-in print shop, from where the order is now. */
function nextStep(order: AdminOrder): Confirmation {
  const printing = order.fulfilment.status === 'in_production';
  return {
    action: { kind: 'fulfilment/advance' },
    title: printing ? `Ship ${order.number}?` : `Start printing ${order.number}?`,
    description: printing
      ? 'The print shop hands the parcel to a carrier with a tracking number, and the customer gets the shipped mail.'
      : 'The print shop starts on it now instead of at its next scheduled step; the order shows as being printed.',
    confirm: printing ? 'Ship it' : 'Start printing',
    keep: 'Not yet',
    done: (o) => (o.fulfilment.status === 'shipped' ? { title: `${o.number} has shipped`, description: 'The customer has been mailed the tracking number.' } : { title: `${o.number} is being printed` }),
  };
}

function resubmitStep(order: AdminOrder): Confirmation {
  const f = order.fulfilment;
  return {
    action: { kind: 'fulfilment/resubmit' },
    title: `Send ${order.number} to the printer again?`,
    description: f.id
      ? `${providerLabel(f.provider)} already has it as ${f.id}: that order is kept, nothing is printed twice, and the problem note is cleared.`
      : 'It goes back in the queue and is sent within moments. The printer is asked for it first, so it is never printed twice.',
    confirm: 'Send it again',
    keep: 'Keep it as it is',
    done: (o) => ({ title: `${o.number} goes to the printer again`, description: 'Follow it on the Jobs page if it does not arrive.' }),
  };
}

/** The hand-off to the printer (docs/decisions/083): who prints it, where it is, and what an admin can do about it. */
export function FulfilmentSection({ order }: { order: AdminOrder }) {
  const f = order.fulfilment;
  const shipments = order.shipments.length ? order.shipments : order.tracking ? [order.tracking] : [];
  const state = fulfilmentState(order);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [shipping, setShipping] = useState(false);
  const canAdvance = f.can_advance && f.provider === 'local';
  return (
    <section aria-labelledby="admin-order-fulfilment" className="rounded-2xl border border-line bg-white p-4" data-testid="admin-order-fulfilment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="admin-order-fulfilment" className="font-semibold">
          Fulfilment
        </h3>
        <StateBadge {...state} />
      </div>
      {f.status === 'problem' ? (
        <Notice tone="error" title="The printer could not take it" className="mt-3">
          {f.error ?? 'No reason was given.'}
        </Notice>
      ) : null}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Field label="Provider">{providerLabel(f.provider)}</Field>
        <Field label="Provider's order">{f.id ? <span className="font-mono">{f.id}</span> : '—'}</Field>
        <Field label="Sent">{f.submitted_at ? formatDateTime(f.submitted_at) : '—'}</Field>
        {shipments.length === 1 ? <Parcel shipment={shipments[0]!} /> : null}
      </dl>
      {shipments.length > 1 ? (
        <ol className="mt-3 grid gap-2 border-t border-line pt-3 text-sm" aria-label="Parcels">
          {shipments.map((p, i) => (
            <li key={`${p.number}-${i}`}>
              <p className="font-semibold">
                Parcel {i + 1} of {shipments.length}
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <Parcel shipment={p} />
              </dl>
            </li>
          ))}
        </ol>
      ) : null}
      {canAdvance || f.can_mark_shipped || f.can_resubmit ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-line pt-3">
          {canAdvance ? (
            <Button size="sm" onClick={() => setConfirmation(nextStep(order))}>
              <StepForward aria-hidden="true" /> Next step
            </Button>
          ) : null}
          {f.can_mark_shipped ? (
            <Button size="sm" variant="outline" onClick={() => setShipping(true)}>
              <Truck aria-hidden="true" /> Mark shipped
            </Button>
          ) : null}
          {f.can_resubmit ? (
            <Button size="sm" variant="outline" onClick={() => setConfirmation(resubmitStep(order))}>
              <RotateCcw aria-hidden="true" /> Resubmit
            </Button>
          ) : null}
        </div>
      ) : (f.status === 'shipped' || f.status === 'delivered') && shipments.length ? (
        <p className="mt-3 flex items-center gap-1.5 border-t border-line pt-3 text-sm text-muted">
          <PackageCheck className="size-4 shrink-0" aria-hidden="true" /> Nothing left to do here: the carrier has it.
        </p>
      ) : null}
      {drawingFiles(order) ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-muted" role="status">
          <span className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-line border-t-ink-soft" aria-hidden="true" /> The print shop is
          drawing the print files; Next step comes once they are ready.
        </p>
      ) : null}
      <ConfirmDialog order={order} confirmation={confirmation} onClose={() => setConfirmation(null)} />
      <MarkShippedDialog order={order} open={shipping} onOpenChange={setShipping} />
    </section>
  );
}
