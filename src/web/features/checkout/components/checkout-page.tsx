import { CurrencySwitcher } from '@/web/components/shop/currency-switcher';
import { useCurrency } from '@/web/lib/currency';
import { ArrowLeft, Tag } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/contract/paths';
import type { CheckoutBody, Quote } from '@/contract/shop';
import { TestModeNote } from '@/web/components/layout/test-mode-note';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { apiErrorField, Form } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { TextField } from '@/web/components/ui/text-field';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { useQuote } from '@/web/lib/api/get-quote';
import { trackEvent } from '@/web/lib/analytics';
import { useAuth } from '@/web/lib/auth';
import { useCart } from '@/web/lib/cart';
import { toLineInputs } from '@/web/lib/cart-rules';
import { formatMoney } from '@/web/lib/money';
import { usePlaceOrder } from '../api/place-order';
import { CheckoutFields, PlaceOrderFooter, stepAfterCheckoutFields } from '@/web/components/shop/checkout-fields';
import { CheckoutSection } from '@/web/components/shop/checkout-section';
import { checkoutFormSchema, type CheckoutFormOutput } from '@/web/components/shop/checkout-form';
import { OrderSummary } from '@/web/components/shop/order-summary';
import { useCheckoutForm } from '@/web/components/shop/use-checkout-form';

