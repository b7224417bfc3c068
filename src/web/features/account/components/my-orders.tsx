import { ChevronRight, FlaskConical, Package } from 'lucide-react';
import { Link } from 'react-router';
import { countOf, formatDate } from '@/contract/format';
import { hrefs, paths } from '@/contract/paths';
import { SIMULATED_FULFILMENT } from '@/web/components/layout/test-mode-note';
import { buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatMoney } from '@/web/lib/money';
import { useMyOrders } from '../api/get-my-orders';
import { Card } from './card';

/** "My orders" on /account: each order placed while signed in, with where it is, linking to its page. */
export function MyOrders() {
  const orders = useMyOrders();
  return (
    <Card title="My orders" lead="Printed and framed certificates you bought, and where each one is now.">
      {orders.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading your orders">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : orders.isError ? (
        <Notice tone="error" title="Your orders did not load">
          {orders.error.message}
        </Notice>
      ) : orders.data.orders.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl bg-paper p-5">
          <Package className="size-8 text-brand-700" aria-hidden="true" />
          <p className="text-ink-soft">No orders yet. Every certificate deserves a frame; some deserve a gold one.</p>
          <Link to={paths.store} className={buttonVariants({ size: 'sm' })}>
            Visit the store
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line" aria-label="Orders">
          {orders.data.orders.map((o) => (
            <li key={o.id}>
              <Link
                to={hrefs.order(o.id)}
                className="flex items-center gap-4 rounded-xl py-4 hover:bg-paper focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none sm:px-2"
                data-testid="my-order"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {o.number} <span className="font-normal text-ink-soft">· {o.status_label}</span>
                  </p>
                  <p className="text-sm text-muted">
                    {formatDate(o.created_at)} · {countOf(o.item_count, 'item', 'items')}
                  </p>
                  {o.test_mode ? (
                    <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-ink-soft">
                      <FlaskConical className="size-3.5 shrink-0 text-gold-dark" aria-hidden="true" /> Test mode: {SIMULATED_FULFILMENT.toLowerCase()}.
                    </p>
                  ) : null}
                </div>
                <p className="font-semibold tabular-nums">{formatMoney(o.total, o.currency)}</p>
                <ChevronRight className="size-4 text-muted" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
