import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { hrefs, paths } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { LoadingScreen } from '@/web/components/ui/spinner';
import { ApiRequestError } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth';
import { formatDate } from '@/contract/format';
import { useOrder } from '../api/get-order';
import { OrderDetails } from './order-details';
import { OrderSkeleton } from './order-skeleton';

function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-4xl font-semibold">We could not find that order</h1>
      <p className="mt-3 text-lg text-ink-soft">
        It may belong to another account, or the link is incomplete. Open it from your confirmation mail, or find it under your account.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.account} className={buttonVariants()}>
          My orders
        </Link>
        <Link to={paths.store} className={buttonVariants({ variant: 'secondary' })}>
          Go to the store
        </Link>
      </div>
    </section>
  );
}

/** /order/{orderId}: for its signed-in owner or an admin (spec §6), or anyone with the link from the confirmation mail. */
export function OrderPage({ orderId, token }: { orderId: string; token: string | null }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const signedOutWithoutLink = !token && !loading && !user;
  const order = useOrder(orderId, token);

  if (!token && loading) return <LoadingScreen />;
  if (signedOutWithoutLink || (order.error instanceof ApiRequestError && order.error.status === 401)) {
    return <Navigate to={hrefs.signIn(`${location.pathname}${location.search}`)} replace />;
  }
  if (order.isError) return <NotFound />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {user ? (
        <Link to={paths.account} className="inline-flex items-center gap-1 text-sm font-semibold text-ink-soft hover:text-ink">
          <ArrowLeft className="size-4" aria-hidden="true" /> My account
        </Link>
      ) : null}
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{order.data ? `Order ${order.data.number}` : 'Your order'}</h1>
      {order.data ? (
        <p className="mt-2 text-ink-soft">Placed {formatDate(order.data.created_at)}</p>
      ) : null}
      <div className="mt-8">{order.data ? <OrderDetails order={order.data} /> : <OrderSkeleton />}</div>
    </div>
  );
}
