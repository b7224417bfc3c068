import type { ShippingMethod } from '@/contract/shop';
import { formatMoney } from '@/web/lib/money';
import { cn } from '@/web/lib/utils';

/** Standard or express, each with its price and delivery promise (the shop's checkout and the funnel's). */
export function ShippingChoice({ methods, currency, value, onChange }: { methods: ShippingMethod[]; currency: string; value: string; onChange(id: 'standard' | 'express'): void }) {
  return (
    <fieldset>
      <legend className="sr-only">Shipping method</legend>
      <div className="grid gap-3">
        {methods.map((m) => (
          <label
            key={m.id}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-2xl border p-4 transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100',
              value === m.id ? 'border-ink bg-paper' : 'border-line hover:border-ink/50',
            )}
          >
            <input type="radio" name="shipping_method" value={m.id} checked={value === m.id} onChange={() => onChange(m.id)} className="size-4 accent-brand-600" />
            <span className="flex-1">
              <span className="block font-semibold">{m.label}</span>
              <span className="block text-sm text-ink-soft">
                {m.min_days}–{m.max_days} business days, tracked to the door
              </span>
            </span>
            <span className="font-semibold tabular-nums">{m.price === 0 ? 'Free' : formatMoney(m.price, currency)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
