import { CreditCard, PackageCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FunnelOfferKind, FunnelOrder } from '@/contract/funnel';
import { LivePreview } from '@/web/components/certificates/live-preview';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { ApiRequestError } from '@/web/lib/api-client';
import { formatMoney } from '@/web/lib/money';
import { useDecideOffer } from '../api/decide-offer';
import { STEP_PATHS } from '../lib/funnel-steps';
import { useFunnelStep } from '../lib/use-funnel-step';
import { useTrackStep } from '../lib/use-track-step';
import { Countdown, useRemaining } from './countdown';
import { FunnelSkeleton } from './funnel-shell';

const STEP = { oto1: 'oto1', downsell: 'downsell' } as const;

/**
 * One-time offer 1 (/funnel/oto1) and its downsell (/funnel/oto1-downsell), docs/decisions/099: one product, its
 * real price against the catalogue's, the real deadline, "Yes" charging the card just used with one click, and
 * "No thanks" always in plain sight. The server priced it; the page only says yes or no.
 */
export function OfferPage({ kind }: { kind: FunnelOfferKind }) {
  const { data, order } = useFunnelStep([STEP[kind]]);
  const trackStep = useTrackStep();
  const o = order.data;
  const offer = o?.offers.find((x) => x.kind === kind);
  const shown = !!offer && offer.status === 'offered' && o?.next_step === kind;
  useEffect(() => {
    if (shown) trackStep(kind);
  }, [shown, kind, trackStep]);
  if (!data || !o || !offer || !shown) return <FunnelSkeleton />;
  return <Offer kind={kind} order={o} token={data.token} />;
}

function Offer({ kind, order, token }: { kind: FunnelOfferKind; order: FunnelOrder; token: string }) {
  const offer = order.offers.find((x) => x.kind === kind)!;
  const navigate = useNavigate();
  const trackStep = useTrackStep();
  const decide = useDecideOffer(order.order_id, token);
  const [refused, setRefused] = useState<string | null>(null);
  const remaining = useRemaining(order.offers_close_at, order.now) ?? 0;
  const ended = remaining <= 0;
  const money = (n: number) => formatMoney(n, order.order.currency);
  const lead = order.order.lines[0];
  const saving = offer.list_price - offer.price;

  async function answer(decision: 'accept' | 'decline') {
    setRefused(null);
    try {
      const next = await decide.mutateAsync({ kind, decision });
      // A card that refuses the extra answers 200 with the offer failed and a notice: the next page (thank-you) says it.
      if (decision === 'accept' && next.offers.find((x) => x.kind === kind)?.status === 'accepted') {
        trackStep(kind === 'oto1' ? 'oto1_accepted' : 'downsell_accepted');
      }
      navigate(STEP_PATHS[next.next_step]);
    } catch (err) {
      if (!(err instanceof ApiRequestError)) throw err;
      // An offer that ended or a provider that could not be reached: say so here; the order itself is fine.
      setRefused(err.message);
    }
  }

  const busy = decide.isPending;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{kind === 'oto1' ? 'One-time offer' : 'One last, smaller offer'}</p>
        {!ended ? <Countdown remaining={remaining} label="Your order goes to print in" /> : null}
      </div>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section aria-labelledby="offer-title">
          <h1 id="offer-title" className="font-display text-4xl font-semibold text-balance sm:text-5xl">
            {offer.headline}
          </h1>
          <p className="mt-4 text-lg text-ink-soft">{offer.pitch}</p>
          <div className="mt-6 grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-center">
            {offer.image_url ? (
              <img src={offer.image_url} alt={`${offer.product_name}, ${offer.variant_name}`} width={128} height={128} className="size-32 rounded-2xl border border-line bg-white object-contain p-2" />
            ) : null}
            <div>
              <p className="font-semibold">
                {offer.product_name}, {offer.variant_name}
              </p>
              {lead ? (
                <p className="text-sm text-ink-soft">
                  {lead.design.award_title}, for {lead.design.recipient_name || 'the bearer'}
                </p>
              ) : null}
              <p className="mt-2 flex flex-wrap items-baseline gap-x-3">
                <span className="font-display text-4xl font-semibold tabular-nums" data-testid="offer-price">
                  {money(offer.price)}
                </span>
                {saving > 0 ? (
                  <span className="text-ink-soft">
                    <s>{money(offer.list_price)}</s> in the store · you save {money(saving)}
                  </span>
                ) : null}
              </p>
              <p className="mt-1 text-sm text-muted">
                {offer.tax ? (offer.tax_included ? `Includes ${money(offer.tax)} tax. ` : `Plus ${money(offer.tax)} tax: ${money(offer.amount)} in all. `) : ''}
                {offer.requires_shipping ? 'Ships in the same parcel as your order: no extra shipping.' : 'A download, on your order page the moment you say yes.'}
              </p>
            </div>
          </div>

          {ended ? (
            <Notice className="mt-6" title="This offer has ended">
              Your order has gone to the print room as it was. Nothing more will be charged.
            </Notice>
          ) : null}
          {refused ? (
            <Notice className="mt-6" tone="error" title="Not added">
              {refused}
            </Notice>
          ) : null}

          <div className="mt-8 grid gap-3 sm:max-w-md">
            {!ended && !refused ? (
              <Button size="lg" onClick={() => void answer('accept')} disabled={busy}>
                <CreditCard aria-hidden="true" />
                {busy && decide.variables?.decision === 'accept' ? 'Adding it to your order…' : `Yes, add it for ${money(offer.amount)}`}
              </Button>
            ) : null}
            {!ended && !refused ? (
              <p className="text-center text-sm text-muted">
                Charged to {order.card_last4 ? `the card ending ${order.card_last4}` : 'the card you just used'}. No need to type it again.
              </p>
            ) : null}
            {ended || refused ? (
              <Button size="lg" variant="secondary" onClick={() => navigate(STEP_PATHS.thank_you)}>
                <PackageCheck aria-hidden="true" /> See my order
              </Button>
            ) : (
              <Button size="lg" variant="secondary" onClick={() => void answer('decline')} disabled={busy}>
                {busy && decide.variables?.decision === 'decline' ? 'One moment…' : kind === 'oto1' ? 'No thanks' : 'No thanks, finish my order'}
              </Button>
            )}
          </div>
        </section>
        <aside aria-label="What it prints">
          {lead ? (
            <LivePreview
              body={{ award_id: lead.design.award_id, nominee_name: lead.design.recipient_name, ...(lead.design.template_id ? { template_id: lead.design.template_id } : {}) }}
              alt={`${lead.design.award_title} for ${lead.design.recipient_name || 'the bearer'}`}
              announce={false}
            />
          ) : null}
          <p className="mt-3 text-sm text-ink-soft">The same certificate as in your order {order.order_number}: same award, same name, same design.</p>
        </aside>
      </div>
    </div>
  );
}
