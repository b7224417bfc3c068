import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { isPaidPayment } from '@/contract/order-status';
import { hrefs, paths } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { trackEvent } from '@/web/lib/analytics';
import { useCart } from '@/web/lib/cart';
import { useOrder } from '../api/get-order';
import { OrderDetails } from './order-details';
import { OrderSkeleton } from './order-skeleton';
import { deliveryDays } from '@/web/lib/site-settings';
import { deliveryDaysOf } from '@/contract/shop-constants';

const completedOrders = new Set<string>();

/** /order/success?order=…&token=…: the receipt after paying. It works after a reload (the link carries the order). */
export function OrderSuccessPage({ orderId, token }: { orderId: string | null; token: string | null }) {
  if (!orderId || !token) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-4xl font-semibold">No order to show here</h1>
        <p className="mt-3 text-lg text-ink-soft">This page shows an order right after it is paid. Your orders are under your account, and each confirmation mail links to its order.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.account} className={buttonVariants()}>
            My account
          </Link>
          <Link to={paths.store} className={buttonVariants({ variant: 'secondary' })}>
            Go to the store
          </Link>
        </div>
      </section>
    );
  }
  return <Receipt orderId={orderId} token={token} />;
}

function Receipt({ orderId, token }: { orderId: string; token: string }) {
  const order = useOrder(orderId, token);
  const { clearCart } = useCart();
  // The payment went through (whatever has happened since): what the receipt page waits for.
  const paid = order.data ? isPaidPayment(order.data.states.payment) : false;
  // The cart has become this order: empty it once the payment is confirmed (a declined card keeps it).
  useEffect(() => {
    if (paid) clearCart();
  }, [paid, clearCart]);
  // Once per order on this page, however often it re-renders (a reload records it again; the server counts orders itself).
  useEffect(() => {
    if (!paid || completedOrders.has(orderId)) return;
    completedOrders.add(orderId);
    trackEvent('order_completed', { order_id: orderId });
  }, [paid, orderId]);

  if (order.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-4xl font-semibold">We could not find that order</h1>
        <p className="mt-3 text-lg text-ink-soft">The link may be incomplete. Your confirmation mail has a link to your order.</p>
      </section>
    );
  }
  const o = order.data;
  const ships = o?.lines.some((l) => l.requires_shipping) ?? true;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="rounded-3xl bg-ink p-6 text-white sm:p-10">
        <PartyPopper className="size-10 text-gold" aria-hidden="true" />
        <h1 className="mt-4 font-display text-4xl font-semibold sm:text-5xl">
          {paid ? 'Thank you! Your order is in.' : o && o.status !== 'pending_payment' ? o.status_label : 'Confirming your payment…'}
        </h1>
        {o ? (
          <div className="mt-4 grid gap-2 text-lg text-white/85">
            <p>
              Order number <strong className="text-white" data-testid="order-number">{o.number}</strong>.{' '}
              {paid || o.status === 'pending_payment' ? (
                <>
                  A receipt {paid ? 'is on its way' : 'will go'} to <strong className="break-all text-white">{o.email}</strong>.
                </>
              ) : (
                'Nothing was charged.'
              )}
            </p>
            {paid ? (
              <p>
                {!ships
                  ? 'Your certificate is ready: download the PDF below.'
                  : o.payment.test_mode
                    ? 'What happens next, in test mode: the built-in print shop acts out printing, framing and shipping (nothing is printed or posted), and we mail you its made-up tracking number.'
                    : `What happens next: the print room prints and frames it, then it ships. Expect it within ${deliveryDaysOf(o.shipping_label) ?? deliveryDays()} business days. We will mail you the tracking number.`}
              </p>
            ) : o.status === 'pending_payment' ? (
              <p className="flex items-center gap-2">
                <span className="size-5 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden="true" /> Waiting for the payment provider to confirm. This usually takes a few seconds.
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={hrefs.order(orderId, token)} className={buttonVariants({ variant: 'gold' })}>
            Follow your order
          </Link>
          <Link to={paths.gallery} className={buttonVariants({ variant: 'ghostOnDark' })}>
            Find another award
          </Link>
        </div>
      </div>
      <div className="mt-8">{o ? <OrderDetails order={o} /> : <OrderSkeleton />}</div>
    </div>
  );
}
