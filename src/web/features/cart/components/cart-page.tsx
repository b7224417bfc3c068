import { CurrencySwitcher } from '@/web/components/shop/currency-switcher';
import { useCurrency } from '@/web/lib/currency';
import { FlaskConical, Lock, ShoppingCart, Truck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/contract/paths';
import type { CartLineInput, QuotedLine } from '@/contract/shop';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { usePreloadCartEngine, useCart, type CartItem } from '@/web/lib/cart';
import { toLineInput, toLineInputs } from '@/web/lib/cart-rules';
import { formatMoney } from '@/web/lib/money';
import { useCartQuote } from '../api/use-cart-quote';
import { CartLine } from './cart-line';

/** How long the cart waits after a quantity change before asking for new prices. */
const REPRICE_DELAY_MS = 300;

/** A line's identity for matching a quoted line to it: what is bought and what is printed. */
const keyOf = (line: CartLineInput) =>
  JSON.stringify([
    line.variant_id,
    line.design.award_id,
    line.design.template_id ?? null,
    (line.design.recipient_name ?? '').trim(),
    line.design.share_id ?? null,
  ]);

function EmptyCart() {
  return (
    <div className="mx-auto max-w-xl rounded-3xl border border-line bg-white p-8 text-center shadow-card sm:p-12">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <ShoppingCart className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-5 font-display text-2xl font-semibold">Your cart is empty</h2>
      <p className="mt-2 text-ink-soft">
        No certificates awaiting the print room. Pick an award, put a name on it, and choose a frame worthy of the
        achievement.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.store} className={buttonVariants()}>
          Visit the store
        </Link>
        <Link to={paths.gallery} className={buttonVariants({ variant: 'secondary' })}>
          Browse the awards
        </Link>
      </div>
    </div>
  );
}

