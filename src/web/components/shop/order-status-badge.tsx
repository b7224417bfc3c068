import { ORDER_STATUS_TONES, type OrderStatus, type OrderStatusTone } from '@/contract/order-status';
import { cn } from '@/web/lib/utils';

const TONE: Record<'sm' | 'md', Record<OrderStatusTone, string>> = {
  sm: {
    trouble: 'bg-brand-100 text-brand-800',
    waiting: 'bg-gold/30 text-ink',
    closed: 'bg-paper-dark text-ink-soft',
    good: 'bg-emerald-100 text-emerald-900',
  },
  md: {
    trouble: 'bg-brand-50 text-brand-800 ring-brand-600/30',
    waiting: 'bg-gold/20 text-ink ring-gold-dark/40',
    closed: 'bg-paper-dark text-ink ring-ink/20',
    good: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  },
};

/**
 * An order's status as the API words it ("On its way · partly refunded"), coloured by its status word
 * (ORDER_STATUS_TONES): small in the admin's lists and sheet, larger on the customer's order page.
 */
export function OrderStatusBadge({ status, label, size = 'sm' }: { status: OrderStatus; label: string; size?: 'sm' | 'md' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center font-semibold',
        size === 'sm'
          ? // Long words ("On its way · partly refunded") may wrap in a narrow table column rather than push the table wide.
            'max-w-full rounded-xl px-2 py-0.5 text-xs text-balance'
          : 'rounded-full px-3 py-1 text-sm ring-1',
        TONE[size][ORDER_STATUS_TONES[status]],
      )}
    >
      {label}
    </span>
  );
}
