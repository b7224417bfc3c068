import { Check, Sparkles } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { funnelCheckoutBodySchema, type Funnel, type FunnelCheckoutBody } from '@/contract/funnel';
import { paths } from '@/contract/paths';
import type { QuoteBody } from '@/contract/shop';
import { LivePreview } from '@/web/components/certificates/live-preview';
import { TestModeNote } from '@/web/components/layout/test-mode-note';
import { CheckoutFields, PlaceOrderFooter } from '@/web/components/shop/checkout-fields';
import { CheckoutSection } from '@/web/components/shop/checkout-section';
import { checkoutFormShape, type CheckoutFormOutput, type CheckoutFormValues } from '@/web/components/shop/checkout-form';
import { OrderSummary } from '@/web/components/shop/order-summary';
import { useCheckoutForm } from '@/web/components/shop/use-checkout-form';
import { buttonVariants } from '@/web/components/ui/button';
import { Form, FormTextField } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { useQuote } from '@/web/lib/api/get-quote';
import { ApiRequestError } from '@/web/lib/api-client';
import { trackEvent } from '@/web/lib/analytics';
import { formatMoney } from '@/web/lib/money';
import { useFunnelOffer } from '../api/get-funnel';
import { useFunnelOrder } from '../api/get-funnel-order';
import { usePlaceFunnelOrder } from '../api/place-funnel-order';
import { STEP_PATHS } from '../lib/funnel-steps';
import { useFunnel } from '../lib/funnel-provider';
import { deliveryDays } from '@/web/lib/site-settings';

interface FunnelFormValues extends CheckoutFormValues {
  recipient_name: string;
}
type FunnelFormOutput = CheckoutFormOutput & { recipient_name: string };

const funnelFormSchema = (ships: boolean) =>
  z.object({ recipient_name: funnelCheckoutBodySchema.shape.recipient_name, ...checkoutFormShape(ships) }) as unknown as z.ZodType<FunnelFormOutput, FunnelFormValues>;

/**
 * /funnel/checkout (docs/decisions/099): one product, one page — what it is, whose name goes on it, where it goes,
 * the whole price with shipping, pay. The header stays (spec §2); the rest of the shop is one link away.
 */
export function FunnelCheckoutPage() {
  const [params] = useSearchParams();
  const awardParam = params.get('award');
  const funnel = useFunnelOffer(awardParam);
  if (funnel.isError) {
    return (
      <Unavailable
        title={funnel.error instanceof ApiRequestError && funnel.error.field === 'award' ? 'That award is not on offer' : 'The offer could not be loaded'}
        lead={funnel.error.message}
      />
    );
  }
  if (!funnel.data) return <CheckoutSkeleton />;
  if (!funnel.data.available || !funnel.data.hero) {
    return <Unavailable title="This offer is resting" lead="The committee has paused this offer for now. Everything else is in the store, printed and framed the same way." />;
  }
  return <FunnelCheckout funnel={funnel.data} awardId={awardParam} cancelled={!!params.get('cancelled')} />;
}