function ClearCartDialog({ open, onOpenChange, onConfirm }: { open: boolean; onOpenChange(open: boolean): void; onConfirm(): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Empty your cart?</DialogTitle>
        <DialogDescription className="mt-2 text-base text-ink-soft">
          Every certificate in it is taken out. The certificates themselves stay where they are; only the cart is emptied.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} autoFocus>
            Keep them
          </Button>
          <Button onClick={onConfirm}>Empty the cart</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** /cart — the lines with today's prices, quantities, remove and clear, the totals and the way to checkout. */
export function CartPage() {
  usePreloadCartEngine();
  const cart = useCart();
  const [confirming, setConfirming] = useState(false);
  const lines = useDebouncedValue(toLineInputs(cart.items), REPRICE_DELAY_MS);
  const { currency: shopperCurrency } = useCurrency();
  const priced = useCartQuote(lines, shopperCurrency);
  const quote = priced.data?.quote;

  const quotedByKey = useMemo(() => {
    const map = new Map<string, QuotedLine>();
    priced.data?.lines.forEach((l, n) => {
      const q = priced.data!.quote.lines[n];
      if (q) map.set(keyOf(l), q);
    });
    return map;
  }, [priced.data]);
  const quotedOf = (item: CartItem) => {
    const l = toLineInput(item);
    return l ? quotedByKey.get(keyOf(l)) : undefined;
  };

  const currency = quote?.currency ?? cart.items.find((i) => typeof i.currency === 'string')?.currency ?? 'USD';
  const money = (n: number) => formatMoney(n, currency);
  const unavailable = cart.items.filter((i) => quotedOf(i)?.available === false);
  const upToDate = priced.isSuccess && !priced.isPlaceholderData && cart.items.every((i) => quotedOf(i) !== undefined);
  const subtotal = upToDate
    ? cart.items.reduce((s, i) => {
        const q = quotedOf(i)!;
        return q.available ? s + q.unit_price * i.quantity : s;
      }, 0)
    : null;
  const canCheckout = cart.items.length > 0 && unavailable.length === 0 && toLineInputs(cart.items).length === cart.items.length;
  const standard = quote?.shipping_methods.find((m) => m.id === 'standard');
  const express = quote?.shipping_methods.find((m) => m.id === 'express');

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Awaiting the print room</p>
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">Your Cart</h1>
        {cart.items.length > 0 ? (
          <p className="mt-3 text-lg text-ink-soft">
            {cart.totalItems} {cart.totalItems === 1 ? 'item' : 'items'}, ready when you are.
          </p>
        ) : null}
      </header>

      <div className="mt-8">
        {cart.items.length === 0 ? (
          <EmptyCart />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
            <section aria-labelledby="cart-items-heading">
              <h2 id="cart-items-heading" className="sr-only">
                Items in your cart
              </h2>
              {priced.isError ? (
                <Notice tone="error" title="Prices could not be checked just now" className="mb-4">
                  <p>The prices shown are those from when you added each item. Checkout checks them again before you pay.</p>
                  <Button size="sm" variant="outline" className="mt-3" onClick={() => void priced.refetch()}>
                    Check again
                  </Button>
                </Notice>
              ) : null}
              <ul className="grid gap-4">
                {cart.items.map((item) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    quoted={quotedOf(item)}
                    pricing={priced.isFetching}
                    currency={currency}
                    onQuantity={(n) => cart.updateQuantity(item.id, n)}
                    onRemove={() => {
                      cart.removeItem(item.id);
                      toast({ title: 'Removed from your cart', description: `${item.productName ?? 'Item'}: ${item.awardTitle ?? 'certificate'}` });
                    }}
                  />
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <Link to={paths.store} className={buttonVariants({ variant: 'link', size: 'sm' })}>
                  Keep shopping
                </Link>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                  Empty the cart
                </Button>
              </div>
            </section>

            <aside aria-labelledby="cart-summary-heading" className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6 lg:sticky lg:top-24">
              <h2 id="cart-summary-heading" className="font-display text-2xl font-semibold">
                Order summary
              </h2>
              <CurrencySwitcher className="mt-3 flex" />
              <dl className="mt-4 grid gap-2 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-soft">Items</dt>
                  <dd className="font-semibold tabular-nums" data-testid="cart-total-items">
                    {cart.totalItems}
                  </dd>
                </div>
                <div className="flex justify-between gap-4 border-t border-line pt-2 text-base">
                  <dt className="font-semibold">Subtotal</dt>
                  <dd className="font-display text-xl font-semibold tabular-nums" data-testid="cart-subtotal">
                    {subtotal !== null ? (
                      money(subtotal)
                    ) : (
                      <span className="text-sm font-normal text-muted" role="status">
                        Checking prices…
                      </span>
                    )}
                  </dd>
                </div>
              </dl>
              {quote?.requires_shipping !== false ? (
                <p className="mt-4 flex items-start gap-2 text-sm text-ink-soft">
                  <Truck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>
                    Shipping is added at checkout: standard, 7–14 business days
                    {standard ? ` (${money(standard.price)})` : ''}, or express{express ? ` (${money(express.price)})` : ''}. Ships worldwide.
                  </span>
                </p>
              ) : (
                <p className="mt-4 text-sm text-ink-soft">Nothing to ship: your PDF is ready to download the moment you pay.</p>
              )}
              {unavailable.length > 0 ? (
                <p className="mt-4 rounded-2xl bg-brand-50 p-3 text-sm font-semibold text-brand-800" role="status">
                  {unavailable.length === 1 ? 'One item is' : `${unavailable.length} items are`} no longer available. Remove{' '}
                  {unavailable.length === 1 ? 'it' : 'them'} to check out; nothing unavailable is ever charged.
                </p>
              ) : null}
              {canCheckout ? (
                <Link to={paths.checkout} className={`${buttonVariants({ size: 'lg' })} mt-5 w-full`}>
                  <Lock aria-hidden="true" /> Checkout
                </Link>
              ) : (
                <Button size="lg" className="mt-5 w-full" disabled>
                  <Lock aria-hidden="true" /> Checkout
                </Button>
              )}
              {quote?.test_mode ? (
                <p className="mt-3 flex items-center justify-center gap-1.5 text-xs font-semibold text-gold-dark">
                  <FlaskConical className="size-3.5" aria-hidden="true" /> Test mode: no real payments
                </p>
              ) : null}
              <p className="mt-3 text-center text-xs text-muted">Taxes and shipping are worked out at checkout, before you pay.</p>
            </aside>
          </div>
        )}
      </div>
      <ClearCartDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => {
          cart.clearCart();
          setConfirming(false);
          toast({ title: 'Your cart is empty', description: 'Everything was taken out.' });
        }}
      />
    </div>
  );
}
