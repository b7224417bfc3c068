import { ArrowRight, CircleAlert, Printer, Stamp } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { formatMoney } from '@/web/lib/money';
import { STEP_PATHS } from '../lib/funnel-steps';
import { useFunnel } from '../lib/funnel-provider';
import { useFunnelStep } from '../lib/use-funnel-step';
import { useTrackStep } from '../lib/use-track-step';
import { Countdown, useRemaining } from './countdown';
import { FunnelShell, FunnelSkeleton } from './funnel-shell';

/**
 * The timer screen (/funnel/timer, docs/decisions/099), where the payment returns: it waits for the provider to
 * confirm the payment, then says what the clock really means — the order goes to print when it reaches zero, and
 * anything added before then ships in the same parcel.
 */
export function FunnelTimerPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data, ready, set } = useFunnel();
  const orderId = params.get('order');
  const token = params.get('token');
  // Back from the payment page: this order is the funnel's (set replaces), and the link's token leaves the address bar.
  useEffect(() => {
    if (!ready || !orderId || !token) return;
    if (data?.order_id !== orderId || data.token !== token) set({ order_id: orderId, token, step: 'timer', tracked: data?.order_id === orderId ? (data.tracked ?? []) : ['checkout'] });
    navigate(paths.funnelTimer, { replace: true });
  }, [ready, orderId, token, data, set, navigate]);
  if (orderId && token) return <FunnelSkeleton />;
  return <Timer />;
}

function Timer() {
  const { order } = useFunnelStep(['timer', 'oto1', 'downsell']);
  const trackStep = useTrackStep();
  const o = order.data;
  const paid = !!o && o.status !== 'pending_payment' && o.status !== 'payment_failed';
  const remaining = useRemaining(o?.offers_close_at ?? null, o?.now ?? null);
  useEffect(() => {
    if (paid) trackStep('paid');
  }, [paid, trackStep]);

  if (!o) return <FunnelSkeleton />;
  if (o.status === 'payment_failed') {
    return (
      <FunnelShell>
        <CircleAlert className="size-10 text-brand-600" aria-hidden="true" />
        <h1 className="mt-4 font-display text-4xl font-semibold">The payment did not go through</h1>
        <p className="mt-3 text-lg text-ink-soft">{o.order.payment.failure_message ?? 'The card was declined.'} Nothing was charged. Try another card on the same payment page.</p>
        {o.order.payment_url ? (
          <a href={o.order.payment_url} className={`${buttonVariants({ size: 'lg' })} mt-8`}>
            Try another card
          </a>
        ) : null}
      </FunnelShell>
    );
  }
  if (!paid) {
    return (
      <FunnelShell>
        <span className="size-12 motion-safe:animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
        <h1 className="mt-6 font-display text-4xl font-semibold" role="status">
          Confirming your payment…
        </h1>
        <p className="mt-3 text-lg text-ink-soft">The payment provider usually answers within a few seconds. Please keep this page open.</p>
      </FunnelShell>
    );
  }
  const next = o.next_step === 'thank_you' ? 'thank_you' : o.next_step;
  const lead = o.order.lines[0];
  return (
    <FunnelShell>
      <Stamp className="size-12 text-gold" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold tracking-widest text-gold uppercase">Payment received</p>
      <h1 className="mt-2 font-display text-4xl font-semibold text-balance sm:text-5xl">Order {o.order_number} is official.</h1>
      <p className="mt-4 text-lg text-white/85">
        {formatMoney(o.order.total, o.order.currency)} paid{o.card_last4 ? ` with the card ending ${o.card_last4}` : ''}
        {lead ? `: ${lead.design.award_title} for ${lead.design.recipient_name || 'the bearer'}, ${lead.product_name.toLowerCase()}.` : '.'}
      </p>
      {remaining !== null && remaining > 0 && next !== 'thank_you' ? (
        <div className="mt-8 grid gap-3">
          <Countdown remaining={remaining} label="Goes to the print room in" tone="dark" />
          <p className="flex max-w-xl items-start gap-2 text-white/85">
            <Printer className="mt-1 size-4 shrink-0" aria-hidden="true" />
            Until then your order waits at the print room door, so anything you add ships in the same parcel at no extra shipping. One offer follows; “no thanks” is one click.
          </p>
        </div>
      ) : (
        <p className="mt-6 text-white/85">Your order is on its way to the print room.</p>
      )}
      <Link to={STEP_PATHS[next]} className={`${buttonVariants({ variant: 'gold', size: 'lg' })} mt-8`}>
        Continue <ArrowRight aria-hidden="true" />
      </Link>
    </FunnelShell>
  );
}
