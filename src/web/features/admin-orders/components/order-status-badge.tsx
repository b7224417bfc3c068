import type { OrderStatus } from '@/contract/shop';
import { ORDER_STATUS_LABELS } from '@/contract/shop-constants';
import { cn } from '@/web/lib/utils';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        (status === 'payment_failed' || status === 'cancelled') && 'bg-brand-100 text-brand-800',
        status === 'pending_payment' && 'bg-gold/30 text-ink',
        (status === 'refunded' || status === 'partially_refunded') && 'bg-paper-dark text-ink-soft',
        ['paid', 'in_production', 'shipped', 'delivered'].includes(status) && 'bg-emerald-100 text-emerald-900',
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