function FunnelCheckout({ funnel, awardId, cancelled }: { funnel: Funnel; awardId: string | null; cancelled: boolean }) {
  const hero = funnel.hero!;
  const { set } = useFunnel();
  // The funnel's first step, once per visit to the page (before any order exists).
  const seen = useRef(false);
  useEffect(() => {
    if (seen.current) return;
    seen.current = true;
    trackEvent('funnel_step', { step: 'checkout' });
  }, []);
  const ships = hero.requires_shipping;
  const { form, country, method, problem, place } = useCheckoutForm(funnelFormSchema(ships), { recipient_name: '' });
  const typedName = useWatch({ control: form.control, name: 'recipient_name' });
  const name = useDebouncedValue(typedName.trim(), 400);

  const line = useMemo(
    () => ({ variant_id: hero.variant_id, quantity: 1, design: { award_id: hero.award.id, template_id: hero.template_id, recipient_name: name } }),
    [hero, name],
  );
  const quoteBody: QuoteBody = { lines: [line], ...(ships ? { shipping_method: method, country } : { country }) };
  const quote = useQuote(quoteBody);
  const q = quote.data;

  const placeOrder = usePlaceFunnelOrder();

  async function onSubmit(values: FunnelFormOutput) {
    const body: FunnelCheckoutBody = {
      email: values.email,
      recipient_name: values.recipient_name,
      ...(awardId ? { award_id: awardId } : {}),
      shipping_address: ships ? values.shipping_address : null,
      shipping_method: ships ? values.shipping_method : null,
      // A PDF is taxed where its buyer lives (docs/decisions/133).
      ...(ships ? {} : { country }),
    };
    await place(body, (request) => placeOrder.mutateAsync(request), {
      // set replaces any earlier funnel: this order is the one the next pages follow.
      onPlaced: (result) => set({ order_id: result.order_id, token: result.access_token, order_number: result.order_number, step: 'checkout', tracked: ['checkout'] }),
    });
  }

  const money = (n: number) => formatMoney(n, funnel.currency);
  const oto1 = funnel.offers.find((o) => o.kind === 'oto1');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <InProgress />
      {cancelled ? (
        <Notice className="mb-6" title="Payment cancelled">
          Nothing was charged. Your details are below: pay whenever you are ready.
        </Notice>
      ) : null}
      {/* On a phone: what it is, the picture and the price, then the form; on a wide screen the picture stays beside the form. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
        <header className="lg:col-start-1 lg:row-start-1">
          <p className="inline-flex items-center gap-2 rounded-full bg-gold/25 px-3 py-1 text-xs font-semibold tracking-widest text-ink uppercase">
            <Sparkles className="size-3.5 text-gold-dark" aria-hidden="true" /> {hero.award.title}
          </p>
          <h1 className="mt-3 font-display text-4xl font-semibold text-balance sm:text-5xl">{hero.headline}</h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-soft">{hero.pitch}</p>
          <ul className="mt-4 grid gap-1.5 text-sm text-ink">
            {[
              `${hero.product_name}, ${hero.size}, ${hero.finish.toLowerCase()}`,
              'Their name in the certificate’s engraved lettering, with its own certificate number',
              ships ? `Tracked, worldwide: standard in ${deliveryDays()} business days, express in ${deliveryDays('express')}` : 'A download the moment you pay',
            ].map((b) => (
              <li key={b} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" /> {b}
              </li>
            ))}
          </ul>
        </header>
        <aside aria-label="Your certificate and order summary" className="grid gap-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:sticky lg:top-24">
          <LivePreview
            body={{ award_id: hero.award.id, nominee_name: name, ...(hero.template_id ? { template_id: hero.template_id } : {}) }}
            alt={`Preview: ${hero.award.title}${name ? ` for ${name}` : ''}`}
          />
          <div className="rounded-3xl border border-line bg-paper p-5 sm:p-6">
            <h2 className="font-display text-xl font-semibold">Order summary</h2>
            <div className="mt-4">
              <OrderSummary quote={q} loading={quote.isFetching} />
            </div>
          </div>
        </aside>
        <div className="grid gap-6 lg:col-start-1 lg:row-start-2">
          {funnel.test_mode ? <TestModeNote /> : null}
          <Form form={form} onSubmit={onSubmit} className="grid gap-6" aria-label="Checkout">
            <CheckoutSection idPrefix="funnel-step" step={1} title="Whose achievement?">
              <FormTextField
                control={form.control}
                name="recipient_name"
                label="Name on the certificate"
                autoComplete="off"
                description="Exactly as it should be printed. The preview shows it in a moment."
              />
            </CheckoutSection>
            <CheckoutFields
              form={form}
              ships={ships}
              quote={q}
              firstStep={2}
              idPrefix="funnel-step"
              emailDescription="Your receipt and a link to follow your order go here. No account needed."
            />
            <PlaceOrderFooter
              problem={problem}
              quote={q}
              pending={placeOrder.isPending}
              testMode={funnel.test_mode}
              after={
                oto1
                  ? ` After paying you get one honest offer (${oto1.headline.toLowerCase()}, ${money(oto1.price)} instead of ${money(oto1.list_price)}) for the ${funnel.offer_minutes} minutes before your order goes to print. “No thanks” is always one click.`
                  : ''
              }
            />
          </Form>
        </div>
      </div>
    </div>
  );
}

/** A visitor who comes back with a paid order whose offer is still open is pointed to it, not made to pay again. */
function InProgress() {
  const { data } = useFunnel();
  const order = useFunnelOrder(data?.order_id ?? null, data?.token ?? null);
  const o = order.data;
  if (!o || (o.next_step !== 'oto1' && o.next_step !== 'downsell')) return null;
  return (
    <Notice className="mb-6" title={`Your order ${o.order_number} is paid`}>
      One offer is still waiting for your yes or no before it goes to print.{' '}
      <Link to={STEP_PATHS[o.next_step]} className="font-semibold underline">
        Continue with that order
      </Link>
    </Notice>
  );
}

function Unavailable({ title, lead }: { title: string; lead: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-4xl font-semibold">{title}</h1>
      <p className="mt-3 text-lg text-ink-soft">{lead}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.store} className={buttonVariants()}>
          Go to the store
        </Link>
        <Link to={paths.gallery} className={buttonVariants({ variant: 'secondary' })}>
          Browse the awards
        </Link>
      </div>
    </section>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,1fr)_26rem]" aria-busy="true" aria-label="Loading the offer">
      <div className="grid gap-4">
        <Skeleton className="h-6 w-40 rounded-full" />
        <Skeleton className="h-14 w-4/5" />
        <Skeleton className="h-20" />
        <Skeleton className="h-48 rounded-3xl" />
      </div>
      <Skeleton className="aspect-[1.414] rounded-3xl" />
    </div>
  );
}
