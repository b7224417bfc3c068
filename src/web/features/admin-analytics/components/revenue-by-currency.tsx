import { Coins } from 'lucide-react';
import type { AnalyticsReport } from '@/contract/analytics';
import { countOf } from '@/contract/format';
import { formatMoney } from '@/web/lib/money';

/**
 * The range's revenue in each currency the shop sold in (docs/decisions/134), its own first. Each amount stays in its
 * currency with the code beside it ("$" alone could be US, Canadian or Australian): the shop has no exchange rates, so
 * there is no total across them. Shown only when another currency than the shop's sold: else the Revenue card says it.
 */
export function RevenueByCurrency({ rows, own }: { rows: AnalyticsReport['revenue_by_currency']; own: string }) {
  return (
    <section aria-labelledby="revenue-by-currency-title" className="rounded-2xl border border-line bg-white p-4 shadow-card" data-testid="revenue-by-currency">
      <h2 id="revenue-by-currency-title" className="flex items-center gap-2 text-sm font-semibold text-ink-soft">
        <Coins className="size-4 text-brand-600" aria-hidden="true" />
        Revenue by currency
      </h2>
      <p className="mt-1 text-xs text-muted">
        Paid less refunds, each currency on its own: without exchange rates they are not added up. The revenue CSV has every currency, day by day.
      </p>
      <ul className="mt-2 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-4">
        {rows.map((r) => (
          <li key={r.currency} className="flex items-baseline justify-between gap-3 border-b border-line py-2 last:border-b-0 sm:border-b-0">
            <span className="font-semibold">
              {r.currency}
              {r.currency === own ? <span className="font-normal text-muted"> (the shop&apos;s)</span> : null}
            </span>
            <span className="text-right tabular-nums">
              <span className="font-semibold">{formatMoney(r.revenue, r.currency)}</span>
              <span className="text-muted">, {countOf(r.orders, 'order', 'orders')}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
