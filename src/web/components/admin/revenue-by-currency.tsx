import { Coins } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { AnalyticsCurrencyRevenue } from '@/contract/analytics';
import { countOf } from '@/contract/format';
import { cn } from '@/web/lib/utils';
import { formatMoney } from '@/web/lib/money';

/**
 * Revenue in each currency the shop sold in (docs/decisions/134), its own first — the dashboard's period and the
 * analytics report's range alike. Each amount stays in its currency with the code beside it ("$" alone could be US,
 * Canadian or Australian): the shop has no exchange rates, so there is no total across them. The pages show it only
 * when another currency than the shop's sold: else their Revenue card says it. `note`: a page's own last words.
 */
export function RevenueByCurrency({ rows, own, note, className, testId }: { rows: readonly AnalyticsCurrencyRevenue[]; own: string; note?: ReactNode; className?: string; testId: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('rounded-2xl border border-line bg-white p-4 shadow-card', className)} data-testid={testId}>
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-ink-soft">
        <Coins className="size-4 text-brand-600" aria-hidden="true" />
        Revenue by currency
      </h2>
      <p className="mt-1 text-xs text-muted">
        Paid less refunds, each currency on its own: without exchange rates they are not added up.{note ? <> {note}</> : null}
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
