import type { OrderStatus } from '@/contract/order-status';
import { cn } from '@/web/lib/utils';

/** An order's status as the API words it ("On its way · partly refunded"); the status word picks the colour. */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <span
      className={cn(
        // Long words ("On its way · partly refunded") may wrap in a narrow table column rather than push the table wide.
        'inline-flex max-w-full items-center rounded-xl px-2 py-0.5 text-xs font-semibold text-balance',
        (status === 'payment_failed' || status === 'cancelled') && 'bg-brand-100 text-brand-800',
        status === 'pending_payment' && 'bg-gold/30 text-ink',
        (status === 'refunded' || status === 'partially_refunded' || status === 'abandoned') && 'bg-paper-dark text-ink-soft',
        (status === 'paid' || status === 'in_production' || status === 'shipped' || status === 'delivered') && 'bg-emerald-100 text-emerald-900',
      )}
    >
      {label}
    </span>
  );
}
