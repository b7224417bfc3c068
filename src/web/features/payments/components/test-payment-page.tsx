import { CreditCard, Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/contract/paths';
import { testPayBodySchema, type TestPayBody } from '@/contract/test-payments';
import { TestModeNote } from '@/web/components/layout/test-mode-note';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { preloadPage } from '@/web/lib/lazy-page';
import { formatMoney } from '@/web/lib/money';
import { useAuthenticateTest, usePayTest, useTestPayment } from '../api/test-payment';

const CARDS = [
  { number: '4242 4242 4242 4242', label: 'Succeeds' },
  { number: '4000 0000 0000 0002', label: 'Declined' },
  { number: '4000 0025 0000 3155', label: 'Asks to authenticate' },
  { number: '4000 0000 0000 0341', label: 'Pays, declines one-click extras' },
] as const;

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed. */
const spaced = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const expiryMask = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

/**
 * The built-in test card processor's payment page (docs/decisions/074): a card form served by the shop
 * itself, standing in for Stripe's hosted checkout, clearly in test mode.
 */
export function TestPaymentPage({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const session = useTestPayment(sessionId);
  const pay = usePayTest(sessionId);
  const authenticate = useAuthenticateTest(sessionId);
  const [declined, setDeclined] = useState<string | null>(null);
  const [challenge, setChallenge] = useState(false);
  const form = useZodForm(testPayBodySchema, { defaultValues: { card_number: '', expiry: '', cvc: '', name: '' } satisfies TestPayBody });

  // The receipt's code is fetched while the card is typed, and is here before the page leaves for it: the receipt
  // then renders at once, never the page spinner in its place (issue 26).
  const successUrl = session.data?.success_url;
  useEffect(() => {
    if (successUrl) void preloadPage(successUrl).catch(() => undefined);
  }, [successUrl]);

  async function after(outcome: { status: string; success_url: string | null; message: string | null }) {
    if (outcome.status === 'succeeded' && outcome.success_url) {
      await preloadPage(outcome.success_url).catch(() => undefined);
      navigate(outcome.success_url, { replace: true });
    } else if (outcome.status === 'requires_action') {
      setChallenge(true);
    } else {
      setChallenge(false);
      setDeclined(outcome.message ?? 'Your card was declined.');
    }
  }

  async function onSubmit(body: TestPayBody) {
    setDeclined(null);
    try {
      await after(await pay.mutateAsync(body));
    } catch (err) {
      if (!showFieldError(form, err)) setDeclined(err instanceof Error ? err.message : 'The payment could not be made.');
    }
  }

  if (session.isPending) {
    return (
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-12 md:grid-cols-2" role="status" aria-busy="true" aria-label="Loading the payment page">
        <Skeleton className="h-64" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (session.isError || !session.data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-4xl font-semibold">This payment page does not exist</h1>
        <p className="mt-3 text-ink-soft">The link may be incomplete, or the checkout was started somewhere else. Your cart is still waiting.</p>
        <Link to={paths.cart} className={`${buttonVariants()} mt-8`}>
          Back to your cart
        </Link>
      </section>
    );
  }
  const s = session.data;
  const amount = formatMoney(s.amount, s.currency);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <TestModeNote>
        This is Certifiable&apos;s built-in test card processor: no card is charged and no real money moves. Try the cards below.
      </TestModeNote>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="pay-summary" className="rounded-3xl bg-ink p-6 text-white sm:p-8">
          <p className="text-sm font-semibold tracking-widest text-white/60 uppercase">Certifiable · test payment</p>
          <h1 id="pay-summary" className="mt-3 font-display text-4xl font-semibold sm:text-5xl">
            {amount}
          </h1>
          <p className="mt-2 text-white/80">{s.description}</p>
          <dl className="mt-6 grid gap-2 text-sm">
            {s.order_number ? (
              <div className="flex justify-between gap-4 border-t border-white/15 pt-3">
                <dt className="text-white/60">Order</dt>
                <dd className="font-semibold">{s.order_number}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-white/15 pt-3">
              <dt className="text-white/60">Receipt to</dt>
              <dd className="font-semibold break-all">{s.email}</dd>
            </div>
          </dl>
          <div className="mt-8">
            <p className="text-sm font-semibold text-white/80">Test cards (any future date, any CVC)</p>
            <ul className="mt-3 grid gap-2">
              {CARDS.map((c) => (
                <li key={c.number}>
                  <button
                    type="button"
                    onClick={() => {
                      form.setValue('card_number', c.number, { shouldValidate: form.formState.isSubmitted });
                      if (!form.getValues('expiry')) form.setValue('expiry', '12 / 34');
                      if (!form.getValues('cvc')) form.setValue('cvc', '123');
                    }}
                    className="flex w-full items-center justify-between gap-3 rounded-xl bg-white/10 px-4 py-3 text-left text-sm hover:bg-white/15 focus-visible:ring-4 focus-visible:ring-white/30 focus-visible:outline-none"
                  >
                    <span className="font-mono tabular-nums">{c.number}</span>
                    <span className="text-white/70">{c.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="pay-card" className="rounded-3xl border border-line bg-white p-6 shadow-card sm:p-8">
          {s.status === 'complete' ? (
            <div className="text-center">
              <ShieldCheck className="mx-auto size-10 text-emerald-700" aria-hidden="true" />
              <h2 id="pay-card" className="mt-3 font-display text-2xl font-semibold">
                Already paid
              </h2>
              <p className="mt-2 text-ink-soft">This order has been paid{s.last4 ? ` with the card ending ${s.last4}` : ''}.</p>
              <Link to={s.success_url} className={`${buttonVariants()} mt-6`}>
                See your order
              </Link>
            </div>
          ) : s.status === 'expired' ? (
            <div>
              <h2 id="pay-card" className="font-display text-2xl font-semibold">
                This payment page has expired
              </h2>
              <p className="mt-2 text-ink-soft">The order was cancelled before it was paid, so nothing was charged. Your cart is still there.</p>
              <Link to={paths.cart} className={`${buttonVariants()} mt-6`}>
                Back to your cart
              </Link>
            </div>
          ) : challenge || s.status === 'requires_action' ? (
            <div role="dialog" aria-modal="false" aria-labelledby="pay-card">
              <ShieldCheck className="size-10 text-brand-700" aria-hidden="true" />
              <h2 id="pay-card" className="mt-3 font-display text-2xl font-semibold">
                Authenticate this payment
              </h2>
              <p className="mt-2 text-ink-soft">
                Your bank wants to make sure it is you (3D Secure). In test mode you decide how it goes: complete it to pay {amount}, or fail it to see what a
                shopper sees.
              </p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button onClick={() => authenticate.mutateAsync('pass').then(after, (e: Error) => setDeclined(e.message))} disabled={authenticate.isPending}>
                  Complete authentication
                </Button>
                <Button variant="outline" onClick={() => authenticate.mutateAsync('fail').then(after, (e: Error) => setDeclined(e.message))} disabled={authenticate.isPending}>
                  Fail authentication
                </Button>
              </div>
            </div>
          ) : (
            <>
              <h2 id="pay-card" className="flex items-center gap-2 font-display text-2xl font-semibold">
                <CreditCard className="size-6 text-brand-700" aria-hidden="true" /> Pay with card
              </h2>
              {declined || s.failure_message ? (
                <Notice tone="error" title="Payment declined" className="mt-4">
                  {declined ?? s.failure_message} Nothing was charged: try another card.
                </Notice>
              ) : null}
              <Form form={form} onSubmit={onSubmit} className="mt-5 grid gap-4" aria-label="Card details">
                <FormTextField
                  control={form.control}
                  name="card_number"
                  label="Card number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                  onInput={(e) => {
                    const el = e.currentTarget;
                    el.value = spaced(el.value);
                  }}
                />
                <div className="grid grid-cols-2 gap-4">
                  <FormTextField
                    control={form.control}
                    name="expiry"
                    label="Expiry (MM / YY)"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM / YY"
                    onInput={(e) => {
                      const el = e.currentTarget;
                      el.value = expiryMask(el.value);
                    }}
                  />
                  <FormTextField control={form.control} name="cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
                </div>
                <FormTextField control={form.control} name="name" label="Name on card" autoComplete="cc-name" />
                <Button type="submit" size="lg" disabled={pay.isPending} className="mt-2 w-full">
                  <Lock aria-hidden="true" /> {pay.isPending ? 'Paying…' : `Pay ${amount}`}
                </Button>
              </Form>
              <Link to={s.cancel_url} className="mt-4 block text-center text-sm font-semibold text-ink-soft hover:text-ink">
                Cancel and go back to checkout
              </Link>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
