import { Download, Mail, PartyPopper, Printer, Truck } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { FunnelOrder } from '@/contract/funnel';
import { hrefs, paths } from '@/contract/paths';
import type { Order } from '@/contract/shop';
import { buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { formatMoney } from '@/web/lib/money';
import { useFunnelStep } from '../lib/use-funnel-step';
import { useTrackStep } from '../lib/use-track-step';
import { FunnelSkeleton } from './funnel-shell';
import { deliveryDays } from '@/web/lib/site-settings';

/**
 * /funnel/thank-you (docs/decisions/099): the final order — everything bought, every charge — and what happens
 * next. `renderOrder` draws the order's lines (the route passes the orders feature's details).
 */
export function ThankYouPage({ renderOrder }: { renderOrder(order: Order, token: string): ReactNode }) {
  const { data, order } = useFunnelStep(['thank_you']);
  const trackStep = useTrackStep();
  const o = order.data;
  const done = o?.next_step === 'thank_you';
  useEffect(() => {
    if (done) trackStep('thank_you');
  }, [done, trackStep]);
  if (!data || !o || !done) return <FunnelSkeleton />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="rounded-3xl bg-ink p-6 text-white sm:p-10">
        <PartyPopper className="size-10 text-gold" aria-hidden="true" />
        <h1 className="mt-4 font-display text-4xl font-semibold sm:text-5xl">Thank you. It is official.</h1>
        {o.notice ? (
          // "Your card was declined for the extra; your order is unchanged." — announced as the page appears.
          <Notice tone="error" title="The extra was not added" className="mt-6 max-w-2xl">
            {o.notice}
          </Notice>
        ) : null}
        <p className="mt-4 text-lg text-white/85">
          Order <strong className="text-white" data-testid="order-number">{o.order_number}</strong>: {summary(o)}, {formatMoney(o.order.total, o.order.currency)} in all.
        </p>
        <NextSteps order={o} />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={hrefs.order(o.order_id, data.token)} className={buttonVariants({ variant: 'gold' })}>
            Follow your order
          </Link>
          <Link to={paths.gallery} className={buttonVariants({ variant: 'ghostOnDark' })}>
            Find another award
          </Link>
        </div>
      </div>
      <div className="mt-8">{renderOrder(o.order, data.token)}</div>
    </div>
  );
}

function summary(o: FunnelOrder): string {
  const items = o.order.lines.reduce((n, l) => n + l.quantity, 0);
  const charges = 1 + o.offers.filter((x) => x.status === 'accepted').length;
  return `${items} item${items === 1 ? '' : 's'}${charges > 1 ? ` in ${charges} charges to the same card` : ''}`;
}

function NextSteps({ order }: { order: FunnelOrder }) {
  const ships = order.order.lines.some((l) => l.requires_shipping);
  const charges = order.offers.filter((x) => x.status === 'accepted');
  const steps: { icon: typeof Mail; text: string }[] = [
    {
      icon: Mail,
      text: `Your receipt${charges.length ? ' (every item, every charge)' : ''} goes to ${order.order.email}${order.closed ? '' : ' as your order goes to print'}.`,
    },
  ];
  if (ships) {
    steps.push({ icon: Printer, text: 'The print room prints and packs everything in one parcel.' });
    steps.push({ icon: Truck, text: `It ships tracked, worldwide: ${deliveryDays()} business days standard, ${deliveryDays('express')} express. We mail you the tracking number.` });
  }
  if (order.order.lines.some((l) => !l.requires_shipping)) {
    steps.push({ icon: Download, text: 'Your PDF is ready now: download it from the order below.' });
  }
  return (
    <ol className="mt-6 grid gap-3" aria-label="What happens next">
      {steps.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-3 text-white/85">
          <Icon className="mt-1 size-4 shrink-0 text-gold" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ol>
  );
}
