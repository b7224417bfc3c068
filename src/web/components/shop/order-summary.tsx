import { taxRows } from '@/contract/format';
import type { Quote } from '@/contract/shop';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatMoney } from '@/web/lib/money';

/** The right-hand column of checkout: what is bought and what it costs, as the server priced it. */
export function OrderSummary({ quote, loading }: { quote: Quote | undefined; loading: boolean }) {
  if (!quote) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading the order summary">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  const money = (n: number) => formatMoney(n, quote.currency);
  const rows: [string, string, string?][] = [['Subtotal', money(quote.subtotal)]];
  if (quote.discount) rows.push([`Discount (${quote.discount.code}, ${quote.discount.description})`, `−${money(quote.discount.amount)}`, 'text-emerald-800']);
  if (quote.requires_shipping) {
    const method = quote.shipping_methods.find((m) => m.id === quote.shipping_method);
    rows.push([method ? `Shipping (${method.label})` : 'Shipping', method ? money(quote.shipping_total) : 'Choose a method']);
  }
  const taxes = taxRows(quote);
  for (const t of taxes.before) rows.push([t.label, money(t.amount)]);
  return (
    <div aria-busy={loading} className={loading ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
      <ul className="grid gap-3" aria-label="Items">
        {quote.lines.map((l, i) => (
          <li key={`${l.variant_id}-${i}`} className="flex items-start gap-3">
            <div className="relative shrink-0">
              {l.image_url ? <img src={l.image_url} alt="" width={56} height={56} className="size-14 rounded-lg border border-line bg-white object-cover" /> : <div className="size-14 rounded-lg bg-paper-dark" />}
              <span className="absolute -top-2 -right-2 flex size-5 items-center justify-center rounded-full bg-ink text-xs font-bold text-white" aria-label={`Quantity ${l.quantity}`}>
                {l.quantity}
              </span>
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold text-ink">{l.design?.award_title ?? l.product_name}</p>
              <p className="text-ink-soft">
                {l.product_name}
                {l.variant_name ? ` · ${l.variant_name}` : ''}
              </p>
              {l.design?.recipient_name ? <p className="text-muted">For {l.design.recipient_name}</p> : null}
              {!l.available ? <p className="font-medium text-brand-700">{l.unavailable_reason}</p> : null}
            </div>
            <p className="text-sm font-semibold tabular-nums">{money(l.line_total)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-5 grid gap-2 border-t border-line pt-4 text-sm">
        {rows.map(([label, value, cls]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-ink-soft">{label}</dt>
            <dd className={`tabular-nums ${cls ?? ''}`}>{value}</dd>
          </div>
        ))}
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-line pt-3">
          <dt className="text-base font-semibold">Total</dt>
          <dd className="font-display text-2xl font-semibold tabular-nums">
            <span className="mr-1.5 align-middle text-xs font-sans font-medium text-muted">{quote.currency}</span>
            {money(quote.total)}
          </dd>
        </div>
        {taxes.after.map((t) => (
          <div key={t.label} className="flex justify-between gap-4 text-xs text-muted">
            <dt>{t.label}</dt>
            <dd className="tabular-nums">{money(t.amount)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