/** /checkout: one page, as the best shops do — contact, address, shipping, discount, summary, pay. */
export function CheckoutPage() {
  const { items } = useCart();
  const { user, loading: authLoading } = useAuth();
  const [params] = useSearchParams();
  const cancelled = params.get('cancelled');
  const lines = useMemo(() => toLineInputs(items), [items]);

  const [codeInput, setCodeInput] = useState('');
  const [appliedCode, setAppliedCode] = useState<string | undefined>(undefined);
  // What the server said about the code when the order was placed (used up meanwhile): under the discount field.
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const applyCode = () => {
    setCodeError(null);
    setAppliedCode(codeInput.trim() || undefined);
  };

  // A first quote without an address tells whether anything ships.
  const probe = useQuote({ lines }, lines.length > 0);
  const ships = probe.data?.requires_shipping ?? true;

  const { form, country, method, problem, place } = useCheckoutForm(checkoutFormSchema(ships));
  // The currency follows where the order goes, unless the shopper chose one (docs/decisions/134).
  const { currency } = useCurrency(country);
  const { control } = form;
  // The printer's live shipping rates may depend on the state and postal code: asked once typing pauses.
  const state = useWatch({ control, name: 'shipping_address.state' }) as string;
  const postalCode = useWatch({ control, name: 'shipping_address.postal_code' }) as string;
  const where = useDebouncedValue({ state: state.trim(), postal_code: postalCode.trim() }, 600);

  const quote = useQuote(
    {
      lines,
      currency,
      ...(ships
        ? { shipping_method: method, country, ...(where.state ? { state: where.state } : {}), ...(where.postal_code ? { postal_code: where.postal_code } : {}) }
        : { country }),
      ...(appliedCode ? { discount_code: appliedCode } : {}),
    },
    lines.length > 0,
  );
  const q = quote.data;
  const unavailable = q?.lines.some((l) => !l.available) ?? false;

  // checkout_started (analytics): once per visit to this page with something in the cart.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || lines.length === 0) return;
    started.current = true;
    trackEvent('checkout_started', { lines: lines.length });
  }, [lines.length]);

  const placeOrder = usePlaceOrder();

  async function onSubmit(values: CheckoutFormOutput) {
    const body: CheckoutBody = {
      email: values.email,
      lines,
      shipping_address: ships ? values.shipping_address : null,
      shipping_method: ships ? values.shipping_method : null,
      // A PDF is taxed where its buyer lives (docs/decisions/133).
      ...(ships ? {} : { country }),
      // Paid in what the summary shows.
      currency: q?.currency ?? currency,
      ...(appliedCode ? { discount_code: appliedCode } : {}),
    };
    await place(body, (request) => placeOrder.mutateAsync(request), {
      onError: (err) => {
        if (apiErrorField(err) !== 'discount_code') return false;
        // "This code has been used up." (409 DISCOUNT_USED_UP): said under the code, which is taken off the order.
        setAppliedCode(undefined);
        setCodeError(err.message);
        codeField.current?.focus();
        return true;
      },
    });
  }

  if (lines.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-4xl font-semibold">Nothing to check out</h1>
        <p className="mt-3 text-lg text-ink-soft">
          {cancelled ? 'Your payment was cancelled and nothing was charged. ' : ''}Your cart is empty. Pick a certificate worth hanging first.
        </p>
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

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to={paths.cart} className="inline-flex items-center gap-1 text-sm font-semibold text-ink-soft hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to cart
      </Link>
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">Checkout</h1>
      {cancelled ? (
        <Notice className="mt-6" title="Payment cancelled">
          Nothing was charged. Your cart is just as you left it: check out again whenever you are ready.
        </Notice>
      ) : null}
      {q?.test_mode ? <TestModeNote className="mt-6" /> : null}

      {/* On a phone the summary folds away above the form, as the best checkouts do. */}
      <details className="mt-6 rounded-3xl border border-line bg-paper p-4 lg:hidden">
        <summary className="flex cursor-pointer items-center justify-between gap-3 font-semibold">
          <span>Show order summary</span>
          <span className="tabular-nums">{q ? formatMoney(q.total, q.currency) : ''}</span>
        </summary>
        <div className="mt-4">
          <CurrencySwitcher country={country} className="mb-4 flex" />
          <OrderSummary quote={q} loading={quote.isFetching} />
        </div>
      </details>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <Form form={form} onSubmit={onSubmit} className="grid gap-6" aria-label="Checkout">
          <CheckoutFields
            form={form}
            ships={ships}
            quote={q}
            emailDescription={user ? 'Your receipt and order updates go here.' : 'Your receipt and a link to follow your order go here. No account needed.'}
            emailDisabled={authLoading && !user}
            shippingNote={
              <p className="mt-3 text-sm text-muted">
                {standardPromise(q)}
                {q?.shipping_source === 'provider' ? ' Shipping is priced at our printer’s live rate for this address.' : ''}
              </p>
            }
            nothingToShip={<Notice title="Nothing to ship">Your order is digital only: you download it from your order page the moment it is paid.</Notice>}
          />

          <CheckoutSection step={stepAfterCheckoutFields(ships)} title="Discount code">
            {/* The button stays beside the input (under the label's line) when an error appears under the field. */}
            <div className="flex items-start gap-2">
              <TextField
                className="flex-1"
                label="Discount code"
                ref={codeField}
                value={codeInput}
                onChange={(e) => {
                  setCodeInput(e.target.value);
                  setCodeError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    applyCode();
                  }
                }}
                error={codeError ?? (appliedCode && q?.discount_error ? q.discount_error : undefined)}
                autoCapitalize="characters"
              />
              <Button type="button" variant="outline" className="mt-[1.625rem]" onClick={applyCode} disabled={!codeInput.trim()}>
                <Tag aria-hidden="true" /> Apply
              </Button>
            </div>
            {q?.discount ? (
              <p className="mt-2 text-sm font-medium text-emerald-800" role="status">
                {q.discount.code} applied: {q.discount.description}.{' '}
                <button type="button" className="underline" onClick={() => { setAppliedCode(undefined); setCodeInput(''); }}>
                  Remove
                </button>
              </p>
            ) : null}
          </CheckoutSection>

          <PlaceOrderFooter
            problem={problem}
            notices={
              unavailable ? (
                <Notice tone="error" title="Something in your cart can no longer be bought">
                  Remove it in your <Link to={paths.cart} className="font-semibold underline">cart</Link> to check out.
                </Notice>
              ) : null
            }
            quote={q}
            pending={placeOrder.isPending}
            disabled={unavailable || (appliedCode !== undefined && !!q?.discount_error)}
            testMode={!!q?.test_mode}
          />
        </Form>

        <aside aria-label="Order summary" className="hidden rounded-3xl border border-line bg-paper p-5 sm:p-6 lg:sticky lg:top-24 lg:block">
          <h2 className="font-display text-xl font-semibold">Order summary</h2>
          <CurrencySwitcher country={country} className="mt-3 flex" />
          <div className="mt-4">
            <OrderSummary quote={q} loading={quote.isFetching} />
          </div>
        </aside>
      </div>
    </div>
  );
}

/** Under the methods: the standard promise quoted for this address (its zone's, docs/decisions/131). */
function standardPromise(q: Quote | undefined): string {
  const standard = q?.shipping_methods.find((m) => m.id === 'standard');
  return standard ? `Printed, framed and tracked to your door. Standard arrives in ${standard.min_days}–${standard.max_days} business days.` : 'Printed, framed and tracked to your door.';
}
